import type { Queryable } from '../database.ts';

/** What is known of all markets without reading their fields: how many, their age, their municipality. */

export async function countMarkets(db: Queryable): Promise<number> {
  const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM markets');
  return row?.count ?? 0;
}

/** Every market's id, the oldest first (ties by id, so the order is the same on every read). */
export async function marketIdsByAge(db: Queryable): Promise<string[]> {
  return (await db.query<{ id: string }>('SELECT id FROM markets ORDER BY created_at, id')).map((row) => row.id);
}

/** The municipality (gkz) of every market, hidden ones too, by market id. */
export async function municipalityOfMarkets(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.query<{ id: string; gkz: string }>('SELECT id, gkz FROM markets');
  return new Map(rows.map((row) => [row.id, row.gkz]));
}
