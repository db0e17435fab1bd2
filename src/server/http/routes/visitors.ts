import type { Hono, MiddlewareHandler } from 'hono';
import { ERROR_STATUS } from '../../../lib/error-codes.ts';
import { createVisitorRequestSchema, updateVisitorRequestSchema, visitorIdSchema } from '../../../lib/visitor.ts';
import type { Database } from '../../db/database.ts';
import { createVisitor, getVisitor, saveVisitorState } from '../../services/visitors.ts';
import { ApiError } from '../../api-error.ts';
import type { ApiEnv } from '../api-env.ts';
import type { AnonymousLimit, ANONYMOUS_LIMITS } from '../anonymous-limits.ts';
import { parseFields, readFields } from '../request.ts';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

/** Seed calls 3 to 5: the visitor record behind the editing area's state. */
export function visitorRoutes(api: Hono<ApiEnv>, db: Database, anonymousLimit: AnonymousLimit): void {
  api.use('/create_visitor', countRefused(anonymousLimit, 'create_visitor'));
  api.use('/update_visitor', countRefused(anonymousLimit, 'update_visitor'));

  api.get('/get_visitor_data/:visitorId', async (c) => {
    const id = parseFields(visitorIdSchema, c.req.param('visitorId'));
    const user = await c.get('sessionUser')();
    return c.json({ data: await getVisitor(db, id, user?.userId ?? null) }, 200, PRIVATE);
  });

  api.post('/create_visitor', async (c) => {
    const request = parseFields(createVisitorRequestSchema, await readFields(c));
    await anonymousLimit(c, 'create_visitor');
    const user = await c.get('sessionUser')();
    const { created, visitor } = await createVisitor(
      db,
      request.visitor_id_js,
      request.sys_languages_id,
      user?.userId ?? null,
    );
    return c.json({ data: visitor }, created ? 201 : 200, PRIVATE);
  });

  api.post('/update_visitor', async (c) => {
    const request = parseFields(updateVisitorRequestSchema, await readFields(c));
    await anonymousLimit(c, 'update_visitor', Buffer.byteLength(request.state));
    const user = await c.get('sessionUser')();
    const visitor = await saveVisitorState(
      db,
      request.visitor_id_js,
      request.sys_languages_id,
      request.state,
      user?.userId ?? null,
    );
    return c.json({ data: visitor }, 200, PRIVATE);
  });
}

/**
 * A call refused for what it sent (400, 422) counts for the client's network too (issue 49): a state
 * nested 5,000 levels deep was a 500, counted nowhere, on every call. The routes count a call once
 * its fields are read; these refusals come before that, the later ones (403, 404) after it.
 */
function countRefused(
  anonymousLimit: AnonymousLimit,
  action: keyof typeof ANONYMOUS_LIMITS,
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    await next();
    const status = c.error instanceof ApiError ? ERROR_STATUS[c.error.code] : undefined;
    if (status === 400 || status === 422) await anonymousLimit(c, action);
  };
}
