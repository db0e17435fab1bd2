import type { Queryable } from '../database.ts';

/** Idle sessions end after this; the purge (housekeeping.ts) uses the same span. */
const SESSION_IDLE = "interval '4 hours'";
/** The idle clock moves on at most this often. */
const TOUCH_EVERY = "interval '1 minute'";

export interface LiveSessionRow {
  user_id: string;
  email: string;
  gkz: string;
  confirmed: boolean;
  operator: boolean;
}

/**
 * The user of a live session by its token's hash. The idle clock is moved on at most once a
 * minute, so an editor's stream of requests is not a stream of writes (and the lookup a plain
 * read: as one statement with the update beside it, it cost the embedded database a third more).
 */
export async function findLiveSession(db: Queryable, tokenHash: string): Promise<LiveSessionRow | undefined> {
  const [row] = await db.query<LiveSessionRow & { touch_due: boolean }>(
    `SELECT u.id AS user_id, u.email, u.gkz, u.email_confirmed_at IS NOT NULL AS confirmed,
       u.operator_since IS NOT NULL AS operator, s.last_seen_at < now() - ${TOUCH_EVERY} AS touch_due
     FROM sessions s JOIN users u ON u.id = s.user_id
     -- Issue 15, M8: checked on every use, so a moved or removed address or a disabled user is out at once.
     JOIN allowed_emails a ON a.email = u.email AND a.gkz = u.gkz
     WHERE s.token_hash = $1 AND u.disabled_at IS NULL AND s.expires_at > now() AND s.last_seen_at > now() - ${SESSION_IDLE}`,
    [tokenHash],
  );
  if (!row) return undefined;
  const { touch_due: touchDue, ...user } = row;
  // Requests at once all see the clock due: only the first moves it.
  if (touchDue)
    await db.query(
      `UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1 AND last_seen_at < now() - ${TOUCH_EVERY}`,
      [tokenHash],
    );
  return user;
}

/**
 * A session ending `lifetimeSeconds` from now by the database's clock, as findLiveSession reads it.
 * The user's sessions beyond the newest `keep` end in the same statement, ended ones first, then
 * the oldest (issue 49): the new one is not among those it sees, so it is never the one ended.
 */
export async function insertSession(
  db: Queryable,
  tokenHash: string,
  userId: string,
  lifetimeSeconds: number,
  keep: number,
): Promise<void> {
  await db.query(
    `WITH added AS (
       INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + $3 * interval '1 second')
     )
     DELETE FROM sessions WHERE token_hash IN (
       SELECT token_hash FROM sessions WHERE user_id = $2
       ORDER BY (expires_at > now() AND last_seen_at > now() - ${SESSION_IDLE}) DESC, created_at DESC
       OFFSET $4
     )`,
    [tokenHash, userId, lifetimeSeconds, keep - 1],
  );
}

export async function deleteSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
}

/** Every session of the user but the one with `keepHash` (none kept when it is null). */
export async function deleteOtherSessions(db: Queryable, userId: string, keepHash: string | null): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash IS DISTINCT FROM $2', [userId, keepHash]);
}
