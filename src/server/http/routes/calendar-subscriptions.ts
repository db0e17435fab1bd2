import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { translator } from '../../../lib/i18n.ts';
import { ApiError } from '../../api-error.ts';
import type { Queryable } from '../../db/database.ts';
import type { CalendarSubscription } from '../../db/queries/calendar-subscriptions.ts';
import { outcomeWords } from '../../mail/subscription-mail.ts';
import type { ImportService } from '../../services/imports.ts';
import type { SubscriptionService } from '../../services/calendar-subscriptions.ts';
import type { ApiEnv } from '../api-env.ts';
import { parseFields, readFields } from '../request.ts';
import { confirmedWriter } from '../session-user.ts';
import { countImport, urlSchema } from '../import-requests.ts';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

/** The nightly run fetches over https only, as it does market images (directory/public-download.ts). */
const subscribeSchema = z.object({
  url: urlSchema.check(z.refine((url) => /^https:\/\//i.test(url), { error: 'invalid_url' })),
});

/**
 * Issue 54, docs/api.md (extension): the municipality's subscribed calendar. A clerk gives its
 * address (read once at once, so an address that is no calendar is refused as its preview is),
 * ends it, and marks the last nightly run's outcome seen.
 */
export function subscriptionRoutes(
  api: Hono<ApiEnv>,
  {
    subscriptions,
    imports,
    db,
    clock,
  }: {
    subscriptions: SubscriptionService;
    imports: ImportService;
    db: Queryable;
    clock: () => Date;
  },
): void {
  /** The subscription, with the last run's outcome in a sentence of the request's language. */
  const answered = (c: Context<ApiEnv>, subscription: CalendarSubscription | null) => {
    if (!subscription) return c.json({ data: null }, 200, PRIVATE);
    const { url, subscribed_at, checked_at, outcome, seen } = subscription;
    const summary = outcome ? outcomeWords(outcome, translator(c.get('locale')())) : null;
    return c.json({ data: { url, subscribed_at, checked_at, outcome, seen, summary } }, 200, PRIVATE);
  };

  api.get('/calendar_subscription', async (c) => {
    const user = await confirmedWriter(c);
    return answered(c, await subscriptions.read(user));
  });

  api.post('/save_calendar_subscription', async (c) => {
    const user = await confirmedWriter(c);
    const { url } = parseFields(subscribeSchema, await readFields(c));
    // Reading the address costs what a preview costs, and counts with the previews.
    await countImport(db, user.userId, clock());
    await imports.check(url).catch((error: unknown) => {
      // The address is the field the clerk can change.
      throw error instanceof ApiError ? new ApiError(error.code, { url: error.code }, error.values) : error;
    });
    return answered(c, await subscriptions.subscribe(user, url));
  });

  api.post('/delete_calendar_subscription', async (c) => {
    await subscriptions.end(await confirmedWriter(c));
    return c.json({ data: null }, 200, PRIVATE);
  });

  api.post('/calendar_subscription_seen', async (c) => {
    await subscriptions.seen(await confirmedWriter(c));
    return c.json({ data: null }, 200, PRIVATE);
  });
}
