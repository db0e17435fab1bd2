import { DIRECTORY_START, type MarketDateRecord, type MarketRecord } from '../../lib/market.ts';
import { procedure, seeOneSnapshot, type Database, type Queryable } from './database.ts';
import {
  changesBetween,
  contentVersionAndFloor,
  datesAmong,
  marketsAmong,
  type LoggedChanges,
} from './queries/content-changes.ts';
import { marketIdsByAge } from './queries/market-ids.ts';
import { byDay, byTitle, mergedInOrder } from './published-order.ts';
import { listVisibleMarketDates, listVisibleMarkets, replacedDays } from './queries/markets.ts';
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

/** Beyond this many logged changes (an import's worth), reading everything again is cheaper. */
const MAX_LOGGED_CHANGES = 20_000;

/** What a snapshot is made of, kept with it so the next one can start from it. */
interface Records {
  markets: MarketRecord[];
  dates: PublishedDate[];
  revisions: ReadonlyMap<string, MarketRevision>;
}

/**
 * A snapshot's records with the database and the version they are of: what the next read starts
 * from, also after a restart (directory/snapshot-store.ts keeps it on disk).
 */
export interface SnapshotRecords {
  database: string;
  version: string;
  /**
   * The commit that made `version` (its xid and time, migration 0011), or null when none is logged:
   * a history restored from before it, or a replica's after a failover, has another there, and a
   * snapshot of another history is never read on.
   */
  commit: string | null;
  records: Records;
}

const recordsOf = new WeakMap<Published, SnapshotRecords>();

/** What a snapshot read on from the one of version `since` read again (public now), and the ids no longer public. */
export interface PublishedStep {
  since: string;
  markets: MarketRecord[];
  dates: PublishedDate[];
  goneMarketIds: string[];
  goneDateIds: string[];
}

const stepOf = new WeakMap<Published, PublishedStep>();

/** How `published` was read on from the snapshot before it; none when it was read whole (services/content.ts). */
export function publishedStep(published: Published): PublishedStep | undefined {
  return stepOf.get(published);
}

/** What `published` was made of, to keep on disk. */
export function snapshotRecordsOf(published: Published): SnapshotRecords | undefined {
  return recordsOf.get(published);
}

/**
 * The published snapshot now. Given the one read before (or its records, kept on disk), only what
 * the change log (migration 0011) names since then is read again — at Austria scale a few rows
 * instead of 60,000, which on the embedded database held the server's one thread for seconds per
 * publish (issue 18). The log cannot tell (`previous` older than its floor, e.g. before a restore;
 * of another database) or names too much: everything is read.
 */
export async function readPublished(db: Database, previous?: Published | SnapshotRecords): Promise<Published> {
  const before = previous && ('records' in previous ? previous : recordsOf.get(previous));
  // The rows are read on the database's thread (readSnapshot); putting them in order comes after,
  // here, so the database's turn is not held by the work on 60,000 dates (issue 18).
  const read = await db.run(
    readSnapshot,
    before ? { since: BigInt(before.version), database: before.database, commit: before.commit } : null,
  );
  const none = { markets: [], dates: [], goneMarketIds: [], goneDateIds: [] };
  const { records, step } = !('changes' in read.rows)
    ? { records: inOrder(read.rows), step: undefined }
    : read.version === BigInt(before!.version)
      ? { records: before!.records, step: none }
      : withChanges(before!.records, read.rows);
  const published = publishedOf(String(read.version), records, read.places);
  recordsOf.set(published, { database: read.database, version: published.version, commit: read.commit, records });
  if (step) stepOf.set(published, { since: before!.version, ...step });
  return published;
}

/** Everything public, as read. */
interface AllRows {
  markets: MarketRecord[];
  dates: PublishedDate[];
  revisions: Map<string, MarketRevision>;
}

/** What the log names since the snapshot before, as read now (what is no longer public is not among them). */
interface ChangedRows {
  changes: LoggedChanges;
  markets: MarketRecord[];
  dates: PublishedDate[];
  revised: Map<string, MarketRevision>;
}

/**
 * One snapshot's rows: what changed since the version `since` when the log can tell, else all,
 * and the places. A procedure (decision record 0024, "The database's own thread"): on the embedded
 * database it holds the database for its own statements only.
 */
export const readSnapshot = procedure(
  import.meta.url,
  'readSnapshot',
  async (tx, before: { since: bigint; database: string; commit: string | null } | null) => {
    await seeOneSnapshot(tx);
    const { version, floor, database } = await contentVersionAndFloor(tx);
    const sameHistory =
      before?.database === database && before.commit !== null && before.commit === (await commitOf(tx, before.since));
    const rows: AllRows | ChangedRows =
      (sameHistory &&
        before.since >= floor &&
        before.since <= version &&
        (await changedRows(tx, before.since, version))) ||
      (await allRows(tx));
    const places = {
      idsByAge: await marketIdsByAge(tx),
      states: await listStates(tx),
      districts: await listDistricts(tx),
      municipalities: await listMunicipalitiesWithMarkets(tx),
    };
    return { version, database, commit: await commitOf(tx, version), rows, places };
  },
);

