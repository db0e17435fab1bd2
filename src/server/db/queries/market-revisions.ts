import type { Queryable } from '../database.ts';

/** How far a market and its dates have moved on since they were created (migration 0012). */
export interface MarketRevision {
  /**
   * Grows with every save of the market (its version) and every write to its dates, deletions
   * included, and never falls: the SEQUENCE of its calendar events (RFC 5545 3.8.7.4).
   */
  revision: number;
  /** The last change of the market or of any of its dates (ISO time). */
  changedAt: string;
}

/** Every market's revision, or only those of `ids`. */
export async function marketRevisions(db: Queryable, ids?: readonly string[]): Promise<Map<string, MarketRevision>> {
  const rows = await db.query<{ id: string; revision: number; changed_at: Date }>(
    `SELECT id, version - 1 + dates_revision AS revision,
       greatest(updated_at, dates_changed_at) AS changed_at FROM markets
     ${ids ? 'WHERE id = ANY($1::text[])' : ''}`,
    ids ? [ids] : [],
  );
  return new Map(rows.map((row) => [row.id, { revision: row.revision, changedAt: row.changed_at.toISOString() }]));
}
