import type { Database, Queryable } from '../database.ts';

/** How long what the purge deletes is kept, in seconds past its end. */
export interface Retention {
  /** Attempt counters (they hold IP addresses), counted from their window's start. */
  counters: number;
  /** One-time tokens and registrations after they expired or were used: long enough to say "expired" rather than "unknown". */
  tokens: number;
  /** Visitors linked to no account, after their last change (issue 15, M5; the privacy policy states it). */
  visitors: number;
}

/** Deletes what has served its purpose (issue 15, M4 and "Also"): old counters, ended sessions, spent links. */
export async function purgeExpired(db: Queryable, now: Date, retention: Retention): Promise<void> {
  await db.query(`DELETE FROM rate_limits WHERE window_started_at < $1::timestamptz - $2 * interval '1 second'`, [
    now,
    retention.counters,
  ]);
  // Sessions end by the database's clock, as findLiveSession reads them (sessions.ts: 4 hours idle).
  await db.query(`DELETE FROM sessions WHERE expires_at < now() OR last_seen_at < now() - interval '4 hours'`);
  await db.query(
    `DELETE FROM one_time_tokens WHERE coalesce(used_at, expires_at) < $1::timestamptz - $2 * interval '1 second'`,
    [now, retention.tokens],
  );
  await db.query(
    `DELETE FROM registrations WHERE coalesce(used_at, expires_at) < $1::timestamptz - $2 * interval '1 second'`,
    [now, retention.tokens],
  );
  await db.query(
    `DELETE FROM visitors WHERE user_id IS NULL AND updated_at < $1::timestamptz - $2 * interval '1 second'`,
    [now, retention.visitors],
  );
}

/**
 * The embedded database has no autovacuum: without this its planner never learns how large the
 * tables are, and read one municipality's 107 dates by scanning all of Austria's 58,000 (13 ms
 * instead of 3, issue 18). PostgreSQL's autovacuum does the same on its own. About 0.4 s of the
 * database's thread at Austria scale, in which no other query runs, so at start and then once a day.
 */
export async function refreshStatistics(db: Database): Promise<void> {
  if (db.kind === 'pglite') await db.exec('VACUUM ANALYZE');
}
