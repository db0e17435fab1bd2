import type { Queryable } from '../db/database.ts';

export interface Limit {
  /** What is counted, e.g. `login:address:clerk@gemeinde.at`. */
  key: string;
  attempts: number;
  windowSeconds: number;
}

/**
 * Counts one attempt in a fixed window kept in the database (so every server process sees it).
 * Answers the seconds to wait when the limit is passed, else null.
 */
export async function hitLimit(db: Queryable, limit: Limit, now: Date): Promise<number | null> {
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
