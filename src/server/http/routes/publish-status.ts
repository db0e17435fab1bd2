import type { Hono } from 'hono';
import type { Publisher } from '../../directory/publisher.ts';
import type { ApiEnv } from '../api-env.ts';

/**
 * Extension (issue 17, api.md "Publish status"): whether the public directory shows the latest
 * save yet, for the clerk's notice after saving. With `?market=<id>` also that market's public
 * page, or null while it is not public. Public data only, so no session is needed.
 */
export function publishRoutes(api: Hono<ApiEnv>, publisher: Publisher): void {
  api.get('/publish_status', async (c) => {
    const market = c.req.query('market');
    const status = await publisher.checkedStatus();
    const published = publisher.current();
    return c.json(
      {
        data: {
          ...status,
          ...(market === undefined ? {} : { path: published.marketPaths.get(market) ?? null }),
        },
      },
      200,
      { 'Cache-Control': 'no-store' },
    );
  });
}
