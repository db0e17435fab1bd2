import type { Queryable } from '../db/database.ts';

export interface Limit {
  /** What is counted, e.g. `login:pair:clerk@gemeinde.at|203.0.113.9`. */
  key: string;
  attempts: number;
  windowSeconds: number;
}

/** Counters are kept no longer than this, well past the longest window (an hour): they hold IP addresses. */
export const COUNTER_RETENTION_SECONDS = 24 * 60 * 60;

/**
 * Counts one attempt in a fixed window kept in the database (so every server process sees it).
 * Answers the seconds to wait when the limit is passed, else null. Old counters are deleted by
 * the scheduled purge (housekeeping.ts), not here.
 */
export async function hitLimit(db: Queryable, limit: Limit, now: Date): Promise<number | null> {
  const row = await count(db, limit, now);
  if (!row || row.attempts <= limit.attempts) return null;
  return secondsLeft(row.window_started_at, limit, now);
}

/** The attempts counted in the window so far (0 when none). */
export async function attemptsSoFar(db: Queryable, limit: Omit<Limit, 'attempts'>, now: Date): Promise<number> {
  const [row] = await db.query<{ attempts: number }>(
    `SELECT attempts FROM rate_limits WHERE key = $1 AND window_started_at > $2::timestamptz - $3 * interval '1 second'`,
    [limit.key, now, limit.windowSeconds],
  );
  return row?.attempts ?? 0;
}

/** Takes back one attempt counted ahead of its outcome (a login that succeeded was no guess). */
export async function giveBack(db: Queryable, key: string): Promise<void> {
  await db.query('UPDATE rate_limits SET attempts = attempts - 1 WHERE key = $1 AND attempts > 0', [key]);
}

export async function clearCounter(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE key = $1', [key]);
}

async function count(db: Queryable, limit: Limit, now: Date) {
  const [row] = await db.query<{ attempts: number; window_started_at: Date }>(
    `INSERT INTO rate_limits (key, window_started_at, attempts) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET
       attempts = CASE WHEN rate_limits.window_started_at <= $2 - $3 * interval '1 second' THEN 1 ELSE rate_limits.attempts + 1 END,
       window_started_at = CASE WHEN rate_limits.window_started_at <= $2 - $3 * interval '1 second' THEN $2 ELSE rate_limits.window_started_at END
     RETURNING attempts, window_started_at`,
    [limit.key, now, limit.windowSeconds],
  );
  return row;
}

function secondsLeft(windowStartedAt: Date, limit: Limit, now: Date): number {
  const endsAt = windowStartedAt.getTime() + limit.windowSeconds * 1000;
  return Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
}
