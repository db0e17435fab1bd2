import type { Queryable } from '../database.ts';

/**
 * Spends `amount` of a budget kept as a rate-limit counter (`attempts` holds what was spent) in a
 * fixed window of `windowSeconds`: a window that has run out starts again at `now`. Spent only when
 * it fits within `budget`, so a refused call leaves the rest for smaller ones. Answers null when
 * spent, else when the window started.
 */
export async function spendFromBudget(
  db: Queryable,
  key: string,
  now: Date,
  windowSeconds: number,
  amount: number,
  budget: number,
): Promise<Date | null> {
  const spent = await db.query(
    `INSERT INTO rate_limits AS r (key, window_started_at, attempts) VALUES ($1, $2, $4)
     ON CONFLICT (key) DO UPDATE SET
       attempts = CASE WHEN r.window_started_at <= $2 - $3 * interval '1 second' THEN $4 ELSE r.attempts + $4 END,
       window_started_at = CASE WHEN r.window_started_at <= $2 - $3 * interval '1 second' THEN $2 ELSE r.window_started_at END
     WHERE r.window_started_at <= $2 - $3 * interval '1 second' OR r.attempts + $4 <= $5
     RETURNING 1`,
    [key, now, windowSeconds, amount, budget],
  );
  if (spent.length === 1) return null;
  const [row] = await db.query<{ window_started_at: Date }>(
    'SELECT window_started_at FROM rate_limits WHERE key = $1',
    [key],
  );
  return row?.window_started_at ?? now;
}

/**
 * Gives back `amount` spent from a budget, when a later budget refused the same call: a refused
 * call spends nothing (docs/api.md). In a window started since, it takes back at most what is there.
 */
export async function refundBudget(db: Queryable, key: string, amount: number): Promise<void> {
  await db.query('UPDATE rate_limits SET attempts = GREATEST(attempts - $2, 0) WHERE key = $1', [key, amount]);
}
