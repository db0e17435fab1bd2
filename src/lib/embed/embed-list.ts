import type { DirectoryDate, DirectoryMarket } from '../directory/directory.ts';
import { comingDatesOf } from '../directory/next-date.ts';
import type { MarketType } from '../market.ts';
import type { EmbedFilters } from './embed-query.ts';

/** One market of an embedded list. */
export interface EmbedEntry {
  title: string;
  /** Its directory page, without a language prefix. */
  path: string;
  type: MarketType;
  next: DirectoryDate | null;
  cancelledBefore: DirectoryDate | null;
}

/**
 * A municipality's published markets as its website shows them: the filtered ones, the soonest
 * first (a website's visitor asks "what is on next?"), those without a coming date last, by title.
 */
export function embedEntries(
  markets: readonly DirectoryMarket[],
  { types, count }: EmbedFilters,
  today: string,
): EmbedEntry[] {
  const entries = markets
    .filter((market) => types.length === 0 || types.includes(market.type))
    .map((market) => ({
      title: market.title,
      path: market.path,
      type: market.type,
      ...comingDatesOf(market.dates, today),
    }))
    .sort(
      (a, b) =>
        (a.next?.date_start ?? '9999').localeCompare(b.next?.date_start ?? '9999') ||
        a.title.localeCompare(b.title, 'de'),
    );
  return count === null ? entries : entries.slice(0, count);
}
