import type { Context } from 'hono';
import { ApiError } from '../api-error.ts';
import { hitLimit } from '../auth/rate-limit.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { ApiEnv } from './api-env.ts';
import { clientNetworksOf } from './client-ip.ts';

const HOUR = 60 * 60;

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

export type AnonymousLimit = (c: Context<ApiEnv>, action: keyof typeof ANONYMOUS_LIMITS) => Promise<void>;

/** Counts the call for the client's network (IPv6: /64, and /48 at three times the limit); 429 beyond. */
export function anonymousLimits(db: Database, config: Config, clock: () => Date): AnonymousLimit {
  return async (c, action) => {
    const { own, wider } = clientNetworksOf(c, config);
    const attempts: number = ANONYMOUS_LIMITS[action];
    const limits = [{ key: `${action}:ip:${own}`, attempts, windowSeconds: HOUR }];
    if (wider) limits.push({ key: `${action}:ip48:${wider}`, attempts: attempts * 3, windowSeconds: HOUR });
    for (const limit of limits) {
      const wait = await hitLimit(db, limit, clock());
      if (wait !== null) throw ApiError.rateLimited(wait);
    }
  };
}
