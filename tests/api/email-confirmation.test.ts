import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMarket, GKZ_A } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 15, H1: registering an unclaimed address gives no editing rights until its mailbox is proven. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Answer {
  status: number;
  body: { data?: Record<string, unknown>; error?: { code: string; message: string } };
  cookie: string | null;
}
async function call(path: string, fields?: Record<string, unknown>, cookie?: string, lang = 'de'): Promise<Answer> {
  const response = await server.fetch(`/api/${path}?lang=${lang}`, {
    method: fields ? 'POST' : 'GET',
    ...(fields ? { body: JSON.stringify(fields) } : {}),
    headers: { ...(fields ? { 'Content-Type': 'application/json' } : {}), ...(cookie ? { Cookie: cookie } : {}) },
  });
  return {
    status: response.status,
    body: (await response.json()) as Answer['body'],
    cookie: response.headers.get('set-cookie')?.split(';')[0] ?? null,
  };
}
const PASSWORD = 'Marktplatz-2027';
const tokenOf = (link: string | undefined) => link?.split('/anmelden/')[1] ?? '';

async function registered(): Promise<{ email: string; cookie: string; token: string }> {
  const email = `clerk-${randomUUID().slice(0, 8)}@gemeinde.example`;
  await server.db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
  const answer = await call('register', { email, password: PASSWORD, password_repeat: PASSWORD });
  expect(answer.status).toBe(201);
  return { email, cookie: answer.cookie!, token: tokenOf(server.mails.at(-1)?.link) };
}
const KIRTAG = { title: 'Kirtag am Hauptplatz', type: 'kirtag', schedule: 'dates', location: 'Hartberg' };
const marketsOf = async () => server.db.query('SELECT id FROM markets WHERE gkz = $1', [GKZ_A]);

describe('an unconfirmed account', () => {
  it('sees its municipality but every write answers 403 email_not_confirmed, in its language', async () => {
    const { cookie } = await registered();
    const { market, dates } = await addMarket(server.db, GKZ_A);
    const before = (await marketsOf()).length;
    expect((await call('get_account', undefined, cookie)).body.data).toMatchObject({ email_confirmed: false });
    const writes: Array<[string, Record<string, unknown>]> = [
      ['save_market', KIRTAG],
      ['save_market', { ...KIRTAG, id: market.id, version: 1 }],
      ['delete_market', { id: market.id }],
      ['save_market_date', { id: dates[0]!.id, wko_market_id: market.id, version: 1, date_start: '2027-06-06' }],
      ['add_market_dates', { wko_market_id: market.id, dates: [{ date_start: '2027-06-12', date_end: '2027-06-12' }] }],
      ['delete_market_date', { id: dates[0]!.id }],
    ];
    for (const [path, fields] of writes) {
      const answer = await call(path, fields, cookie);
      expect([path, answer.status, answer.body.error?.code]).toEqual([path, 403, 'email_not_confirmed']);
    }
    expect((await marketsOf()).length).toBe(before);
    expect((await call('save_market', KIRTAG, cookie, 'en')).body.error?.message).toMatch(/link in the mail/);
    expect((await call('save_market', KIRTAG, cookie, 'fr')).body.error?.message).toMatch(/lien/);
    // Issue 49: nor does it read the history, which names the clerks' addresses.
    expect((await call(`get_market_history/${market.id}`, undefined, cookie)).status).toBe(403);
  });
});

describe('confirm_email', () => {
  it('confirms nothing with the token alone, from a fresh client', async () => {
    const { cookie, token } = await registered();
    const answer = await call('confirm_email', { token });
    expect([answer.status, answer.body.error?.code]).toEqual([401, 'not_logged_in']);
    expect((await call('get_account', undefined, cookie)).body.data).toMatchObject({ email_confirmed: false });
    // Refusing it did not use the link up: the real clerk can still confirm with it.
    expect((await call('confirm_email', { token }, cookie)).status).toBe(200);
  });

  it('confirms with the session that registered; then the save works', async () => {
    const { cookie, token } = await registered();
    expect((await call('confirm_email', { token }, cookie)).status).toBe(200);
    expect((await call('get_account', undefined, cookie)).body.data).toMatchObject({ email_confirmed: true });
    expect((await call('save_market', KIRTAG, cookie)).status).toBe(200);
  });

  it("refuses another account's session without the password", async () => {
    const { token } = await registered();
    const other = await registered();
    const answer = await call('confirm_email', { token }, other.cookie);
    expect(answer.status).toBe(401);
  });

  it("confirms elsewhere with the account's password, and refuses a wrong one", async () => {
    const { cookie, token } = await registered();
    const wrong = await call('confirm_email', { token, password: 'Falsch-2027' });
    expect([wrong.status, wrong.body.error?.code]).toEqual([401, 'wrong_password']);
    expect((await call('confirm_email', { token, password: PASSWORD })).status).toBe(200);
    expect((await call('get_account', undefined, cookie)).body.data).toMatchObject({ email_confirmed: true });
  });
});

describe('an account not confirmed within 24 hours', () => {
  it('lapses: its address can be registered afresh, ending the old one', async () => {
    const first = await registered();
    const email = ((await call('get_account', undefined, first.cookie)).body.data as { email: string }).email;
    const again = () => call('register', { email, password: 'Ein-anderes-2027', password_repeat: 'Ein-anderes-2027' });
    expect((await again()).body.error?.code).toBe('user_exists');
    server.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const fresh = await again();
    expect(fresh.status).toBe(201);
    expect((await call('get_account', undefined, first.cookie)).status).toBe(401);
    expect((await call('confirm_email', { token: first.token, password: PASSWORD })).body.error?.code).toBe(
      'invalid_token',
    );
    const token = tokenOf(server.mails.at(-1)?.link);
    expect((await call('confirm_email', { token }, fresh.cookie!)).status).toBe(200);
  });
});
