import type { MarketRecord } from '../../../lib/market.ts';
import type { Queryable } from '../database.ts';
import {
  DATE_COLUMNS,
  EDITABLE_COUNT,
  MARKET_ASSIGNMENTS,
  MARKET_COLUMNS,
  marketFieldValues,
  type NewMarket,
  type NewMarketDate,
  type StoredDate,
  toMarketRecord,
} from './markets.ts';

/**
 * Reads and writes of the editing calls (save and delete of markets and dates). Each runs inside
 * the caller's transaction; rows read for a change are locked until it commits.
 */

export async function lockMarket(tx: Queryable, id: string): Promise<MarketRecord | null> {
  const [row] = await tx.query<Parameters<typeof toMarketRecord>[0]>(
    `SELECT ${MARKET_COLUMNS} FROM markets m WHERE m.id = $1 FOR UPDATE`,
    [id],
  );
  return row ? toMarketRecord(row) : null;
}

export async function readMarket(tx: Queryable, id: string): Promise<MarketRecord> {
  const [row] = await tx.query<Parameters<typeof toMarketRecord>[0]>(
    `SELECT ${MARKET_COLUMNS} FROM markets m WHERE m.id = $1`,
    [id],
  );
  if (!row) throw new Error(`Market ${id} vanished inside its own transaction`);
  return toMarketRecord(row);
}

export async function lockMarketDate(tx: Queryable, id: string): Promise<StoredDate | null> {
  const [row] = await tx.query<StoredDate>(
    `SELECT ${DATE_COLUMNS}, d.replaces_date FROM market_dates d WHERE d.id = $1 FOR UPDATE`,
    [id],
  );
  return row ?? null;
}

/** A market's dates in order; with `ids`, only those. */
export async function listMarketDates(tx: Queryable, marketId: string, ids?: readonly string[]): Promise<StoredDate[]> {
  return tx.query<StoredDate>(
    `SELECT ${DATE_COLUMNS}, d.replaces_date FROM market_dates d
     WHERE d.market_id = $1 AND ($2::text[] IS NULL OR d.id = ANY($2::text[])) ORDER BY d.date_start, d.id`,
    [marketId, ids ?? null],
  );
}

/** Writes every field of a changed market and raises its version; answers the market as it now is. */
export async function updateMarket(tx: Queryable, market: NewMarket, now: Date): Promise<MarketRecord> {
  const [row] = await tx.query<Parameters<typeof toMarketRecord>[0]>(
    `UPDATE markets m SET ${MARKET_ASSIGNMENTS}, version = version + 1, updated_at = $${EDITABLE_COUNT + 2}
     WHERE m.id = $1 RETURNING ${MARKET_COLUMNS}`,
    [market.id, ...marketFieldValues(market), now],
  );
  if (!row) throw new Error(`Market ${market.id} vanished inside its own transaction`);
  return toMarketRecord(row);
}

/** Writes every field of a changed date and raises its version; answers the date as it now is. */
export async function updateMarketDate(
  tx: Queryable,
  date: NewMarketDate & { replaces_date: string | null },
  now: Date,
): Promise<StoredDate> {
  const [row] = await tx.query<StoredDate>(
    `UPDATE market_dates d SET date_start = $2, date_end = $3, time_from = $4, time_to = $5, status = $6, type = $7,
       note = $8, hidden = $9, replaces_date = $10, version = version + 1, updated_at = $11
     WHERE d.id = $1 RETURNING ${DATE_COLUMNS}, d.replaces_date`,
    [
      date.id,
      date.date_start,
      date.date_end,
      date.time_from,
      date.time_to,
      date.status,
      date.type,
      date.note,
      date.hidden,
      date.replaces_date,
      now,
    ],
  );
  if (!row) throw new Error(`Date ${date.id} vanished inside its own transaction`);
  return row;
}

/** Gives regular dates of a rule its new times (a rule change), raising their versions. */
export async function retimeMarketDates(
  tx: Queryable,
  ids: readonly string[],
  times: { time_from: string; time_to: string },
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    `UPDATE market_dates SET time_from = $2, time_to = $3, version = version + 1, updated_at = $4
     WHERE id = ANY($1::text[])`,
    [ids, times.time_from, times.time_to, now],
  );
}

export async function deleteMarketRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM markets WHERE id = $1', [id]);
}

export async function deleteMarketDateRows(tx: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await tx.query('DELETE FROM market_dates WHERE id = ANY($1::text[])', [ids]);
}

export interface MarketChange {
  marketId: string;
  marketDateId: string | null;
  user: { userId: string; email: string };
  at: Date;
  action: 'created' | 'updated' | 'deleted';
  changes: Record<string, [unknown, unknown]>;
  /** Issue 54: the file or address the change was imported from. */
  source?: string | undefined;
}

export async function insertMarketChange(tx: Queryable, change: MarketChange): Promise<void> {
  await tx.query(
    `INSERT INTO market_changes (market_id, market_date_id, user_id, user_email, changed_at, action, changes, source)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
    [
      change.marketId,
      change.marketDateId,
      change.user.userId,
      change.user.email,
      change.at,
      change.action,
      JSON.stringify(change.changes),
      change.source ?? null,
    ],
  );
}

export interface MarketChangeRecord {
  market_date_id: string | null;
  user_email: string;
  changed_at: string;
  action: MarketChange['action'];
  changes: Record<string, [unknown, unknown]>;
  /** Issue 54: "importiert aus …"; absent for a change made here. */
  source?: string;
}

/** Newest first. */
export async function listMarketChanges(db: Queryable, marketId: string): Promise<MarketChangeRecord[]> {
  const rows = await db.query<Omit<MarketChangeRecord, 'changed_at'> & { changed_at: Date; source: string | null }>(
    `SELECT market_date_id, user_email, changed_at, action, changes, source FROM market_changes
     WHERE market_id = $1 ORDER BY changed_at DESC, id DESC`,
    [marketId],
  );
  return rows.map(({ source, ...row }) => ({
    ...row,
    changed_at: row.changed_at.toISOString(),
    ...(source === null ? {} : { source }),
  }));
}
