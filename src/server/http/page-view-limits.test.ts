import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error.ts';
import { loadConfig } from '../config.ts';
import type { ApiEnv } from './api-env.ts';
import { PAGE_VIEW_LIMITS, PAGE_VIEW_NETWORKS, pageViewLimits } from './page-view-limits.ts';

/** Issue 49 review: page views counted per network in memory, a bounded number of networks. */
const HOUR = 60 * 60 * 1000;

function limited() {
  const clock = { now: new Date('2026-05-04T08:00:00Z') };
  const limit = pageViewLimits(loadConfig({}), () => clock.now);
  // What client-ip.ts reads of a request on @hono/node-server: the socket's peer.
  const view = (address: string): number | 'counted' => {
    try {
      limit({ env: { incoming: { socket: { remoteAddress: address } } } } as unknown as Context<ApiEnv>);
      return 'counted';
    } catch (error) {
      if (error instanceof ApiError && error.retryAfter !== undefined) return error.retryAfter;
      throw error;
    }
  };
  return { view, clock };
}

const ipv4 = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

describe('page view limits', () => {
  it('always counts a new network, forgetting the one longest unseen once the bound is reached', () => {
    const { view } = limited();
    for (let n = 0; n < PAGE_VIEW_NETWORKS; n++) view(ipv4(n));
    expect(view('192.0.2.1')).toBe('counted');
  });

  it('refuses a network past its views until its hour is over', () => {
    const { view, clock } = limited();
    for (let n = 0; n < PAGE_VIEW_LIMITS.network; n++) view('192.0.2.9');
    clock.now = new Date(clock.now.getTime() + HOUR / 4);
    expect(view('192.0.2.9')).toBe((3 * HOUR) / 4 / 1000);
    clock.now = new Date(clock.now.getTime() + (3 * HOUR) / 4);
    expect(view('192.0.2.9')).toBe('counted');
  });
});
