import type { Context } from 'hono';
import { LRUCache } from 'lru-cache';
import { ApiError } from '../api-error.ts';
import { secondsLeft } from '../auth/rate-limit.ts';
import type { Config } from '../config.ts';
import type { ApiEnv } from './api-env.ts';
import { clientNetworksOf } from './client-ip.ts';

/**
 * Issue 49: the page views a client network may have counted in an hour (IPv6: per /64, and per
 * /48 at three times). A reader opens some dozens of pages an hour; beyond these a view is refused
 * (429) and not counted, so no network can grow the table and its log without end.
 */
export const PAGE_VIEW_LIMITS = { network: 600, wider: 1800 } as const;
const HOUR_SECONDS = 60 * 60;
/**
 * Networks counted at once (some MB of memory). Beyond, the one longest unseen is forgotten: a new
 * network is always counted, and one that was forgotten starts its hour again (issue 49 review).
 */
export const PAGE_VIEW_NETWORKS = 50_000;

export type PageViewLimit = (c: Context<ApiEnv>) => void;

interface Counted {
  views: number;
  /** When its hour began, in ms of the clock. */
  since: number;
}

/**
 * Counted in this process's memory only, never in the database, and forgotten after an hour: the
 * consent notice promises that page views are counted without IP addresses (so with several
 * server processes, each allows these numbers). Each network's hour starts at its first view.
 */
export function pageViewLimits(config: Config, clock: () => Date): PageViewLimit {
  const counts = new LRUCache<string, Counted>({
    max: PAGE_VIEW_NETWORKS,
    // lru-cache keeps an entry while its age is at most ttl: gone at the hour, when Retry-After said.
    ttl: HOUR_SECONDS * 1000 - 1,
    // The portal's clock, which tests move on; its hour is measured from the first view, never renewed.
    perf: { now: () => clock().getTime() },
    ttlResolution: 0, // the clock read at each look, not kept for a millisecond by a timer
  });
  return (c) => {
    const now = clock().getTime();
    const { own, wider } = clientNetworksOf(c, config);
    const tiers: [string, number][] = [[own, PAGE_VIEW_LIMITS.network]];
    if (wider) tiers.push([wider, PAGE_VIEW_LIMITS.wider]);
    const counted = tiers.map(([network, limit]) => ({ network, limit, seen: counts.get(network) }));
    const full = counted.find(({ seen, limit }) => seen !== undefined && seen.views >= limit);
    if (full?.seen) throw ApiError.rateLimited(secondsLeft(full.seen.since, HOUR_SECONDS, now));
    for (const { network, seen } of counted) {
      if (seen) seen.views++;
      else counts.set(network, { views: 1, since: now });
    }
  };
}
