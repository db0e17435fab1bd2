import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { MARKET_CHECK_ORDER, marketDateInputSchema, marketInputSchema } from '../../../lib/market-input.ts';
import { daysChangeInputSchema } from '../../../lib/market-days.ts';
import { isStorableText } from '../../../lib/validation.ts';
import { ApiError } from '../../api-error.ts';
import type { MarketService } from '../../services/markets.ts';
import type { ApiEnv } from '../api-env.ts';
import { checked, parseFields, readFields } from '../request.ts';
import { sessionToken } from '../session-user.ts';

const PRIVATE = { 'Cache-Control': 'private, no-store' };
const idRequestSchema = z.object({
  id: z
    .string({ error: 'required_fields' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'required_fields' }),
      z.maxLength(64, { error: 'invalid_request' }),
      z.refine(isStorableText, { error: 'invalid_request' }),
    ),
});

/** Dates as JSON text (form data) or an array (JSON body); a year of a market has far fewer than 400. */
const addDatesRequestSchema = z.object({
  wko_market_id: idRequestSchema.shape.id,
  dates: z.pipe(
    z.transform((value: unknown) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    }),
    z
      .array(z.record(z.string(), z.unknown()), { error: 'invalid_request' })
      .check(z.minLength(1, { error: 'required_fields' }), z.maxLength(400, { error: 'too_long' })),
  ),
});

/**
 * api.md, "Markets and dates": the editing calls, for a logged-in user's own municipality only.
 * The fields are checked here; the session with the change, in one procedure on the database
 * (services/market-saves.ts): one turn of the database for a save, not two (decision record 0024,
 * "The database's own thread").
 */
export function marketRoutes(api: Hono<ApiEnv>, markets: MarketService): void {
  api.post('/save_market', async (c) => {
    const session = sessionToken(c);
    const input = await checked(async () => parseFields(marketInputSchema, await readFields(c), MARKET_CHECK_ORDER));
    return c.json({ data: await markets.saveMarket(session, input) }, 200, PRIVATE);
  });

  api.post('/delete_market', async (c) => {
    const session = sessionToken(c);
    const input = await checked(async () => parseFields(idRequestSchema, await readFields(c)).id);
    const deleted = await markets.deleteMarket(session, input);
    return c.json({ data: { deleted } }, 200, PRIVATE);
  });

  api.post('/save_market_date', async (c) => {
    const session = sessionToken(c);
    const input = await checked(async () =>
      parseFields(marketDateInputSchema, await readFields(c), MARKET_CHECK_ORDER),
    );
    return c.json({ data: await markets.saveMarketDate(session, input) }, 200, PRIVATE);
  });

  /** Beyond api.md: several new dates of one market at once (copying a year into the next), all or none. */
  api.post('/add_market_dates', async (c) => {
    const session = sessionToken(c);
    const input = await checked(async () => {
      const request = parseFields(addDatesRequestSchema, await readFields(c));
      const dates = request.dates.map((date, index) => {
        try {
          return parseFields(
            marketDateInputSchema,
            { ...date, wko_market_id: request.wko_market_id },
            MARKET_CHECK_ORDER,
          );
        } catch (error) {
          throw error instanceof ApiError ? error.within(`dates.${index}.`) : error;
        }
      });
      return { marketId: request.wko_market_id, dates };
    });
    return c.json({ data: await markets.addMarketDates(session, input) }, 200, PRIVATE);
  });

  /** Beyond api.md (issue 53): some days of a date of several days cancelled or given other times. */
  api.post('/change_market_days', async (c) => {
    const session = sessionToken(c);
    const input = await checked(async () =>
      parseFields(daysChangeInputSchema, await readFields(c), MARKET_CHECK_ORDER),
    );
    return c.json({ data: await markets.changeMarketDays(session, input) }, 200, PRIVATE);
  });

  api.post('/delete_market_date', async (c) => {
    const session = sessionToken(c);
    const input = await checked(async () => parseFields(idRequestSchema, await readFields(c)).id);
    const deleted = await markets.deleteMarketDate(session, input);
    return c.json({ data: { deleted } }, 200, PRIVATE);
  });

  api.get('/get_market_history/:id', async (c) => {
    const session = sessionToken(c);
    const input = await checked(() => parseFields(idRequestSchema, { id: c.req.param('id') }).id);
    return c.json({ data: { changes: await markets.history(session, input) } }, 200, PRIVATE);
  });
}