/** The commit that made `version`, as SnapshotRecords keeps it; null when none is logged (master data's own). */
async function commitOf(tx: Queryable, version: bigint): Promise<string | null> {
  const [row] = await tx.query<{ commit: string }>(
    `SELECT xid::text || '@' || committed_at::text AS commit FROM content_commits WHERE version = $1`,
    [version.toString()],
  );
  return row?.commit ?? null;
}

async function allRows(tx: Queryable): Promise<AllRows> {
  const replaces = await replacedDays(tx);
  const dates = await listVisibleMarketDates(tx, DIRECTORY_START);
  return {
    markets: await listVisibleMarkets(tx, DIRECTORY_START),
    dates: dates.map((date) => ({ ...date, replaces_date: replaces.get(date.id) ?? null })),
    revisions: await marketRevisions(tx),
  };
}

/** Null when the log names too much. */
async function changedRows(tx: Queryable, since: bigint, version: bigint): Promise<ChangedRows | null> {
  // Nothing since: readPublished keeps the snapshot before, and nothing is read.
  const none = { marketIds: [], publicationMarketIds: [], dateIds: [], touchedMarketIds: [] };
  if (since === version) return { changes: none, markets: [], dates: [], revised: new Map() };
  const changes = await changesBetween(tx, since, version);
  if (changes.marketIds.length + changes.dateIds.length > MAX_LOGGED_CHANGES) return null;
  const marketIds = [...new Set([...changes.marketIds, ...changes.publicationMarketIds])];
  const markets = (await marketsAmong(tx, DIRECTORY_START, marketIds)).filter((row) => row.published);
  // A market's text changed leaves its dates as they were (issue 18: a working day's saves re-read
  // hundreds of unchanged dates per publish, 15 ms of the embedded database's thread).
  const dates = (await datesAmong(tx, DIRECTORY_START, changes.publicationMarketIds, changes.dateIds)).filter(
    (row) => row.published,
  );
  return {
    changes,
    markets: markets.map((row) => row.market),
    dates: dates.map((row) => ({ ...row.date, replaces_date: row.replacesDate })),
    revised: await marketRevisions(tx, changes.touchedMarketIds),
  };
}

function inOrder({ markets, dates, revisions }: AllRows): Records {
  return { markets: markets.sort(byTitle), dates: dates.sort(byDay), revisions };
}

/**
 * `before` with what changed read again: a changed market's record, all the dates of a market
 * whose publication changed (theirs moves with it), a changed date by itself; what is no longer
 * public goes.
 */
function withChanges(
  before: Records,
  { changes, markets, dates, revised }: ChangedRows,
): { records: Records; step: Omit<PublishedStep, 'since'> } {
  const reread = new Set([...changes.marketIds, ...changes.publicationMarketIds]);
  const movedMarkets = new Set(changes.publicationMarketIds);
  const changedDates = new Set(changes.dateIds);
  const revisions = new Map(before.revisions);
  for (const id of changes.touchedMarketIds) {
    const revision = revised.get(id);
    if (revision) revisions.set(id, revision);
    else revisions.delete(id); // deleted
  }
  const readAgain = (date: PublishedDate) => movedMarkets.has(date.wko_market_id) || changedDates.has(date.id);
  const publicNow = new Set([...markets, ...dates].map((record) => record.id));
  const gone = (ids: Iterable<string>) => [...new Set(ids)].filter((id) => !publicNow.has(id)).sort();
  const step = {
    markets,
    dates,
    goneMarketIds: gone(reread),
    goneDateIds: gone([...changes.dateIds, ...before.dates.filter(readAgain).map((date) => date.id)]),
  };
  // The kept records are in order already: the few read again are merged in, not all sorted anew.
  const records = {
    markets: mergedInOrder(
      before.markets.filter((market) => !reread.has(market.id)),
      markets,
      byTitle,
    ),
    dates: mergedInOrder(
      before.dates.filter((date) => !readAgain(date)),
      dates,
      byDay,
    ),
    revisions,
  };
  return { records, step };
}

function publishedOf(
  version: string,
  { markets, dates, revisions }: Records,
  places: Pick<Published, 'idsByAge' | 'states' | 'districts' | 'municipalities'>,
): Published {
  const { states, districts, municipalities } = places;
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
    idsByAge: places.idsByAge,
    dates,
    datesOf: (marketId) => datesByMarket.get(marketId) ?? [],
    revisionOf: (marketId) => revisions.get(marketId) ?? { revision: 0, changedAt: '' },
    states,
    districts,
    municipalities,
    placeOf: (gkz) => placeByGkz.get(gkz),
  };
}
