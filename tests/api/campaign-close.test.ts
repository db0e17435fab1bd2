import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClerkCampaign, Progress } from '../../src/server/services/campaign.ts';
import { addMarket, GKZ_A, GKZ_B, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 22: the operator closes the campaign; clerks see no banner, the record stays readable and frozen. */
let server: TestServer;
let operator: { userId: string; email: string; cookie: string };
let clerk: { email: string; cookie: string };
beforeAll(async () => {
  server = await startTestServer();
  operator = await loggedInUser(server.db, GKZ_B);
  await server.db.query('UPDATE users SET operator_since = now() WHERE id = $1', [operator.userId]);
  clerk = await loggedInUser(server.db, GKZ_A);
});
afterAll(() => server.close());

const send = (method: 'GET' | 'POST', path: string, cookie: string, body?: Record<string, unknown>) =>
  server.fetch(path, {
    method,
    headers: { Cookie: cookie, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
const answer = async <T>(response: Promise<Response>) => {
  const got = await response;
  return { status: got.status, ...((await got.json()) as { data: T; error?: { code: string; message: string } }) };
};
const progress = async () => (await answer<Progress>(send('GET', '/api/operator/campaign', operator.cookie))).data;
const statusOf = async (gkz: string) => (await progress()).municipalities.find((m) => m.gkz === gkz)?.status;
const confirmations = () => server.db.query('SELECT * FROM campaign_confirmations ORDER BY market_id');

describe('closing the campaign', () => {
  it('ends the banner, confirming and reminding; the progress and the CSV stay as they were', async () => {
    const { market } = await addMarket(server.db, GKZ_A, { title: 'Bauernmarkt' });
    await send('POST', '/api/operator/campaign', operator.cookie, { year: 2027, deadline: '2027-01-15' });
    await send('POST', '/api/campaign/confirm', clerk.cookie, {});
    expect(await statusOf(GKZ_A)).toBe('confirmed');

    const closed = await answer<{ campaign: { year: number; closed_at: string | null; closed_by: string | null } }>(
      send('POST', '/api/operator/campaign/close', operator.cookie, { year: 2027 }),
    );
    expect(closed.status).toBe(200);
    expect(closed.data.campaign).toMatchObject({ year: 2027, closed_by: operator.email });
    expect(closed.data.campaign.closed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const [entry] = await server.db.query<{ action: string; actor: string; details: unknown }>(
      'SELECT action, actor, details FROM operator_actions ORDER BY id DESC LIMIT 1',
    );
    expect(entry).toEqual({ action: 'close_campaign', actor: operator.email, details: { year: 2027 } });

    // No banner, no confirming: the clerk is told why in their language.
    expect((await answer<{ campaign: ClerkCampaign | null }>(send('GET', '/api/campaign', clerk.cookie))).data).toEqual(
      { campaign: null },
    );
    const before = await confirmations();
    const refused = await answer(send('POST', '/api/campaign/confirm?lang=en', clerk.cookie, { market_id: market.id }));
    expect([refused.status, refused.error?.code]).toEqual([409, 'campaign_closed']);
    expect(refused.error?.message).toMatch(/closed/);

    // No reminders for a closed campaign: refused before a municipality is claimed.
    const reminders = await answer(send('POST', '/api/operator/campaign/reminders', operator.cookie, {}));
    expect([reminders.status, reminders.error?.code]).toEqual([409, 'campaign_closed']);
    expect(await server.db.query('SELECT 1 FROM campaign_municipalities WHERE reminded_at IS NOT NULL')).toEqual([]);

    // The record is frozen at closing: a later change does not undo a confirmation.
    const saved = await send('POST', '/api/save_market_date', clerk.cookie, {
      wko_market_id: market.id,
      date_start: '2027-07-03',
      date_end: '2027-07-03',
      time_from: '08:00',
      time_to: '12:00',
      type: 'regular',
      status: 'takes_place',
    });
    expect(saved.status).toBe(200);
    expect(await confirmations()).toEqual(before);
    const after = await progress();
    expect(after.campaign).toMatchObject({ year: 2027, closed_by: operator.email });
    expect(after.municipalities.find((m) => m.gkz === GKZ_A)?.status).toBe('confirmed');
    const csv = await send('GET', '/api/operator/campaign.csv', operator.cookie);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(';62219;Hartberg;bestätigt;');
    const feed = (await (await server.fetch('/api/public/markets.json')).json()) as { data: { campaign: unknown } };
    expect(feed.data.campaign).toEqual({ year: 2027, confirmed_municipalities: 1 });
  });

  it('refuses closing twice, another year or a malformed one, writing nothing', async () => {
    const count = async () =>
      (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM operator_actions'))[0]!.n;
    const entries = await count();
    const cases: [unknown, number, string][] = [
      [2027, 409, 'campaign_closed'],
      [2026, 404, 'no_campaign'],
      ['nächstes', 422, 'invalid_number'],
      [undefined, 422, 'invalid_number'],
    ];
    for (const [year, status, code] of cases) {
      const refused = await answer(send('POST', '/api/operator/campaign/close', operator.cookie, { year }));
      expect([year, refused.status, refused.error?.code]).toEqual([year, status, code]);
    }
    expect(await count()).toBe(entries);
  });

  it('opening the year again runs it again: the banner is back', async () => {
    await send('POST', '/api/operator/campaign', operator.cookie, { year: 2027, deadline: '2027-01-31' });
    const view = await answer<{ campaign: ClerkCampaign | null }>(send('GET', '/api/campaign', clerk.cookie));
    expect(view.data.campaign).toMatchObject({ year: 2027, deadline: '2027-01-31' });
    expect((await progress()).campaign).toMatchObject({ closed_at: null, closed_by: null });
  });
});
