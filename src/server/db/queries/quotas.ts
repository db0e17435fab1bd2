import { QUOTA_COLUMNS, type QuotaName, type Quotas } from '../../../lib/operator.ts';
import type { Queryable } from '../database.ts';

/** A municipality's quotas and what it uses of them; null for an unknown gkz. */
export async function readQuotas(db: Queryable, gkz: string): Promise<Quotas | null> {
  const [row] = await db.query<Quotas>(
    `SELECT mu.max_markets, mu.max_dates_per_market, mu.max_dates, mu.max_photo_megabytes,
       (SELECT coalesce(sum(bytes), 0)::float8 FROM market_photos p WHERE p.gkz = mu.gkz) AS photo_bytes,
       (SELECT count(*)::int FROM markets m WHERE m.gkz = mu.gkz) AS markets,
       (SELECT count(*)::int FROM market_dates d JOIN markets m ON m.id = d.market_id
         WHERE m.gkz = mu.gkz AND d.date_end >= quota_counts_from()) AS dates
     FROM municipalities mu WHERE mu.gkz = $1`,
    [gkz],
  );
  return row ?? null;
}

export async function setQuota(db: Queryable, gkz: string, name: QuotaName, value: number): Promise<boolean> {
  const rows = await db.query(`UPDATE municipalities SET ${QUOTA_COLUMNS[name]} = $2 WHERE gkz = $1 RETURNING gkz`, [
    gkz,
    value,
  ]);
  return rows.length === 1;
}
