import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMarket, GKZ_A, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Issue 49: an address not proven sees nothing that is not published.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Answer {
  status: number;
  text: string;
  headers: Headers;
  /** `name=value` of each cookie set. */
  cookies: string[];
}
async function call(path: string, { fields, cookie }: { fields?: object; cookie?: string } = {}): Promise<Answer> {
  const response = await server.fetch(`/api/${path}`, {
    method: fields ? 'POST' : 'GET',
    ...(fields ? { body: JSON.stringify(fields) } : {}),
    headers: { ...(fields ? { 'Content-Type': 'application/json' } : {}), ...(cookie ? { Cookie: cookie } : {}) },
  });
  return {
    status: response.status,
    text: await response.text(),
    headers: response.headers,
    cookies: response.headers.getSetCookie().map((line) => line.split(';')[0]!),
  };
}
const codeOf = (answer: Answer) => (JSON.parse(answer.text) as { error?: { code: string } }).error?.code;
const KIRTAG = {
  title: 'Kirtag am Hauptplatz',
  type: 'kirtag',
  schedule: 'dates',
  location: 'Hartberg',
  first_date: { date_start: '2027-06-05', date_end: '2027-06-05' },
};

describe('a session whose address is not confirmed', () => {
  it('sees its municipality and the published content, but no hidden record, no history, no other address', async () => {
    const clerk = await loggedInUser(server.db, GKZ_A);
    const unproven = await loggedInUser(server.db, GKZ_A, { confirmed: false });
    const saved = await call('save_market', { fields: KIRTAG, cookie: clerk.cookie });
    expect(saved.status).toBe(200);
    const published = Object.keys(
      (JSON.parse(saved.text) as { data: { wko_markets: { 2: object } } }).data.wko_markets[2],
    )[0]!;
    const hiddenMarket = (await addMarket(server.db, GKZ_A, { title: 'Noch geheim', hidden: true })).market;
    const hiddenDate = (await addMarket(server.db, GKZ_A, { title: 'Mit geheimem Termin' }, [{}, { hidden: true }]))
      .dates[1]!;
    await server.db.query(
      `INSERT INTO campaigns (year, deadline, opened_at, opened_by) VALUES (2027, '2027-01-15', now(), 'test')`,
    );

    const stops = await call('get_content_stops/1?include_hidden_records=1', { cookie: unproven.cookie });
    const dates = await call('get_content/1?include_hidden_records=1', { cookie: unproven.cookie });
    expect([stops.status, dates.status]).toEqual([200, 200]);
    expect(stops.text).toContain(published);
    expect(stops.text).not.toContain(hiddenMarket.id);
    expect(dates.text).not.toContain(hiddenDate.id);
    expect(dates.text).not.toContain(hiddenMarket.id);
    const history = await call(`get_market_history/${published}`, { cookie: unproven.cookie });
    expect([history.status, codeOf(history)]).toEqual([403, 'email_not_confirmed']);
    const campaign = await call('campaign', { cookie: unproven.cookie });
    expect(campaign.status).toBe(200);
    expect(campaign.text).toContain(published);
    expect(campaign.text).not.toContain(hiddenMarket.id);
    const account = await call('get_account', { cookie: unproven.cookie });
    expect(JSON.parse(account.text)).toMatchObject({
      data: { email: unproven.email, email_confirmed: false, municipality: { gkz: GKZ_A, name: 'Hartberg' } },
    });
    for (const answer of [stops, dates, history, campaign, account]) expect(answer.text).not.toContain(clerk.email);

    // The confirmed clerk of the same municipality sees all of it.
    const own = await call('get_content_stops/1?include_hidden_records=1', { cookie: clerk.cookie });
    expect(own.text).toContain(hiddenMarket.id);
    expect((await call(`get_market_history/${published}`, { cookie: clerk.cookie })).text).toContain(clerk.email);
  });
});
