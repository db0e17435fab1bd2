import { DIRECTORY_START, type MarketDateRecord, type MarketRecord } from '../../lib/market.ts';
import type { Database } from './database.ts';
import { marketIdsByAge } from './queries/market-ids.ts';
import { contentVersion, listVisibleMarketDates, listVisibleMarkets, replacedDays } from './queries/markets.ts';
import { marketRevisions, type MarketRevision } from './queries/market-revisions.ts';
import {
  listDistricts,
  listMunicipalitiesWithMarkets,
  listStates,
  type MunicipalityWithMarkets,
  type Place,
} from './queries/places.ts';

/** A published date; a changed one knows the regular date it replaces. */
export type PublishedDate = MarketDateRecord & { replaces_date: string | null };

/**
 * Everything the public outlets show — the directory's pages and search, the book, the open-data
 * feed and the calendars (api.md: published records only) — read once, in one transaction, so
 * that every outlet of one content version agrees with every other.
 */
export interface Published {
  /** The content version it was read at (migration 0001's counter). */
  version: string;
  /** In title order. */
  markets: MarketRecord[];
  /** Every market's id, oldest first: of two namesakes the older keeps the plain address. */
  idsByAge: string[];
  /** In order of their days. */
  dates: PublishedDate[];
  datesOf: (marketId: string) => PublishedDate[];
  /** How often and when a market or its dates last changed (migration 0012); calendars and the sitemap say so. */
  revisionOf: (marketId: string) => MarketRevision;
  /** All nine states, the districts, and the municipalities that have markets. */
  states: { code: number; name: string }[];
  districts: { code: string; name: string; state_code: number }[];
  municipalities: MunicipalityWithMarkets[];
  placeOf: (gkz: string) => Place | undefined;
}

export async function readPublished(db: Database): Promise<Published> {
  return db.transaction(async (tx) => {
    const version = await contentVersion(tx);
    const markets = await listVisibleMarkets(tx, DIRECTORY_START);
    const idsByAge = await marketIdsByAge(tx);
    const replaces = await replacedDays(tx);
    const revisions = await marketRevisions(tx);
    const dates = (await listVisibleMarketDates(tx, DIRECTORY_START)).map((date) => ({
      ...date,
      replaces_date: replaces.get(date.id) ?? null,
    }));
    const states = await listStates(tx);
    const districts = await listDistricts(tx);
    const municipalities = await listMunicipalitiesWithMarkets(tx);

    const datesByMarket = new Map<string, PublishedDate[]>();
    for (const date of dates) {
      const list = datesByMarket.get(date.wko_market_id) ?? [];
      list.push(date);
      datesByMarket.set(date.wko_market_id, list);
    }
    const stateByCode = new Map(states.map((state) => [state.code, state]));
    const districtByCode = new Map(districts.map((district) => [district.code, district]));
    const placeByGkz = new Map<string, Place>();
    for (const municipality of municipalities) {
      const district = districtByCode.get(municipality.district_code);
      const state = district && stateByCode.get(district.state_code);
      if (!district || !state) continue;
      placeByGkz.set(municipality.gkz, {
        gkz: municipality.gkz,
        municipality: municipality.name,
        postcode: municipality.postcode,
        districtCode: district.code,
        district: district.name,
        stateCode: state.code,
        state: state.name,
      });
    }
    return {
      version,
      markets,
      idsByAge,
      dates,
      datesOf: (marketId) => datesByMarket.get(marketId) ?? [],
      revisionOf: (marketId) => revisions.get(marketId) ?? { revision: 0, changedAt: '' },
      states,
      districts,
      municipalities,
      placeOf: (gkz) => placeByGkz.get(gkz),
    };
  });
}
