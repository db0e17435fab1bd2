import { DIRECTORY_START, type MarketDateRecord, type MarketRecord } from '../../lib/market.ts';
import type { Database } from '../db/database.ts';
import { contentVersion, listVisibleMarketDates, listVisibleMarkets, replacedDays } from '../db/queries/markets.ts';
import { listPlacesWithMarkets, type Place } from '../db/queries/places.ts';

/** A published date; a changed one knows the regular date it replaces. */
export type PublishedDate = MarketDateRecord & { replaces_date: string | null };

/** Everything the outlets may show (api.md: published records only), read in one transaction. */
export interface Published {
  /** The content version it was read at (migration 0001's counter). */
  version: string;
  markets: MarketRecord[];
  datesOf: (marketId: string) => PublishedDate[];
  placeOf: (gkz: string) => Place | undefined;
}

/**
 * The published markets and dates — the same ones the content service gives everyone — with
 * their places. Dates are in order; hidden ones and those before the directory's start are left out.
 */
async function readPublished(db: Database): Promise<Published> {
  return db.transaction(async (tx) => {
    const version = await contentVersion(tx);
    const markets = await listVisibleMarkets(tx, DIRECTORY_START);
    const dates = await listVisibleMarketDates(tx, DIRECTORY_START);
    const replaces = await replacedDays(tx);
    const places = await listPlacesWithMarkets(tx);
    const datesByMarket = new Map<string, PublishedDate[]>();
    for (const date of dates) {
      const list = datesByMarket.get(date.wko_market_id) ?? [];
      list.push({ ...date, replaces_date: replaces.get(date.id) ?? null });
      datesByMarket.set(date.wko_market_id, list);
    }
    const placeByGkz = new Map(places.map((place) => [place.gkz, place]));
    return {
      version,
      markets,
      datesOf: (marketId) => datesByMarket.get(marketId) ?? [],
      placeOf: (gkz) => placeByGkz.get(gkz),
    };
  });
}

/** The published data, read again only when the content version has moved on. */
export function createPublishedSource(db: Database): { current(): Promise<Published> } {
  let cached: Published | undefined;
  let reading: Promise<Published> | undefined;
  return {
    async current() {
      if (cached && cached.version === (await contentVersion(db))) return cached;
      reading ??= readPublished(db).finally(() => (reading = undefined));
      cached = await reading;
      return cached;
    },
  };
}
