import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readClerks } from '../../src/server/db/queries/campaigns.ts';
import type { ClerkCampaign, Progress } from '../../src/server/services/campaign.ts';
import { addMarket, GKZ_A, GKZ_B, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 22: the yearly update campaign through the API — confirm, change undoes it, confirm again. */
let server: TestServer;
let operator: { userId: string; cookie: string };
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
const data = async <T>(response: Promise<Response>) => ((await (await response).json()) as { data: T }).data;
const clerkView = (response: Promise<Response>) => data<{ campaign: ClerkCampaign | null }>(response);
const progress = () => data<Progress>(send('GET', '/api/operator/campaign', operator.cookie));
const statusOf = async (gkz: string) => (await progress()).municipalities.find((m) => m.gkz === gkz)?.status;

describe('campaign', () => {
  it('has no campaign for a clerk before the operator opens one', async () => {
    expect(await clerkView(send('GET', '/api/campaign', clerk.cookie))).toEqual({ campaign: null });
    // Nor for the operator: no campaign is an answer, not a 404 the console logs on every load (issue 55).
    const none = await send('GET', '/api/operator/campaign', operator.cookie);
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({ data: null });
    const refused = await send('POST', '/api/campaign/confirm', clerk.cookie, {});
    expect(refused.status).toBe(404);
  });

  it('follows the rules: confirm, change → changed since, confirm again', async () => {
    const { market: first } = await addMarket(server.db, GKZ_A, { title: 'Bauernmarkt' });
    const { market: second } = await addMarket(server.db, GKZ_A, { title: 'Kirtag' });
    const opened = await data<{ campaign: unknown }>(
      send('POST', '/api/operator/campaign', operator.cookie, { year: 2027, deadline: '2027-01-15' }),
    );
    expect(opened.campaign).toMatchObject({ year: 2027, deadline: '2027-01-15' });
    expect(await statusOf(GKZ_A)).toBe('not_yet');
    expect(await statusOf('10101')).toBe('no_account');

    const one = await clerkView(send('POST', '/api/campaign/confirm', clerk.cookie, { market_id: first.id }));
    expect(one.campaign).toMatchObject({
      status: 'not_yet',
      markets: { [first.id]: 'confirmed', [second.id]: 'open' },
    });
    const all = await clerkView(send('POST', '/api/campaign/confirm', clerk.cookie, {}));
    expect(all.campaign).toMatchObject({ year: 2027, deadline: '2027-01-15', status: 'confirmed' });
    expect(await statusOf(GKZ_A)).toBe('confirmed');

    // A change of a date of the first market undoes its confirmation.
    const saved = await send('POST', '/api/save_market_date', clerk.cookie, {
      wko_market_id: first.id,
      date_start: '2027-07-03',
      date_end: '2027-07-03',
      time_from: '08:00',
      time_to: '12:00',
      type: 'regular',
      status: 'takes_place',
    });
    expect([saved.status, await saved.text()]).toEqual([200, expect.anything()]);
    const after = await clerkView(send('GET', '/api/campaign', clerk.cookie));
    expect(after.campaign).toMatchObject({
      status: 'changed',
      markets: { [first.id]: 'changed', [second.id]: 'confirmed' },
    });
    expect(await statusOf(GKZ_A)).toBe('changed');

    await send('POST', '/api/campaign/confirm', clerk.cookie, { market_id: first.id });
    expect(await statusOf(GKZ_A)).toBe('confirmed');

    // A new market after "all confirmed" is a change since, too.
    const created = await send('POST', '/api/save_market', clerk.cookie, {
      title: 'Adventmarkt',
      type: 'jahrmarkt',
      schedule: 'dates',
      location: 'Hauptplatz',
    });
    expect([created.status, await created.text()]).toEqual([200, expect.anything()]);
    expect(await statusOf(GKZ_A)).toBe('changed');
    // "Confirm all" leaves a market without a date in 2027 open (issue 53): the clerk confirms it on its own.
    const [advent] = await server.db.query<{ id: string }>(
      `SELECT id FROM markets WHERE gkz = $1 AND title = 'Adventmarkt'`,
      [GKZ_A],
    );
    const adventmarkt = advent!.id;
    const left = await clerkView(send('POST', '/api/campaign/confirm', clerk.cookie, {}));
    expect(left.campaign?.markets[adventmarkt]).toBe('open');
    expect(await statusOf(GKZ_A)).toBe('changed');
    await send('POST', '/api/campaign/confirm', clerk.cookie, { market_id: adventmarkt });
    expect(await statusOf(GKZ_A)).toBe('confirmed');
  });

  it('confirms all only the markets shown in the campaign year: not a hidden one, nor one without dates there', async () => {
    const gkz = '10101';
    const eisenstadt = await loggedInUser(server.db, gkz);
    const { market: shown } = await addMarket(server.db, gkz, { title: 'Wochenmarkt' });
    const { market: hidden } = await addMarket(server.db, gkz, { title: 'Probemarkt', hidden: true });
    const { market: lastYear } = await addMarket(server.db, gkz, { title: 'Altmarkt' }, [
      { date_start: '2026-06-05', date_end: '2026-06-05' },
    ]);
    const { market: hiddenDates } = await addMarket(server.db, gkz, { title: 'Stiller Markt' }, [{ hidden: true }]);
    const all = await clerkView(send('POST', '/api/campaign/confirm', eisenstadt.cookie, {}));
    expect(all.campaign?.markets).toEqual({
      [shown.id]: 'confirmed',
      [hidden.id]: 'open',
      [lastYear.id]: 'open',
      [hiddenDates.id]: 'open',
    });
    expect(all.campaign?.status).toBe('not_yet');
    await server.db.query('DELETE FROM markets WHERE gkz = $1', [gkz]);
    await server.db.query('DELETE FROM campaign_confirmations WHERE gkz = $1', [gkz]);
    await server.db.query('DELETE FROM users WHERE id = $1', [eisenstadt.userId]);
  });

  it('does not count an operator as their municipality’s account, nor mail them its reminders', async () => {
    // The operator (a user of GKZ_B) is the provider's, not Krems': Krems has no account yet.
    expect(await statusOf(GKZ_B)).toBe('no_account');
    expect(await readClerks(server.db, [GKZ_B])).toEqual([]);
    const colleague = await loggedInUser(server.db, GKZ_B);
    expect(await statusOf(GKZ_B)).toBe('not_yet');
    expect(await readClerks(server.db, [GKZ_B])).toEqual([{ gkz: GKZ_B, email: colleague.email, language: 'de' }]);
    await server.db.query('DELETE FROM users WHERE id = $1', [colleague.userId]);
  });

  it('lets a clerk confirm only markets of their own municipality', async () => {
    const { market } = await addMarket(server.db, GKZ_B, { title: 'Fremder Markt' });
    const refused = await send('POST', '/api/campaign/confirm', clerk.cookie, { market_id: market.id });
    expect(refused.status).toBe(404);
    expect(await server.db.query('SELECT 1 FROM campaign_confirmations WHERE market_id = $1', [market.id])).toEqual([]);
  });

  it('counts per state and district, and exports the list as CSV with BOM and neutralised cells', async () => {
    const { totals, municipalities, states, districts } = await progress();
    expect(totals.confirmed).toBe(1);
    // The public feed counts by the same rule as the console.
    const feed = (await (await server.fetch('/api/public/markets.json')).json()) as { data: { campaign: unknown } };
    expect(feed.data.campaign).toEqual({ year: 2027, confirmed_municipalities: 1 });
    expect(municipalities).toHaveLength(2095);
    expect(states.find((state) => state.name === 'Steiermark')).toMatchObject({ code: 6, counts: { confirmed: 1 } });
    expect(districts.find((district) => district.name === 'Hartberg-Fürstenfeld')?.counts.confirmed).toBe(1);

    await server.db.query(`UPDATE municipalities SET name = '=HYPERLINK("x")' WHERE gkz = '10101'`);
    const csv = await send('GET', '/api/operator/campaign.csv?lang=en', operator.cookie);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(
      text.startsWith('\uFEFFState;District;GKZ;Municipality;Status;Markets;Markets confirmed;Last reminded\r\n'),
    ).toBe(true);
    // Issue 55: the state in the request's language too.
    expect(text).toContain(`\r\nStyria;Hartberg-Fürstenfeld;62219;Hartberg;confirmed;`);
    expect(text).toContain(`;10101;"'=HYPERLINK(""x"")";no account yet;`);
  });
});
