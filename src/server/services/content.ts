import { translator } from '../../lib/i18n.ts';
import { LANGUAGE_IDS, LOCALES, type Locale } from '../../lib/languages.ts';
import { DIRECTORY_START, type ContentMarket, type MarketDateRecord, type MarketRecord } from '../../lib/market.ts';
import { compressedBody, type CompressedBody } from '../compression/compressed-body.ts';
import type { Database } from '../db/database.ts';
import { municipalityOfMarkets } from '../db/queries/market-ids.ts';
import {
  contentVersion,
  listMarketDatesOf,
  listMarketsOf,
  listVisibleMarketDates,
  listVisibleMarkets,
} from '../db/queries/markets.ts';

export type ContentKind = 'dates' | 'markets';

export interface ContentAnswer {
  etag: string;
  /**
   * The JSON of `{"data": …}` as UTF-8; a public one is encoded once per content version (Austria
   * scale: 17 MB) and gzipped when first asked for (under 3 MB), off the event loop.
   */
  body: CompressedBody;
}

/** What a content call answers: its ETag now, and the body only when the client needs it. */
export interface ContentLookup {
  etag: string;
  answer: () => Promise<ContentAnswer>;
}

/** How long a check of the content version holds for changes made by other server processes. */
const CHECKED_FOR_MS = 1000;

/** One record of an answer as its JSON member (`"<id>":{…}`), with the municipality it belongs to. */
interface Member {
  gkz: string;
  json: string;
}
/** An answer in pieces: its groups of members (one for dates; one per language for markets). */
type Groups = Array<[key: string, members: Member[]]>;

interface HeldAnswer {
  version: string;
  answer: ContentAnswer;
  groups: Groups;
  checkedAt: number;
  /** `changesHere` when the version was last read. */
  changesSeen: number;
}

/**
 * The two content calls (api.md, seed calls 1 and 2).
 *
 * Public answers are kept in memory per content version. The version is checked again (one tiny
 * query) after a change made through this process, and otherwise at most once a second, since
 * other processes sharing the database (design: scale path) may have changed it. While a check
 * or a rebuild is under way, other requests get the answer at hand rather than queueing behind
 * the database; so readers do not wait behind the editors' saves, and a public answer is at most
 * one refresh (or a second, for another process's change) behind the database.
 *
 * A logged-in user's answer with hidden records is the public one with their own municipality's
 * records read afresh in place of its published ones: at Austria scale one small query instead
 * of reading and encoding all 60,000 dates again, and their own saves always show.
 */
