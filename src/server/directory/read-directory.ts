import { buildDirectory, type Directory } from '../../lib/directory/directory.ts';
import type { MarketRecord } from '../../lib/market.ts';
import { viennaDay } from '../../lib/market-rules.ts';
import type { Database } from '../db/database.ts';
import { readPublished, type Published } from '../db/published.ts';

/**
 * The public directory as of `now`, with the dates of `year` (this year, by default) and the next:
 * the same markets and dates the content service gives everyone (api.md), from the one snapshot
 * every public outlet reads (db/published.ts).
 */
export async function readDirectory(
  db: Database,
  now: Date,
  year = Number(viennaDay(now).slice(0, 4)),
): Promise<Directory> {
  return directoryOf(await readPublished(db), now, year);
}

/** The directory of a published snapshot; given the one made before, what stayed the same is kept (buildDirectory). */
export function directoryOf(
  published: Published,
  now: Date,
  year = Number(viennaDay(now).slice(0, 4)),
  previous?: Directory,
): Directory {
  const age = new Map(published.idsByAge.map((id, index) => [id, index]));
  const markets = [...published.markets]
    .sort((a, b) => (age.get(a.id) ?? 0) - (age.get(b.id) ?? 0))
    .map((market) => withChange(market, published.revisionOf(market.id).changedAt));
  const { states, districts, municipalities, dates } = published;
  return buildDirectory({ readAt: now, year, states, districts, municipalities, markets, dates }, previous);
}

/**
 * A market with its last change, the same object while both stay the same: the directory makes a
 * market again only from a record it has not seen (buildDirectory), and a snapshot read after a
 * change keeps the records of the markets it did not touch (db/published.ts).
 */
function withChange(market: MarketRecord, changedAt: string): MarketRecord & { changed_at: string } {
  const made = withChanges.get(market);
  if (made?.changed_at === changedAt) return made;
  const remade = { ...market, changed_at: changedAt };
  withChanges.set(market, remade);
  return remade;
}

const withChanges = new WeakMap<MarketRecord, MarketRecord & { changed_at: string }>();
