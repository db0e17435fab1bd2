import type { Hono } from 'hono';
import { viennaDay } from '../../../lib/market-rules.ts';
import { pageViewSchema } from '../../../lib/page-view.ts';
import type { Database } from '../../db/database.ts';
import type { ApiEnv } from '../api-env.ts';
import { parseFields, readFields } from '../request.ts';

/** The analytics script's one call (issue 5): a page view adds one to its day's count. */
export function pageViewRoutes(api: Hono<ApiEnv>, db: Database, clock: () => Date): void {
  api.post('/page_view', async (c) => {
    const view = parseFields(pageViewSchema, await readFields(c));
    await db.query(
      `INSERT INTO page_views (day, path, language) VALUES ($1, $2, $3)
       ON CONFLICT (day, path, language) DO UPDATE SET views = page_views.views + 1`,
      [viennaDay(clock()), view.path, view.language],
    );
    return c.body(null, 204);
  });
}
