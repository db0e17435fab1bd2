import type { Context, Hono } from 'hono';
import { confirmCampaignSchema } from '../../../lib/campaign.ts';
import { ApiError } from '../../api-error.ts';
import type { CampaignService } from '../../services/campaign.ts';
import type { ApiEnv } from '../api-env.ts';
import { parseFields, readFields } from '../request.ts';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

/** The clerk's side of the yearly campaign (issue 22): the banner, and confirming the year's data. */
export function campaignRoutes(api: Hono<ApiEnv>, campaigns: CampaignService): void {
  api.get('/campaign', async (c) => {
    const user = await c.get('sessionUser')();
    if (!user) throw new ApiError('not_logged_in');
    return c.json({ data: { campaign: await campaigns.forClerk(user) } }, 200, PRIVATE);
  });

  api.post('/campaign/confirm', async (c) => {
    const user = await confirmedClerk(c);
    const { market_id: marketId } = parseFields(confirmCampaignSchema, await readFields(c));
    return c.json({ data: { campaign: await campaigns.confirm(user, marketId) } }, 200, PRIVATE);
  });
}

/** Confirming is writing: a proven mailbox only (issue 15, H1), as for the markets. */
async function confirmedClerk(c: Context<ApiEnv>) {
  const user = await c.get('sessionUser')();
  if (!user) throw new ApiError('not_logged_in');
  if (!user.emailConfirmed) throw new ApiError('email_not_confirmed');
  return user;
}
