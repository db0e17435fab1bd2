import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { MARKET_CHECK_ORDER, marketDateInputSchema, marketInputSchema } from '../../../lib/market-input.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { MarketService } from '../../services/markets.ts';
import { ApiError } from '../api-error.ts';
import type { ApiEnv } from '../api-env.ts';
import { parseFields, readFields } from '../request.ts';

const PRIVATE = { 'Cache-Control': 'private, no-store' };
const idRequestSchema = z.object({
  id: z
    .string({ error: 'required_fields' })
    .check(z.trim(), z.minLength(1, { error: 'required_fields' }), z.maxLength(64, { error: 'invalid_request' })),
});

/** api.md, "Markets and dates": the editing calls, for a logged-in user's own municipality only. */
export function marketRoutes(api: Hono<ApiEnv>, markets: MarketService): void {
  api.post('/save_market', async (c) => {
    const user = await loggedIn(c);
    const input = parseFields(marketInputSchema, await readFields(c), MARKET_CHECK_ORDER);
    return c.json({ data: await markets.saveMarket(user, input) }, 200, PRIVATE);
  });

  api.post('/delete_market', async (c) => {
    const user = await loggedIn(c);
    const { id } = parseFields(idRequestSchema, await readFields(c));
    await markets.deleteMarket(user, id);
    return c.json({ data: { deleted: id } }, 200, PRIVATE);
  });

  api.post('/save_market_date', async (c) => {
    const user = await loggedIn(c);
    const input = parseFields(marketDateInputSchema, await readFields(c), MARKET_CHECK_ORDER);
    return c.json({ data: await markets.saveMarketDate(user, input) }, 200, PRIVATE);
  });

  api.post('/delete_market_date', async (c) => {
    const user = await loggedIn(c);
    const { id } = parseFields(idRequestSchema, await readFields(c));
    await markets.deleteMarketDate(user, id);
    return c.json({ data: { deleted: id } }, 200, PRIVATE);
  });

  api.get('/get_market_history/:id', async (c) => {
    const user = await loggedIn(c);
    const { id } = parseFields(idRequestSchema, { id: c.req.param('id') });
    return c.json({ data: { changes: await markets.history(user, id) } }, 200, PRIVATE);
  });
}

async function loggedIn(c: Context<ApiEnv>): Promise<SessionUser> {
  const user = await c.get('sessionUser')();
  if (!user) throw new ApiError('not_logged_in');
  return user;
}
