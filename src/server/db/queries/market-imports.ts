import type { MarketRecord } from '../../../lib/market.ts';
import type { Queryable } from '../database.ts';
import { DATE_COLUMNS, MARKET_COLUMNS, toMarketRecord, type StoredDate } from './markets.ts';

/** A municipality's markets, and their dates from `today` on, which an import compares with its source. */
export async function municipalityMarkets(
  db: Queryable,
  gkz: string,
  today: string,
): Promise<{ markets: MarketRecord[]; dates: StoredDate[] }> {
  const rows = await db.query<Parameters<typeof toMarketRecord>[0]>(
    `SELECT ${MARKET_COLUMNS} FROM markets m WHERE m.gkz = $1 ORDER BY m.id`,
    [gkz],
  );
  const dates = await db.query<StoredDate>(
    `SELECT ${DATE_COLUMNS}, d.replaces_date FROM market_dates d JOIN markets m ON m.id = d.market_id
     WHERE m.gkz = $1 AND d.date_end >= $2::date ORDER BY d.date_start, d.id`,
    [gkz, today],
  );
  return { markets: rows.map(toMarketRecord), dates };
}

/** Issue 54: where an imported market came from, and the source's values at its last import (migration 0022). */
export interface MarketSourceRow {
  market_id: string;
  source_key: string;
  imported: unknown;
}

export async function listMarketSources(db: Queryable, gkz: string): Promise<MarketSourceRow[]> {
  return db.query<MarketSourceRow>('SELECT market_id, source_key, imported FROM market_sources WHERE gkz = $1', [gkz]);
}

export async function saveMarketSource(
  db: Queryable,
  source: { marketId: string; gkz: string; key: string; label: string; imported: unknown; at: Date },
): Promise<void> {
  // A market found by its title takes the key; a key that named a market deleted since names this one.
  await db.query('DELETE FROM market_sources WHERE gkz = $1 AND source_key = $2 AND market_id <> $3', [
    source.gkz,
    source.key,
    source.marketId,
  ]);
  await db.query(
    `INSERT INTO market_sources (market_id, gkz, source_key, source, imported, imported_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6)
     ON CONFLICT (market_id) DO UPDATE SET source_key = excluded.source_key, source = excluded.source,
       imported = excluded.imported, imported_at = excluded.imported_at`,
    [source.marketId, source.gkz, source.key, source.label, JSON.stringify(source.imported), source.at],
  );
}

/** A preview lives an hour: long enough to read it, short enough that its versions still hold. */
export const PREVIEW_HOURS = 1;

export async function savePreview(
  db: Queryable,
  preview: { id: string; userId: string; gkz: string | null; label: string; at: Date; rows: unknown },
): Promise<void> {
  await db.query(`DELETE FROM import_previews WHERE made_at < $1::timestamptz - interval '${PREVIEW_HOURS} hour'`, [
    preview.at,
  ]);
  await db.query(
    'INSERT INTO import_previews (id, user_id, gkz, source, made_at, rows) VALUES ($1, $2, $3, $4, $5, $6::jsonb)',
    [preview.id, preview.userId, preview.gkz, preview.label, preview.at, JSON.stringify(preview.rows)],
  );
}

/** The user's own preview, still young; it is taken (deleted) as it is read: a preview applies once. */
export async function takePreview(
  db: Queryable,
  { id, userId, at }: { id: string; userId: string; at: Date },
): Promise<{ gkz: string | null; source: string; rows: unknown } | null> {
  const [row] = await db.query<{ gkz: string | null; source: string; rows: unknown }>(
    `DELETE FROM import_previews WHERE id = $1 AND user_id = $2
       AND made_at >= $3::timestamptz - interval '${PREVIEW_HOURS} hour'
     RETURNING gkz, source, rows`,
    [id, userId, at],
  );
  return row ?? null;
}

/** The names of the municipalities an operator's spreadsheet names, by code; a code of none is left out. */
export async function namesOf(db: Queryable, codes: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.query<{ gkz: string; name: string }>(
    'SELECT gkz::text AS gkz, name FROM municipalities WHERE gkz = ANY($1::text[])',
    [codes],
  );
  return new Map(rows.map((row) => [row.gkz, row.name]));
}
