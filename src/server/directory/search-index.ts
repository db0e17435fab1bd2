import * as pagefind from 'pagefind';
import { dateOverview } from '../../lib/directory/date-overview.ts';
import { marketsOf, type Directory } from '../../lib/directory/directory.ts';
import { dateSpanInWords, dayFormatter } from '../../lib/directory/format.ts';
import { districtNameOf, stateNameOf } from '../../lib/directory/names.ts';
import { translator } from '../../lib/i18n.ts';
import { LOCALES, localizedPath } from '../../lib/languages.ts';
import { shownTextsOf } from '../../lib/market-fields.ts';
import { viennaDay } from '../../lib/market-rules.ts';
import { compoundParts } from './compound-parts.ts';

/** One file of the search index, by its path below `/pagefind/` (or below a part's folder). */
export type SearchFile = { path: string; content: Uint8Array };

/** What the index holds of each market page: the publisher compares them to skip an unchanged index. */
export type SearchRecord = pagefind.CustomRecord;

/** A market page's record in one language; the market decides which part of the index holds it (search-parts.ts). */
export interface MarketSearchRecord {
  marketId: string;
  record: SearchRecord;
}

/**
 * The directory search (Pagefind) works in the browser alone: one index per language with a
 * record per market page, filterable by market type and state (codes, so the filters do not
 * depend on the language). Each result shows the market's next date (issue 19): the publisher
 * makes the index again when the day changes.
 */
export function searchRecords(
  directory: Directory,
  today = viennaDay(new Date()),
  remembered?: Remembered,
): MarketSearchRecord[] {
  return LOCALES.flatMap((locale) => {
    const t = translator(locale);
    const day = dayFormatter(locale, { year: 'numeric' });
    return [...marketsOf(directory)].map(({ state, district, municipality, market }): MarketSearchRecord => {
      const make = (): SearchRecord => {
        const stateName = stateNameOf(state.code, t);
        const place = `${municipality.postcode} ${municipality.name}`;
        const words = [
          market.title,
          t(`market.type.${market.type}`),
          ...Object.values(shownTextsOf(market)),
          place,
          districtNameOf(district.name),
          stateName,
        ].join('\n');
        const next = dateOverview(market, today).next;
        return {
          url: localizedPath(market.path, locale),
          language: locale,
          // German compounds' parts as words of their own: "markt" finds "Bauernmarkt" (compound-parts.ts).
          content: `${words}\n${compoundParts(words).join(' ')}`,
          meta: {
            title: market.title,
            place: `${place} · ${stateName}`,
            type: t(`market.type.${market.type}`),
            ...(next ? { next: t('search.nextDate', { date: dateSpanInWords(next.date, day) }) } : {}),
          },
          filters: { type: [market.type], state: [String(state.code)] },
        };
      };
      const key = remembered && `${locale}|${remembered.versionOf(market.path)}`;
      return { marketId: market.id, record: key ? remembered.records.recordOf(key, make) : make() };
    });
  });
}

/** Records of earlier publishes by language and market page version, and how to find a page's version. */
export interface Remembered {
  records: RememberedRecords;
  /** The market page's version (page-versions.ts): it covers everything a record holds, today included. */
  versionOf: (path: string) => string;
}

/**
 * Search records kept from one publish to the next (issue 18): a market page whose version stayed
 * keeps its record, so a publish makes records only for what changed (at Austria scale all 18,000
 * took 0.3 s of the server's one thread, 1–2 s under load, in one block).
 */
export class RememberedRecords {
  private kept = new Map<string, SearchRecord>();
  private used = new Map<string, SearchRecord>();

  recordOf(key: string, make: () => SearchRecord): SearchRecord {
    const record = this.used.get(key) ?? this.kept.get(key) ?? make();
    this.used.set(key, record);
    return record;
  }

  /** After a publish: what it did not use is forgotten. */
  settle(): void {
    this.kept = this.used;
    this.used = new Map();
  }
}

/** Pagefind runs one indexing process per Node process: closing it ends every index under way, so one at a time. */
let indexing: Promise<unknown> = Promise.resolve();

/** An index's files, made in memory: the portal serves them from there (publisher.ts), the static build writes them. */
export function searchIndexFiles(records: readonly SearchRecord[]): Promise<SearchFile[]> {
  const files = indexing.then(() => indexFiles(records));
  indexing = files.catch(() => {});
  return files;
}

/** Pagefind's ready-made interfaces: public/js/search.js is the directory's own, so they are not served. */
const UNUSED = /^pagefind-(ui|modular-ui|component-ui|highlight)\./;

async function indexFiles(records: readonly SearchRecord[]): Promise<SearchFile[]> {
  // Fragments bundled by the few hundred per language: 17,500 files (one per page and language at
  // Austria scale) took Pagefind 2 s to write and the portal's memory a map of them (issue 17).
  const { index, errors } = await pagefind.createIndex({ maxFragments: 300 });
  try {
    if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
    // All at once: one at a time waits for the indexing process's answer to each (issue 17: 18,000 at Austria scale).
    const added = await Promise.all(records.map((record) => index.addCustomRecord(record)));
    const failed = added.flatMap((answer) => answer.errors);
    if (failed.length > 0) throw new Error(`Pagefind: ${failed.join('; ')}`);
    const built = await index.getFiles();
    if (built.errors.length > 0) throw new Error(`Pagefind: ${built.errors.join('; ')}`);
    return built.files.filter((file) => !UNUSED.test(file.path));
  } finally {
    await pagefind.close();
  }
}
