import type { Database, Queryable } from '../database.ts';

/** How long what the purge deletes is kept, in seconds past its end. */
export interface Retention {
  /** Attempt counters (they hold IP addresses), counted from their window's start. */
  counters: number;
  /** One-time tokens and registrations after they expired or were used: long enough to say "expired" rather than "unknown". */
  tokens: number;
  /** Visitors linked to no account, after their last change (issue 15, M5; the privacy policy states it). */
  visitors: number;
  /** Visitors linked to no account whose state is still empty: they hold nothing to keep (issue 49). */
  emptyVisitors: number;
  /** Networks an account logged in from (issue 49), after the last login from each. */
  loginNetworks: number;
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
    `DELETE FROM visitors WHERE user_id IS NULL AND (updated_at < $1::timestamptz - $2 * interval '1 second'
       OR state = '{}'::jsonb AND updated_at < $1::timestamptz - $3 * interval '1 second')`,
    [now, retention.visitors, retention.emptyVisitors],
  );
  await db.query(`DELETE FROM login_networks WHERE last_login_at < $1::timestamptz - $2 * interval '1 second'`, [
    now,
    retention.loginNetworks,
  ]);
}

/** The tables anyone may write without an account (issue 49). */
const OPEN_TABLES = ['visitors', 'page_views', 'rate_limits'];
/** Dead rows (with their TOAST chunks of about 2 KB) worth a VACUUM: some hundred KB to reuse. */
const DEAD_ROWS_TO_VACUUM = 500;
/** Log written since the last checkpoint worth a new one: one of its files. */
const LOG_BYTES_TO_CHECKPOINT = 16 * 1024 * 1024;

/**
 * Issue 49: the embedded database has no autovacuum, so the space of replaced states, page views
 * and counters was reused only after the nightly VACUUM; and no checkpointer (PostgreSQL asks for
 * a checkpoint for the log's size only under its postmaster), so its log went into new files until
 * the database was closed. Here a table of OPEN_TABLES with enough dead rows is vacuumed (one at a
 * time: requests go between), and a checkpoint made when enough log was written, after which its
 * files are reused. Nothing when there is nothing to reclaim. On PostgreSQL, autovacuum and the
 * checkpointer do this.
 */
export async function reclaimSpace(db: Database): Promise<void> {
  if (db.kind !== 'pglite') return;
  await db.query('SELECT pg_stat_force_next_flush()'); // the counts below include this minute's writes
  const tables = await db.query<{ name: string; dead: string }>(
    `SELECT relname AS name, pg_stat_get_dead_tuples(oid) + coalesce(pg_stat_get_dead_tuples(nullif(reltoastrelid, 0)), 0) AS dead
     FROM pg_class WHERE relname = ANY($1) AND relnamespace = 'public'::regnamespace`,
    [OPEN_TABLES],
  );
  for (const { name, dead } of tables) {
    if (Number(dead) >= DEAD_ROWS_TO_VACUUM) await db.exec(`VACUUM ${name}`);
  }
  const [log] = await db.query<{ bytes: string }>(
    'SELECT pg_current_wal_insert_lsn() - (pg_control_checkpoint()).redo_lsn AS bytes',
  );
  if (Number(log?.bytes) >= LOG_BYTES_TO_CHECKPOINT) await db.exec('CHECKPOINT');
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

/**
 * Whether the embedded database's planner has never counted a table of the portal (a new database,
 * or a table a migration made): then a start counts them before it serves, else a moment after.
 */
export async function tablesNeverCounted(db: Database): Promise<boolean> {
  if (db.kind !== 'pglite') return false;
  const [row] = await db.query<{ tables: number }>(
    `SELECT count(*)::int AS tables FROM pg_class
     WHERE relkind = 'r' AND reltuples < 0 AND relnamespace = 'public'::regnamespace`,
  );
  return (row?.tables ?? 0) > 0;
}
