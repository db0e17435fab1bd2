import type { Queryable } from '../database.ts';

/** Fails when the database does not answer. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
