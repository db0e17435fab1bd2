import type { Database } from '../db/database.ts';
import { pruneContentChanges } from '../db/queries/content-changes.ts';
import { purgeExpired, reclaimSpace, refreshStatistics } from '../db/queries/housekeeping.ts';
import { KNOWN_NETWORK_DAYS } from './login-throttle.ts';
import { COUNTER_RETENTION_SECONDS } from './rate-limit.ts';

/** At most this often: a purge per request cost 22 ms per attempt at 100,000 counters (issue 15, M4). */
const PURGE_EVERY_MS = 10 * 60 * 1000;
const TOKEN_RETENTION_SECONDS = 7 * 24 * 60 * 60;
/** The privacy policy's promise: a visitor's app state without an account is kept 180 days after its last change. */
export const VISITOR_RETENTION_DAYS = 180;
/** A visitor whose state is still empty is deleted after this: a page opened once (the app makes it again when needed). */
export const EMPTY_VISITOR_RETENTION_DAYS = 7;
/**
 * The content change log for delta sync (migration 0011) is kept a week, and at most this many
 * writing transactions (a busy week at Austria scale: about a save a second through the working
 * day); an app whose copy is older gets the full answer.
 */
const CHANGE_LOG_SECONDS = 7 * 24 * 60 * 60;
const CHANGE_LOG_MAX_COMMITS = 200_000;
/** The embedded database's statistics (refreshStatistics): counted at start, then once a day. */
const STATISTICS_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Issue 49: the embedded database's dead rows are looked at this often (reclaimSpace: a count when
 * there is nothing to do). A VACUUM of few dead rows is short: of 500 replaced states among 300,000
 * visitors 35 ms, of 5,000 about a second, in which no request reaches the database.
 */
const RECLAIM_EVERY_MS = 60 * 1000;

/**
 * The purge on a schedule of the server's clock: the first request after each interval starts it
 * beside the requests (so tests that move the clock see it, and an idle server does no work). It
 * answers the running purge, for a test to wait on; requests do not wait.
 */
export function createHousekeeping(db: Database, clock: () => Date) {
  let last = -Infinity;
  let reclaimedAt = -Infinity;
  let statisticsAt = clock().getTime();
  let running: Promise<void> | null = null;
  const purge = (now: Date) =>
    purgeExpired(db, now, {
      counters: COUNTER_RETENTION_SECONDS,
      tokens: TOKEN_RETENTION_SECONDS,
      visitors: VISITOR_RETENTION_DAYS * 24 * 60 * 60,
      emptyVisitors: EMPTY_VISITOR_RETENTION_DAYS * 24 * 60 * 60,
      loginNetworks: KNOWN_NETWORK_DAYS * 24 * 60 * 60,
    })
      .then(() => pruneContentChanges(db, now, CHANGE_LOG_SECONDS, CHANGE_LOG_MAX_COMMITS))
      .catch((error: unknown) => console.error('Purging expired counters, sessions and links failed:', error));
  return {
    async maybePurge(): Promise<void> {
      const now = clock();
      if (running) return running;
      const purgeDue = now.getTime() - last >= PURGE_EVERY_MS;
      if (!purgeDue && now.getTime() - reclaimedAt < RECLAIM_EVERY_MS) return;
      if (purgeDue) last = now.getTime();
      reclaimedAt = now.getTime();
      running = (purgeDue ? purge(now) : Promise.resolve())
        .then(() => reclaimSpace(db))
        .catch((error: unknown) => console.error('Vacuuming the tables open to anyone failed:', error))
        .then(async () => {
          if (now.getTime() - statisticsAt < STATISTICS_EVERY_MS) return;
          await refreshStatistics(db);
          statisticsAt = now.getTime();
        })
        .catch((error: unknown) => console.error('Counting the tables for the planner failed:', error))
        .finally(() => {
          running = null;
        });
      return running;
    },
  };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;
