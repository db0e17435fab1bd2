import type { Hono } from 'hono';
import { viennaDay } from '../../../lib/market-rules.ts';
import { pageViewSchema } from '../../../lib/page-view.ts';
import type { Database } from '../../db/database.ts';
import { countPageView } from '../../db/queries/page-views.ts';
import type { ApiEnv } from '../api-env.ts';
import type { PageViewLimit } from '../page-view-limits.ts';
import { parseFields, readFields } from '../request.ts';
import type { SitePathCheck } from '../site-paths.ts';

/**
 * The analytics script's one call (issue 5): a page view adds one to its day's count. Only pages
 * the site has are counted (issue 15, M5), so a client cannot make up rows; another path is
 * answered alike and counted nowhere, as the script has nothing to do about it. Views per network
 * are limited in memory only (page-view-limits.ts): the privacy policy promises that page views
 * keep no IP address.
 */
export function pageViewRoutes(
  api: Hono<ApiEnv>,
  db: Database,
  clock: () => Date,
  isSitePath: SitePathCheck,
  limit: PageViewLimit,
): void {
  api.post('/page_view', async (c) => {
    const view = parseFields(pageViewSchema, await readFields(c));
    if (!isSitePath(view.path)) return c.body(null, 204);
    limit(c);
    await countPageView(db, viennaDay(clock()), view.path, view.language);
    return c.body(null, 204);
  });
}
