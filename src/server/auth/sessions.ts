import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

/** Name of the HttpOnly session cookie (set by register/login, issue 3). */
export const SESSION_COOKIE = 'session';

export interface SessionUser {
  userId: string;
  email: string;
  gkz: string;
}

/** Only the SHA-256 of a session token is stored, so a leaked table opens no session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The user of a live session, or null for an unknown, expired or malformed token. */
export async function findSessionUser(db: Queryable, token: string | undefined): Promise<SessionUser | null> {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db.query<{ user_id: string; email: string; gkz: string }>(
    `SELECT u.id AS user_id, u.email, u.gkz FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [hashToken(token)],
  );
  return row ? { userId: row.user_id, email: row.email, gkz: row.gkz } : null;
}
