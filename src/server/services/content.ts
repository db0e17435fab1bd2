import { gzipSync } from 'node:zlib';
import { translator } from '../../lib/i18n.ts';
import { LANGUAGE_IDS, LOCALES } from '../../lib/languages.ts';
import { DIRECTORY_START, type ContentMarket, type MarketRecord } from '../../lib/market.ts';
import type { Database } from '../db/database.ts';
import { contentVersion, listVisibleMarketDates, listVisibleMarkets } from '../db/queries/markets.ts';

export type ContentKind = 'dates' | 'markets';

export interface ContentAnswer {
  etag: string;
  /** The JSON of `{"data": …}` as UTF-8, encoded once (at Austria scale 15 MB: encoding it per request would cost each one). */
  body: Buffer;
  /** The body gzipped, made once per content version for public answers (Austria scale: 15 MB → under 3 MB). */
  gzipped?: () => Buffer;
}

/**
 * The two content calls (api.md, seed calls 1 and 2). Public answers are kept in memory per
 * content version, so a warm call costs one tiny query; answers with hidden records (a
 * logged-in user's own municipality) are built every time and never shared.
 */
export function createContentService(db: Database) {
  const publicCache = new Map<ContentKind, { version: string; answer: ContentAnswer }>();

  async function build(kind: ContentKind, ownGkz: string | null): Promise<ContentAnswer & { version: string }> {
    return db.transaction(async (tx) => {
      const version = await contentVersion(tx);
      const etag = etagOf(kind, version, ownGkz);
      const data =
        kind === 'dates'
          ? { wko_market_dates: byId(await listVisibleMarketDates(tx, DIRECTORY_START, ownGkz)) }
          : { wko_markets: groupsByLanguage(await listVisibleMarkets(tx, DIRECTORY_START, ownGkz)) };
      return { version, etag, body: Buffer.from(JSON.stringify({ data })) };
    });
  }

  const building = new Map<ContentKind, Promise<ContentAnswer>>();
  async function buildPublic(kind: ContentKind): Promise<ContentAnswer> {
    const { version, ...built } = await build(kind, null);
    let gzipped: Buffer | undefined;
    const answer = { ...built, gzipped: () => (gzipped ??= gzipSync(built.body)) };
    publicCache.set(kind, { version, answer });
    return answer;
  }

  return {
    /** The content version now: one tiny query, shared by the ETag check and the answer. */
    version: (): Promise<string> => contentVersion(db),

    /** The answer at `version` (or a newer one). Requests that find the cache stale share one build. */
    async answer(kind: ContentKind, ownGkz: string | null, version: string): Promise<ContentAnswer> {
      if (ownGkz) return build(kind, ownGkz);
      const cached = publicCache.get(kind);
      if (cached && cached.version === version) return cached.answer;
      let pending = building.get(kind);
      if (!pending) {
        pending = buildPublic(kind).finally(() => building.delete(kind));
        building.set(kind, pending);
      }
      return pending;
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;

export function etagOf(kind: ContentKind, version: string, ownGkz: string | null): string {
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
