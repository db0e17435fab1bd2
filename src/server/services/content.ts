import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { translator } from '../../lib/i18n.ts';
import { LANGUAGE_IDS, LOCALES } from '../../lib/languages.ts';
import { DIRECTORY_START, type ContentMarket, type MarketRecord } from '../../lib/market.ts';
import type { Database } from '../db/database.ts';
import { contentVersion, listVisibleMarketDates, listVisibleMarkets } from '../db/queries/markets.ts';

const gzipAsync = promisify(gzip);

export type ContentKind = 'dates' | 'markets';

export interface ContentAnswer {
  etag: string;
  /** The JSON of `{"data": …}` as UTF-8, encoded once (at Austria scale 15 MB: encoding it per request would cost each one). */
  body: Buffer;
  /**
   * The body gzipped, made once per content version for public answers (Austria scale: 15 MB →
   * under 3 MB), off the event loop so nobody else waits for it.
   */
  gzipped?: () => Promise<Buffer>;
}

/** What a content call answers: its ETag now, and the body only when the client needs it. */
export interface ContentLookup {
  etag: string;
  answer: () => Promise<ContentAnswer>;
}

/** How long a check of the content version holds for changes made by other server processes. */
const CHECKED_FOR_MS = 1000;

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
 * Answers with hidden records (a logged-in user's own municipality) are built every time and
 * never shared.
 */
export function createContentService(db: Database) {
  const publicAnswers = new Map<ContentKind, Held>();
  const refreshing = new Map<ContentKind, Promise<ContentAnswer>>();
  let changesHere = 0;

  interface Held {
    version: string;
    answer: ContentAnswer;
    checkedAt: number;
    /** `changesHere` when the version was last read. */
    changesSeen: number;
  }
  const isCurrent = (held: Held) =>
    held.changesSeen === changesHere && performance.now() - held.checkedAt < CHECKED_FOR_MS;

  async function build(kind: ContentKind, ownGkz: string | null): Promise<ContentAnswer & { version: string }> {
    return db.transaction(async (tx) => {
      const version = await contentVersion(tx);
      const data =
        kind === 'dates'
          ? { wko_market_dates: byId(await listVisibleMarketDates(tx, DIRECTORY_START, ownGkz)) }
          : { wko_markets: groupsByLanguage(await listVisibleMarkets(tx, DIRECTORY_START, ownGkz)) };
      return { version, etag: etagOf(kind, version, ownGkz), body: Buffer.from(JSON.stringify({ data })) };
    });
  }

  async function refreshPublic(kind: ContentKind): Promise<ContentAnswer> {
    const changesSeen = changesHere;
    const checkedAt = performance.now();
    const held = publicAnswers.get(kind);
    if (held && held.version === (await contentVersion(db))) {
      publicAnswers.set(kind, { ...held, checkedAt, changesSeen });
      return held.answer;
    }
    const { version, ...built } = await build(kind, null);
    let gzipped: Promise<Buffer> | undefined;
    const answer = { ...built, gzipped: () => (gzipped ??= gzipAsync(built.body)) };
    publicAnswers.set(kind, { version, answer, checkedAt, changesSeen });
    return answer;
  }

  function publicAnswer(kind: ContentKind): Promise<ContentAnswer> {
    const held = publicAnswers.get(kind);
    if (held && (isCurrent(held) || refreshing.has(kind))) return Promise.resolve(held.answer);
    let refresh = refreshing.get(kind);
    if (!refresh) {
      refresh = refreshPublic(kind).finally(() => refreshing.delete(kind));
      refreshing.set(kind, refresh);
    }
    return refresh;
  }

  return {
    /** Markets or dates were changed through this process: the next request checks the version. */
    changed: (): void => {
      changesHere += 1;
    },

    async lookup(kind: ContentKind, ownGkz: string | null): Promise<ContentLookup> {
      if (!ownGkz) {
        const answer = await publicAnswer(kind);
        return { etag: answer.etag, answer: () => Promise.resolve(answer) };
      }
      // The ETag from the version alone, so a client whose copy is current costs no build.
      const etag = etagOf(kind, await contentVersion(db), ownGkz);
      return { etag, answer: () => build(kind, ownGkz) };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;

function etagOf(kind: ContentKind, version: string, ownGkz: string | null): string {
  return `"${kind}-${version}-${ownGkz ?? 'public'}"`;
}

export function byId<T extends { id: string }>(records: readonly T[]): Record<string, T> {
  return Object.fromEntries(records.map((record) => [record.id, record]));
}

/** Every market stands in every language group, with its labels in that group's language. */
export function groupsByLanguage(markets: readonly MarketRecord[]): Record<string, Record<string, ContentMarket>> {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const t = translator(locale);
      const labelled = markets.map((market) => ({
        ...market,
        type_label: t(`market.type.${market.type}`),
        status_label: t(`market.status.${market.status}`),
      }));
      return [String(LANGUAGE_IDS[locale]), byId(labelled)];
    }),
  );
}
