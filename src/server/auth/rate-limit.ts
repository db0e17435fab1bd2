import type { Queryable } from '../db/database.ts';

export interface Limit {
  /** What is counted, e.g. `login:address:clerk@gemeinde.at`. */
  key: string;
  attempts: number;
  windowSeconds: number;
}

/** Counters are kept no longer than this, well past the longest window (an hour): they hold IP addresses. */
export const COUNTER_RETENTION_SECONDS = 24 * 60 * 60;

/**
 * Counts one attempt in a fixed window kept in the database (so every server process sees it).
 * Answers the seconds to wait when the limit is passed, else null. Deletes counters whose
 * window is long over, as the privacy policy promises.
 */
export async function hitLimit(db: Queryable, limit: Limit, now: Date): Promise<number | null> {
  await db.query(`DELETE FROM rate_limits WHERE window_started_at < $1::timestamptz - $2 * interval '1 second'`, [
    now,
    COUNTER_RETENTION_SECONDS,
  ]);
  const [row] = await db.query<{ attempts: number; window_started_at: Date }>(
    `INSERT INTO rate_limits (key, window_started_at, attempts) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET
       attempts = CASE WHEN rate_limits.window_started_at <= $2 - $3 * interval '1 second' THEN 1 ELSE rate_limits.attempts + 1 END,
       window_started_at = CASE WHEN rate_limits.window_started_at <= $2 - $3 * interval '1 second' THEN $2 ELSE rate_limits.window_started_at END
     RETURNING attempts, window_started_at`,
    [limit.key, now, limit.windowSeconds],
  );
  if (!row || row.attempts <= limit.attempts) return null;
  const endsAt = row.window_started_at.getTime() + limit.windowSeconds * 1000;
  return Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
}
