import type { Queryable } from '../database.ts';

/** Issue 15, M8: the operator's ways to take editing rights away. Each answers what it changed. */

export async function disallowEmail(db: Queryable, gkz: string, email: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM allowed_emails WHERE email = $1 AND gkz = $2 RETURNING email', [email, gkz]);
  return rows.length === 1;
}

export async function disableUser(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.query(
    'UPDATE users SET disabled_at = coalesce(disabled_at, now()) WHERE email = $1 RETURNING id',
    [email],
  );
  return rows.length === 1;
}

/**
 * An allowed address moved to another municipality takes its account along (its staff member
 * moved), and every session of it ends: the next login is into the new municipality. Answers
 * whether there was an account to move.
 */
export async function moveUser(db: Queryable, email: string, gkz: string): Promise<boolean> {
  const moved = await db.query<{ id: string }>(
    'UPDATE users SET gkz = $2 WHERE email = $1 AND gkz <> $2 RETURNING id',
    [email, gkz],
  );
  if (moved.length === 0) return false;
  await db.query('DELETE FROM sessions WHERE user_id = $1', [moved[0]!.id]);
  return true;
}

/** Ends every session of the user with that address; answers how many. */
export async function endSessionsOf(db: Queryable, email: string): Promise<number> {
  const rows = await db.query(
    'DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE email = $1) RETURNING user_id',
    [email],
  );
  return rows.length;
}
