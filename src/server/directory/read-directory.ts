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
  return directoryOf(await readPublished(db), now, { year });
}

/**
 * The directory of a published snapshot, with the dates of `year` (this year, by default) and the
 * next, and the files the site serves its images from (market-images.ts). Given the directory made
 * before, what stayed the same in it is kept (buildDirectory).
 */
export function directoryOf(
  published: Published,
  now: Date,
  {
    year = Number(viennaDay(now).slice(0, 4)),
    previous,
    imageFiles,
  }: { year?: number; previous?: Directory | undefined; imageFiles?: ReadonlyMap<string, string> } = {},
): Directory {
  // Every market of the snapshot is in its list by age: ordered by it, not sorted again (issue 18).
  const byId = new Map(published.markets.map((market) => [market.id, market]));
  const markets = published.idsByAge.flatMap((id) => {
    const market = byId.get(id);
    return market ? [withChange(market, published.revisionOf(id).changedAt)] : [];
  });
  const { states, districts, municipalities, dates } = published;
  const source = { readAt: now, year, states, districts, municipalities, markets, dates };
  return buildDirectory(imageFiles ? { ...source, imageFiles } : source, previous);
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

/** The addresses of the images of a snapshot's markets. */
export function imageAddressesOf(published: Published): string[] {
  return published.markets.flatMap((market) => market.image?.url ?? []);
}
