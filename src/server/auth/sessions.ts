import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

/** Name of the HttpOnly session cookie (set by register and login). */
export const SESSION_COOKIE = 'session';

/**
 * Over https the cookie is `__Host-session` (issue 15, L3): browsers then accept it only when
 * Secure, for path / and without a domain, so no sibling subdomain or plain-http page can set it.
 */
export function sessionCookieName(https: boolean): string {
  return https ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** A session ends 12 hours after login, or after 4 hours without a request. */
export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;
const SESSION_IDLE = "interval '4 hours'";

export interface SessionUser {
  userId: string;
  email: string;
  gkz: string;
  /** Issue 15, H1: only a proven mailbox may write. */
  emailConfirmed: boolean;
}

/** Only the SHA-256 of a session token is stored, so a leaked table opens no session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The user of a live session, or null for an unknown, expired or malformed token. The idle clock
 * is moved on at most once a minute, so an editor's stream of requests is not a stream of writes.
 */
export async function findSessionUser(db: Queryable, token: string | undefined): Promise<SessionUser | null> {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db.query<{ user_id: string; email: string; gkz: string; confirmed: boolean }>(
    `WITH live AS (
       SELECT s.token_hash, s.last_seen_at, u.id AS user_id, u.email, u.gkz, u.email_confirmed_at IS NOT NULL AS confirmed
       FROM sessions s JOIN users u ON u.id = s.user_id
       -- Issue 15, M8: checked on every use, so a moved or removed address or a disabled user is out at once.
       JOIN allowed_emails a ON a.email = u.email AND a.gkz = u.gkz
       WHERE s.token_hash = $1 AND u.disabled_at IS NULL AND s.expires_at > now() AND s.last_seen_at > now() - ${SESSION_IDLE}
     ), touched AS (
       UPDATE sessions SET last_seen_at = now()
       WHERE token_hash IN (SELECT token_hash FROM live WHERE last_seen_at < now() - interval '1 minute')
     )
     SELECT user_id, email, gkz, confirmed FROM live`,
    [hashToken(token)],
  );
  return row ? { userId: row.user_id, email: row.email, gkz: row.gkz, emailConfirmed: row.confirmed } : null;
}

/** Starts a session: a random 256-bit token for the cookie, its hash for the database. */
export async function startSession(db: Queryable, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + $3 * interval '1 second')`,
    [hashToken(token), userId, SESSION_LIFETIME_SECONDS],
  );
  return token;
}

export async function endSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}

/** After a password reset, every session of the user but the one given ends. */
export async function endOtherSessions(db: Queryable, userId: string, keepToken: string | null): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash IS DISTINCT FROM $2', [
    userId,
    keepToken && hashToken(keepToken),
  ]);
}
