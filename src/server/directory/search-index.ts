import { startThread } from '../thread.ts';
import type * as pagefind from 'pagefind';
import { dateOverview } from '../../lib/directory/date-overview.ts';
import { type Directory } from '../../lib/directory/directory.ts';
import { marketsOf } from '../../lib/directory/listing.ts';
import { dateSpanInWords, dayFormatter } from '../../lib/directory/format.ts';
import { districtNameOf, stateNameOf } from '../../lib/directory/names.ts';
import { translator } from '../../lib/i18n.ts';
import { LOCALES, localizedPath } from '../../lib/languages.ts';
import { shownTextsOf } from '../../lib/market-fields.ts';
import { viennaDay } from '../../lib/market-rules.ts';
import { compoundParts } from './compound-parts.ts';
import type { IndexAnswer, IndexAsk } from './search-index-worker.ts';

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
      const record = remembered
        ? remembered.records.recordOf(locale, market, remembered.versionOf(market.path), make)
        : make();
      return { marketId: market.id, record };
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
 * took 0.3 s of the server's one thread, 1–2 s under load, in one block). They are kept with the
 * market, the same object while unchanged (buildDirectory), not by a key written out for each of
 * the 18,000 (that alone took 15 ms a publish).
 */
export class RememberedRecords {
  private byLocale = new Map<string, WeakMap<object, { version: string; record: SearchRecord }>>();

  recordOf(locale: string, market: object, version: string, make: () => SearchRecord): SearchRecord {
    let kept = this.byLocale.get(locale);
    if (!kept) this.byLocale.set(locale, (kept = new WeakMap()));
    const last = kept.get(market);
    if (last?.version === version) return last.record;
    const record = make();
    kept.set(market, { version, record });
    return record;
  }
}

/** Pagefind runs one indexing process per thread: closing it ends every index under way, so one at a time. */
let indexing: Promise<unknown> = Promise.resolve();

/** Writes the index of `records` to `folder`, whole (search-index-worker.ts); one index at a time. */
export function writeSearchPart(records: SearchRecord[], folder: string): Promise<void> {
  const written = indexing.then(() => indexOnItsThread({ records, folder }));
  indexing = written.catch(() => {});
  return written;
}

/**
 * The thread that indexes (search-index-worker.ts) is started for each index and ended after it:
 * kept idle between two, it held about 120 MB of the portal's memory (issue 50).
 */
function indexOnItsThread(ask: IndexAsk): Promise<void> {
  const worker = startThread(new URL('./search-index-worker.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const done = () => {
      worker.off('message', answered).off('error', failed).off('exit', stopped);
      void worker.terminate();
    };
    const answered = (answer: IndexAnswer) => {
      done();
      if ('error' in answer) reject(new Error(answer.error));
      else resolve();
    };
    const failed = (error: Error) => {
      done();
      reject(error);
    };
    const stopped = (code: number) => failed(new Error(`The search index's thread stopped (exit code ${code})`));
    worker.on('message', answered).on('error', failed).on('exit', stopped);
    worker.postMessage(ask);
  });
}
