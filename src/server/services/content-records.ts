import { LANGUAGE_IDS, LOCALES } from '../../lib/languages.ts';
import type { MarketDateRecord, MarketRecord } from '../../lib/market.ts';
import type { Published, PublishedDate, PublishedStep } from '../db/published.ts';
import { labelsIn } from './content-labels.ts';
import type { ContentDelta } from './content-steps.ts';

export type ContentKind = 'dates' | 'markets';

/** The groups of an answer: one for dates; one per language id for markets, each holding every market. */
export const GROUP_KEYS: Record<ContentKind, readonly string[]> = {
  dates: [''],
  markets: LOCALES.map((locale) => String(LANGUAGE_IDS[locale])),
};

/** One record of an answer: its municipality and its JSON member (`"<id>":{…}`) in each group. */
export interface ContentRecord {
  id: string;
  gkz: string;
  members: readonly string[];
}

const member = (record: { id: string }) => `${JSON.stringify(record.id)}:${JSON.stringify(record)}`;

export function dateRecord(date: MarketDateRecord, gkz: string): ContentRecord {
  return { id: date.id, gkz, members: [member(date)] };
}

const LABELS = LOCALES.map((locale) => labelsIn(locale));

/** A market stands in every language group, with its labels in that group's language. */
export function marketRecord(market: MarketRecord): ContentRecord {
  return { id: market.id, gkz: market.gkz, members: LABELS.map((label) => member(label(market))) };
}

/**
 * A snapshot's records as the content answers write them, made once per record: a publish keeps
 * the records it did not read again (db/published.ts), so only those it read are written anew.
 */
const madeOf = new WeakMap<MarketRecord | PublishedDate, ContentRecord>();

function marketOf(market: MarketRecord): ContentRecord {
  let record = madeOf.get(market);
  if (!record) madeOf.set(market, (record = marketRecord(market)));
  return record;
}

function dateOf(date: PublishedDate, gkzOf: ReadonlyMap<string, string>): ContentRecord {
  let record = madeOf.get(date);
  if (!record) {
    // The content calls' dates are the records of api.md: the day a changed date replaces is the directory's.
    const shown: MarketDateRecord & { replaces_date?: string | null } = { ...date };
    delete shown.replaces_date;
    madeOf.set(date, (record = dateRecord(shown, gkzOf.get(date.wko_market_id) ?? '')));
  }
  return record;
}

const gkzOfMarkets = (published: Published) => new Map(published.markets.map((market) => [market.id, market.gkz]));

/** The public records of one answer in a snapshot, in the snapshot's order (the same in every process). */
export function publishedRecords(published: Published, kind: ContentKind): ContentRecord[] {
  if (kind === 'markets') return published.markets.map(marketOf);
  const gkzOf = gkzOfMarkets(published);
  return published.dates.map((date) => dateOf(date, gkzOf));
}

/** What the publisher read again for a snapshot (db/published.ts), as a delta of one answer. */
export function stepRecords(published: Published, kind: ContentKind, step: PublishedStep): ContentDelta {
  if (kind === 'markets') return { changed: step.markets.map(marketOf), deletedIds: step.goneMarketIds };
  const gkzOf = step.dates.length > 0 ? gkzOfMarkets(published) : new Map<string, string>();
  return { changed: step.dates.map((date) => dateOf(date, gkzOf)), deletedIds: step.goneDateIds };
}

/**
 * An answer as UTF-8: `{"data":{"wko_market_dates":{…}}}`, or the markets by language group, with
 * `deletedIds` for a delta. Each record's member is written straight into the answer's buffer:
 * joining 29 MB of strings first held the server's thread about 0.3 s at Austria scale, and
 * keeping every member as bytes beside its text held 40 MB more (issue 50).
 */
export function answerBytes(
  kind: ContentKind,
  records: readonly ContentRecord[],
  deletedIds?: readonly string[],
): Buffer {
  const pieces: string[] = [`{"data":{"${kind === 'dates' ? 'wko_market_dates' : 'wko_markets'}":`];
  GROUP_KEYS[kind].forEach((key, group) => {
    if (kind === 'markets') pieces.push(`${group === 0 ? '{' : ','}${JSON.stringify(key)}:`);
    pieces.push('{');
    records.forEach((record, index) => {
      if (index > 0) pieces.push(',');
      pieces.push(record.members[group]!);
    });
    pieces.push('}');
  });
  if (kind === 'markets') pieces.push('}');
  if (deletedIds) pieces.push(`,"deleted_ids":${JSON.stringify(deletedIds)}`);
  pieces.push('}}');
  let length = 0;
  for (const piece of pieces) length += Buffer.byteLength(piece);
  const bytes = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const piece of pieces) offset += bytes.write(piece, offset);
  return bytes;
}
