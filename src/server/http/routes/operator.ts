import type { Context, Hono } from 'hono';
import { closeCampaignSchema, MUNICIPALITY_STATES, openCampaignSchema } from '../../../lib/campaign.ts';
import { translator } from '../../../lib/i18n.ts';
import {
  allowEmailSchema,
  auditPageSchema,
  emailRequestSchema,
  masterDataSchema,
  remindersSchema,
  searchSchema,
  setQuotaSchema,
} from '../../../lib/operator.ts';
import { stateNameOf } from '../../../lib/directory/names.ts';
import { ApiError } from '../../api-error.ts';
import type { Database } from '../../db/database.ts';
import { readLastNightlyRun } from '../../db/queries/nightly-runs.ts';
import type { CampaignReminders } from '../../services/campaign-reminders.ts';
import type { CampaignService } from '../../services/campaign.ts';
import type { OperatorService } from '../../services/operator.ts';
import { operatorOverview } from '../../services/operator-overview.ts';
import type { ApiEnv } from '../api-env.ts';
import { parseFields, readFields } from '../request.ts';

const PRIVATE = { 'Cache-Control': 'private, no-store' };
/** Reminder mails a second: a provider's mail server takes this without counting it as a flood. */
const MAILS_PER_SECOND = 100;

/**
 * The provider's console (issue 22, docs/api.md "Operator console"): every call for operators only
 * — 401 without a session, 403 for a clerk — and every change through the operator service, which
 * writes the audit log.
 */
export function operatorRoutes(
  api: Hono<ApiEnv>,
  {
    db,
    operator,
    campaigns,
    reminders,
  }: {
    db: Database;
    operator: OperatorService;
    campaigns: CampaignService;
    reminders: CampaignReminders;
  },
): void {
  api.use('/operator/*', async (c, next) => {
    await operatorOf(c.get('sessionUser'));
    await next();
  });
  const body = async <T>(c: Context<ApiEnv>, schema: Parameters<typeof parseFields>[0]) =>
    parseFields(schema, await readFields(c)) as T;

  api.get('/operator/overview', async (c) => {
    return c.json({ data: await operatorOverview(db, new Date()) }, 200, PRIVATE);
  });
  api.get('/operator/municipalities', async (c) => {
    const { q, sort, page, per_page: perPage } = parseFields(searchSchema, c.req.query());
    return c.json({ data: await operator.searchMunicipalities({ text: q.trim(), sort, page, perPage }) }, 200, PRIVATE);
  });
  api.post('/operator/allow_email', async (c) => {
    const { gkz, email } = parseFields(allowEmailSchema, await readFields(c));
    const allowed = await operator.allowEmails(await actorOf(c), [{ gkz, email, line: 0 }]);
    return c.json({ data: { allowed } }, 200, PRIVATE);
  });
  api.post('/operator/disallow_email', async (c) => {
    const { gkz, email } = parseFields(allowEmailSchema, await readFields(c));
    const ended = await operator.disallowEmail(await actorOf(c), gkz, email);
    return c.json({ data: { sessions_ended: ended } }, 200, PRIVATE);
  });
  api.post('/operator/disable_user', async (c) => {
    const { email } = parseFields(emailRequestSchema, await readFields(c));
    return c.json({ data: { sessions_ended: await operator.disableUser(await actorOf(c), email) } }, 200, PRIVATE);
  });
  api.post('/operator/end_sessions', async (c) => {
    const { email } = parseFields(emailRequestSchema, await readFields(c));
    return c.json({ data: { sessions_ended: await operator.endSessions(await actorOf(c), email) } }, 200, PRIVATE);
  });
  api.get('/operator/quotas/:gkz', async (c) => {
    return c.json({ data: { quotas: await operator.quotas(c.req.param('gkz')) } }, 200, PRIVATE);
  });
  api.post('/operator/set_quota', async (c) => {
    const { gkz, name, value } = parseFields(setQuotaSchema, await readFields(c));
    return c.json({ data: { quotas: await operator.setQuota(await actorOf(c), gkz, name, value) } }, 200, PRIVATE);
  });
  api.post('/operator/master_data', async (c) => {
    const request = parseFields(masterDataSchema, await readFields(c));
    const apply = request.apply === true || request.apply === 'true';
    const result = apply
      ? await operator.importMasterData(await actorOf(c), request.municipalities, request.districts)
      : await operator.previewMasterData(request.municipalities, request.districts);
    return c.json({ data: result }, 200, PRIVATE);
  });
  api.get('/operator/nightly', async (c) => {
    return c.json({ data: { run: await readLastNightlyRun(db) } }, 200, PRIVATE);
  });
  api.get('/operator/audit', async (c) => {
    const { before, limit } = parseFields(auditPageSchema, c.req.query());
    const page = await operator.auditLog(Number(limit), before === undefined ? null : Number(before));
    return c.json({ data: page }, 200, PRIVATE);
  });

  api.post('/operator/campaign', async (c) => {
    const { year, deadline } = await body<{ year: number; deadline: string }>(c, openCampaignSchema);
    return c.json({ data: { campaign: await campaigns.open(await actorOf(c), year, deadline) } }, 200, PRIVATE);
  });
  api.post('/operator/campaign/close', async (c) => {
    const { year } = await body<{ year: number }>(c, closeCampaignSchema);
    return c.json({ data: { campaign: await campaigns.close(await actorOf(c), year) } }, 200, PRIVATE);
  });
  api.get('/operator/campaign', async (c) => {
    // No campaign yet is an answer, not an error the console would log on every load (issue 55).
    const progress = (await campaigns.current()) ? await campaigns.progress() : null;
    return c.json({ data: progress }, 200, PRIVATE);
  });
  api.get('/operator/campaign.csv', async (c) => {
    const t = translator(c.get('locale')());
    const columns = ['state', 'district', 'gkz', 'municipality', 'status', 'markets', 'confirmed', 'reminded'] as const;
    const header = columns.map((column) => t(`operator.csv.${column}`));
    const status = Object.fromEntries(MUNICIPALITY_STATES.map((s) => [s, t(`campaign.status.${s}`)]));
    const csv = await campaigns.csv({
      header,
      status: status as Record<(typeof MUNICIPALITY_STATES)[number], string>,
      state: (code) => stateNameOf(code, t),
    });
    const { year } = (await campaigns.current())!;
    return c.body(csv, 200, {
      ...PRIVATE,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="campaign-${year}.csv"`,
    });
  });
  // Issue 55: who would be reminded now, and the mail in their languages, before anything is sent.
  api.get('/operator/campaign/reminders', async (c) => {
    const { interval_days: intervalDays } = parseFields(remindersSchema, c.req.query());
    return c.json({ data: await reminders.preview(intervalDays) }, 200, PRIVATE);
  });
  api.post('/operator/campaign/reminders', async (c) => {
    const { interval_days: intervalDays, batch_size: batchSize } = parseFields(remindersSchema, await readFields(c));
    const batch = await reminders.sendBatch(await actorOf(c), {
      intervalDays,
      batchSize,
      mailsPerSecond: MAILS_PER_SECOND,
    });
    return c.json({ data: batch }, 200, PRIVATE);
  });
}

/** Issue 22: the console is the operators'; a clerk's session is refused with 403, none with 401. */
async function operatorOf(sessionUser: ApiEnv['Variables']['sessionUser']) {
  const user = await sessionUser();
  if (!user) throw new ApiError('not_logged_in');
  if (!user.operator || !user.emailConfirmed) throw new ApiError('forbidden');
  return user;
}

const actorOf = async (c: Context<ApiEnv>) => (await operatorOf(c.get('sessionUser'))).email;
