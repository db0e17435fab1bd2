import type { Queryable } from '../database.ts';

/**
 * Counts one attempt for `key` in a fixed window of `windowSeconds`: a window that has run out
 * starts again at `now` with this attempt. Answers the count and when the window started.
 */
export async function countAttempt(
  db: Queryable,
  key: string,
  now: Date,
  windowSeconds: number,
): Promise<{ attempts: number; window_started_at: Date } | undefined> {
  const [row] = await db.query<{ attempts: number; window_started_at: Date }>(
    `INSERT INTO rate_limits (key, window_started_at, attempts) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET
       attempts = CASE WHEN rate_limits.window_started_at <= $2 - $3 * interval '1 second' THEN 1 ELSE rate_limits.attempts + 1 END,
       window_started_at = CASE WHEN rate_limits.window_started_at <= $2 - $3 * interval '1 second' THEN $2 ELSE rate_limits.window_started_at END
     RETURNING attempts, window_started_at`,
    [key, now, windowSeconds],
  );
  return row;
}

/** The attempts counted for `key` in a window still running at `now` (0 when none). */
export async function attemptsInWindow(db: Queryable, key: string, now: Date, windowSeconds: number): Promise<number> {
  const [row] = await db.query<{ attempts: number }>(
    `SELECT attempts FROM rate_limits WHERE key = $1 AND window_started_at > $2::timestamptz - $3 * interval '1 second'`,
    [key, now, windowSeconds],
  );
  return row?.attempts ?? 0;
}

export async function takeBackAttempt(db: Queryable, key: string): Promise<void> {
  await db.query('UPDATE rate_limits SET attempts = attempts - 1 WHERE key = $1 AND attempts > 0', [key]);
}

export async function deleteCounter(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE key = $1', [key]);
}
