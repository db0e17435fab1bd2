import { buildDirectory, type Directory } from '../../lib/directory/directory.ts';
import { viennaDay } from '../../lib/market-rules.ts';
import { DIRECTORY_START } from '../../lib/market.ts';
import type { Database } from '../db/database.ts';
import { marketIdsByAge } from '../db/queries/market-ids.ts';
import { listVisibleMarketDates, listVisibleMarkets, replacedDays } from '../db/queries/markets.ts';
import { listDistricts, listMunicipalitiesWithMarkets, listStates } from '../db/queries/places.ts';

/**
 * The public directory as of `now`, with the dates of `year` (this year, by default) and the next:
 * the same markets and dates the content service gives everyone (api.md), in one transaction so
 * the pages agree with each other.
 */
export async function readDirectory(
  db: Database,
  now: Date,
  year = Number(viennaDay(now).slice(0, 4)),
): Promise<Directory> {
  return db.transaction(async (tx) => {
    const markets = await listVisibleMarkets(tx, DIRECTORY_START);
    const age = new Map((await marketIdsByAge(tx)).map((id, index) => [id, index]));
    markets.sort((a, b) => (age.get(a.id) ?? 0) - (age.get(b.id) ?? 0));
    const replaces = await replacedDays(tx);
    const dates = (await listVisibleMarketDates(tx, DIRECTORY_START)).map((date) => ({
      ...date,
      replaces_date: replaces.get(date.id) ?? null,
    }));
    const states = await listStates(tx);
    const districts = await listDistricts(tx);
    const municipalities = await listMunicipalitiesWithMarkets(tx);
    return buildDirectory({ readAt: now, year, states, districts, municipalities, markets, dates });
  });
}