export function createContentService(db: Database) {
  const publicAnswers = new Map<ContentKind, HeldAnswer>();
  const refreshing = new Map<ContentKind, Promise<HeldAnswer>>();
  let changesHere = 0;

  const isCurrent = (held: HeldAnswer) =>
    held.changesSeen === changesHere && performance.now() - held.checkedAt < CHECKED_FOR_MS;

  async function refreshPublic(kind: ContentKind): Promise<HeldAnswer> {
    const changesSeen = changesHere;
    const checkedAt = performance.now();
    const held = publicAnswers.get(kind);
    if (held && held.version === (await contentVersion(db))) {
      const checked = { ...held, checkedAt, changesSeen };
      publicAnswers.set(kind, checked);
      return checked;
    }
    const { version, groups } = await db.transaction(async (tx) => {
      const version = await contentVersion(tx);
      if (kind === 'markets') return { version, groups: marketGroups(await listVisibleMarkets(tx, DIRECTORY_START)) };
      const gkzOf = await municipalityOfMarkets(tx);
      const dates = await listVisibleMarketDates(tx, DIRECTORY_START);
      return { version, groups: dateGroups(dates, (date) => gkzOf.get(date.wko_market_id) ?? '') };
    });
    const answer = { etag: etagOf(kind, version, null), body: compressedBody(assemble(kind, groups)) };
    const fresh = { version, answer, groups, checkedAt, changesSeen };
    publicAnswers.set(kind, fresh);
    return fresh;
  }

  function publicAnswer(kind: ContentKind): Promise<HeldAnswer> {
    const held = publicAnswers.get(kind);
    if (held && (isCurrent(held) || refreshing.has(kind))) return Promise.resolve(held);
    let refresh = refreshing.get(kind);
    if (!refresh) {
      refresh = refreshPublic(kind).finally(() => refreshing.delete(kind));
      refreshing.set(kind, refresh);
    }
    return refresh;
  }

  async function ownAnswer(kind: ContentKind, held: HeldAnswer, gkz: string): Promise<ContentAnswer> {
    const { version, own } = await db.transaction(async (tx) => {
      const version = await contentVersion(tx);
      if (kind === 'markets') return { version, own: marketGroups(await listMarketsOf(tx, gkz)) };
      return { version, own: dateGroups(await listMarketDatesOf(tx, gkz), () => gkz) };
    });
    const groups: Groups = held.groups.map(([key, members], index) => [
      key,
      [...members.filter((member) => member.gkz !== gkz), ...(own[index]?.[1] ?? [])],
    ]);
    return { etag: etagOf(kind, `${held.version}.${version}`, gkz), body: compressedBody(assemble(kind, groups)) };
  }

  return {
    /** Markets or dates were changed through this process: the next request checks the version. */
    changed: (): void => {
      changesHere += 1;
    },

    async lookup(kind: ContentKind, ownGkz: string | null): Promise<ContentLookup> {
      const held = await publicAnswer(kind);
      if (!ownGkz) return { etag: held.answer.etag, answer: () => Promise.resolve(held.answer) };
      // The ETag from the versions alone, so a client whose copy is current costs no more.
      const etag = etagOf(kind, `${held.version}.${await contentVersion(db)}`, ownGkz);
      return { etag, answer: () => ownAnswer(kind, held, ownGkz) };
    },
  };
}

function dateGroups(dates: readonly MarketDateRecord[], gkzOf: (date: MarketDateRecord) => string): Groups {
  return [['', dates.map((date) => ({ gkz: gkzOf(date), json: member(date) }))]];
}

/** Every market stands in every language group, with its labels in that group's language. */
function marketGroups(markets: readonly MarketRecord[]): Groups {
  return LOCALES.map((locale) => {
    const label = labelsIn(locale);
    return [String(LANGUAGE_IDS[locale]), markets.map((market) => ({ gkz: market.gkz, json: member(label(market)) }))];
  });
}

const member = (record: { id: string }) => `${JSON.stringify(record.id)}:${JSON.stringify(record)}`;

/** The JSON of `{"data": …}` from its members, as UTF-8. */
function assemble(kind: ContentKind, groups: Groups): Buffer {
  const object = (members: readonly Member[]) => `{${members.map((m) => m.json).join(',')}}`;
  const data =
    kind === 'dates'
      ? `{"wko_market_dates":${object(groups[0]?.[1] ?? [])}}`
      : `{"wko_markets":{${groups.map(([key, members]) => `${JSON.stringify(key)}:${object(members)}`).join(',')}}}`;
  return Buffer.from(`{"data":${data}}`);
}

export type ContentService = ReturnType<typeof createContentService>;

function etagOf(kind: ContentKind, version: string, ownGkz: string | null): string {
  return `"${kind}-${version}-${ownGkz ?? 'public'}"`;
}

export function byId<T extends { id: string }>(records: readonly T[]): Record<string, T> {
  return Object.fromEntries(records.map((record) => [record.id, record]));
}

/** Markets grouped by language id, as a save answers them (api.md): the same labels as the content calls. */
export function groupsByLanguage(markets: readonly MarketRecord[]): Record<string, Record<string, ContentMarket>> {
  return Object.fromEntries(
    LOCALES.map((locale) => [String(LANGUAGE_IDS[locale]), byId(markets.map(labelsIn(locale)))]),
  );
}

function labelsIn(locale: Locale): (market: MarketRecord) => ContentMarket {
  const t = translator(locale);
  return (market) => ({
    ...market,
    type_label: t(`market.type.${market.type}`),
    status_label: t(`market.status.${market.status}`),
  });
}
