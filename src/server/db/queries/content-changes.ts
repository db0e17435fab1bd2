import type { MarketDateRecord, MarketRecord } from '../../../lib/market.ts';
import type { Queryable } from '../database.ts';
import { DATE_COLUMNS, MARKET_COLUMNS, PUBLISHED_MARKET, toMarketRecord } from './markets.ts';

/**
 * The content version and the change log's floor: the log holds every change above the floor
 * (migration 0011); and the database's id, which versions count in (migration 0019).
 */
export async function contentVersionAndFloor(
  db: Queryable,
): Promise<{ version: bigint; floor: bigint; database: string }> {
  const [row] = await db.query<{ version: string; floor: string; database: string }>(
    'SELECT version::text AS version, log_floor::text AS floor, database_id::text AS database FROM content_version',
  );
  return { version: BigInt(row?.version ?? '0'), floor: BigInt(row?.floor ?? '0'), database: row?.database ?? '' };
}

/**
 * What changed after one version up to another: markets whose own record changed, markets whose
 * publication may have moved (their dates all count as changed), and dates changed by id.
 */
export interface LoggedChanges {
  marketIds: string[];
  publicationMarketIds: string[];
  dateIds: string[];
  /** Every market with a change of its own or of one of its dates (its revision moved). */
  touchedMarketIds: string[];
}

/** The changes logged in (after, upTo]; the caller checked that the log reaches back to `after`. */
export async function changesBetween(db: Queryable, after: bigint, upTo: bigint): Promise<LoggedChanges> {
  const rows = await db.query<{ market_id: string; date_id: string; publication: boolean }>(
    `SELECT c.market_id, c.date_id, c.publication FROM content_commits k JOIN content_changes c ON c.xid = k.xid
     WHERE k.version > $1 AND k.version <= $2`,
    [after.toString(), upTo.toString()],
  );
  const distinct = (ids: string[]) => [...new Set(ids)];
  return {
    marketIds: distinct(rows.filter((row) => row.date_id === '').map((row) => row.market_id)),
    publicationMarketIds: distinct(rows.filter((row) => row.publication).map((row) => row.market_id)),
    dateIds: distinct(rows.filter((row) => row.date_id !== '').map((row) => row.date_id)),
    touchedMarketIds: distinct(rows.map((row) => row.market_id)),
  };
}

/** Markets among `ids` as they are now, each with whether the public sees it; gone ones are missing. */
export async function marketsAmong(
  db: Queryable,
  since: string,
  ids: readonly string[],
): Promise<Array<{ market: MarketRecord; published: boolean }>> {
  const rows = await db.query<Parameters<typeof toMarketRecord>[0] & { published: boolean }>(
    `SELECT ${MARKET_COLUMNS}, (${PUBLISHED_MARKET}) AS published FROM markets m WHERE m.id = ANY($2::text[])`,
    [since, ids],
  );
  return rows.map(({ published, ...row }) => ({ market: toMarketRecord(row), published }));
}

/**
 * The dates `dateIds` and every date of the markets `marketIds` as they are now, with their market's
 * municipality, the regular day a changed date replaces, and whether the public sees them; gone
 * ones are missing.
 */
export async function datesAmong(
  db: Queryable,
  since: string,
  marketIds: readonly string[],
  dateIds: readonly string[],
): Promise<Array<{ date: MarketDateRecord; gkz: string; replacesDate: string | null; published: boolean }>> {
  const rows = await db.query<MarketDateRecord & { gkz: string; replaces_date: string | null; published: boolean }>(
    `SELECT ${DATE_COLUMNS}, m.gkz, d.replaces_date, (${PUBLISHED_MARKET} AND NOT d.hidden) AS published
     FROM market_dates d JOIN markets m ON m.id = d.market_id
     WHERE d.market_id = ANY($2::text[]) OR d.id = ANY($3::text[])`,
    [since, marketIds, dateIds],
  );
  return rows.map(({ gkz, replaces_date, published, ...date }) => ({
    date,
    gkz,
    replacesDate: replaces_date,
    published,
  }));
}

/**
 * Keeps the log bounded: drops the commits older than `keepSeconds`, and beyond the newest
 * `maxCommits`, with their changes, and raises the floor to the newest version dropped, so a
 * `since` from before it is answered in full.
 */
export async function pruneContentChanges(
  db: Queryable,
  now: Date,
  keepSeconds: number,
  maxCommits: number,
): Promise<void> {
  await db.query(
    `WITH cut AS (
       SELECT greatest(
         (SELECT max(version) FROM content_commits WHERE committed_at < $1::timestamptz - $2 * interval '1 second'),
         (SELECT version FROM content_commits ORDER BY version DESC OFFSET $3 LIMIT 1)) AS version
     ), dropped AS (
       DELETE FROM content_commits WHERE version <= (SELECT version FROM cut) RETURNING xid, version
     ), changes AS (
       DELETE FROM content_changes WHERE xid IN (SELECT xid FROM dropped)
     )
     UPDATE content_version SET log_floor = greatest(log_floor, (SELECT max(version) FROM dropped))
     WHERE EXISTS (SELECT 1 FROM dropped)`,
    [now, keepSeconds, maxCommits],
  );
}
