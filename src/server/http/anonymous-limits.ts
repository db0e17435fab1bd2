import type { Context } from 'hono';
import { ApiError } from '../api-error.ts';
import { hitLimit, secondsLeft } from '../auth/rate-limit.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { refundBudget, spendFromBudget } from '../db/queries/budgets.ts';
import type { ApiEnv } from './api-env.ts';
import { clientNetworksOf } from './client-ip.ts';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
const MiB = 1024 * 1024;

/**
 * Issue 15, M5: what anyone may do without an account, per client network and hour. New visitors
 * are what grows the database (up to 64 KiB of state each), so they are the scarcest; an
 * app replaces its own state often. A browser makes one visitor, and a school's or an office's
 * network some dozens, well under these.
 */
export const ANONYMOUS_LIMITS = {
  create_visitor: 100,
  update_visitor: 1200,
} as const;

/**
 * Issue 49: the bytes of visitor state a network may write, whatever the number of calls: 64 KiB
 * states within the counts above were 6 GB a day per /48. The app's state is a few hundred bytes
 * to a few KiB: a network's 1,200 saves an hour of up to 1.7 KiB each fit in 2 MiB. `widest` is
 * per IPv6 /48, or per IPv4 address, in a day: what an hour and a day may add to the database.
 */
export const STATE_BYTES = {
  network: { bytes: 2 * MiB, windowSeconds: HOUR },
  wider: { bytes: 4 * MiB, windowSeconds: HOUR },
  widest: { bytes: 16 * MiB, windowSeconds: DAY },
} as const;

/** Counts the call for the client's network; `update_visitor` also spends the state's bytes. */
export type AnonymousLimit = (
  c: Context<ApiEnv>,
  action: keyof typeof ANONYMOUS_LIMITS,
  stateBytes?: number,
) => Promise<void>;

/** Counts the call for the client's network (IPv6: /64, and /48 at three times the limit); 429 beyond. */
export function anonymousLimits(db: Database, config: Config, clock: () => Date): AnonymousLimit {
  return async (c, action, stateBytes = 0) => {
    const { own, wider } = clientNetworksOf(c, config);
    const attempts: number = ANONYMOUS_LIMITS[action];
    const limits = [{ key: `${action}:ip:${own}`, attempts, windowSeconds: HOUR }];
    if (wider) limits.push({ key: `${action}:ip48:${wider}`, attempts: attempts * 3, windowSeconds: HOUR });
    for (const limit of limits) {
      const wait = await hitLimit(db, limit, clock());
      if (wait !== null) throw ApiError.rateLimited(wait);
    }
    if (stateBytes === 0) return;
    const budgets = [{ key: `state_bytes:ip:${own}`, ...STATE_BYTES.network }];
    if (wider) budgets.push({ key: `state_bytes:ip48:${wider}`, ...STATE_BYTES.wider });
    budgets.push({ key: `state_bytes_day:${wider ?? own}`, ...STATE_BYTES.widest });
    const spent: string[] = [];
    for (const { key, bytes, windowSeconds } of budgets) {
      const now = clock();
      const started = await spendFromBudget(db, key, now, windowSeconds, stateBytes, bytes);
      if (started === null) {
        spent.push(key);
        continue;
      }
      // A refused state spends nothing: the budgets before the one that refused get their bytes back.
      for (const earlier of spent) await refundBudget(db, earlier, stateBytes);
      throw ApiError.rateLimited(secondsLeft(started, windowSeconds, now));
    }
  };
}
