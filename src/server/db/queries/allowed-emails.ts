import type { Queryable } from '../database.ts';

/** Allows the address for the municipality; an address allowed elsewhere before moves there. */
export async function allowEmail(db: Queryable, email: string, gkz: string): Promise<void> {
  await db.query(
    'INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2) ON CONFLICT (email) DO UPDATE SET gkz = excluded.gkz',
    [email, gkz],
  );
}

/** Allows the address unless it is allowed already, wherever that is. */
export async function allowEmailIfNew(db: Queryable, email: string, gkz: string): Promise<void> {
  await db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2) ON CONFLICT DO NOTHING', [email, gkz]);
}
