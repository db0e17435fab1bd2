import type { Context } from 'hono';
import { ApiError } from '../api-error.ts';
import type { Config } from '../config.ts';
import type { ApiEnv } from './api-env.ts';
import { clientNetworksOf } from './client-ip.ts';

/**
 * Issue 49: the page views a client network may have counted in an hour (IPv6: per /64, and per
 * /48 at three times). A reader opens some dozens of pages an hour; beyond these a view is refused
 * (429) and not counted, so no network can grow the table and its log without end.
 */
export const PAGE_VIEW_LIMITS = { network: 600, wider: 1800 } as const;
const HOUR_MS = 60 * 60 * 1000;
/** Networks counted in one hour at most (some MB of memory); beyond, views of further networks are refused too. */
const MAX_NETWORKS = 50_000;

export type PageViewLimit = (c: Context<ApiEnv>) => void;

/**
 * Counted in this process's memory only, never in the database, and forgotten every hour: the
 * consent notice promises that page views are counted without IP addresses (so with several
 * server processes, each allows these numbers). One window for all networks, from the first view
 * counted after the last window ended.
 */
export function pageViewLimits(config: Config, clock: () => Date): PageViewLimit {
  let windowStart = -Infinity;
  let counts = new Map<string, number>();
  return (c) => {
    const now = clock().getTime();
    if (now - windowStart >= HOUR_MS) {
      windowStart = now;
      counts = new Map();
    }
    const { own, wider } = clientNetworksOf(c, config);
    const tiers: [string, number][] = [[own, PAGE_VIEW_LIMITS.network]];
    if (wider) tiers.push([wider, PAGE_VIEW_LIMITS.wider]);
    const refused = tiers.some(([network, limit]) => {
      const seen = counts.get(network);
      return seen === undefined ? counts.size >= MAX_NETWORKS : seen >= limit;
    });
    if (refused) throw ApiError.rateLimited(Math.max(1, Math.ceil((windowStart + HOUR_MS - now) / 1000)));
    for (const [network] of tiers) counts.set(network, (counts.get(network) ?? 0) + 1);
  };
}
