import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMarket, GKZ_A, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Issue 15, H1: registering an unclaimed address gives no editing rights until its mailbox is
 * proven; issue 49: no account at all until then, and a session whose address is not confirmed
 * (an account from before) writes nothing.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Answer {
  status: number;
  body: { data?: Record<string, unknown>; error?: { code: string; message: string } };
  /** `name=value` of each cookie set. */
  cookies: string[];
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
    cookies: response.headers.getSetCookie().map((line) => line.split(';')[0]!),
  };
}
const PASSWORD = 'Marktplatz-2027';
const tokenOf = (link: string | undefined) => link?.split('/anmelden/')[1] ?? '';
const cookieOf = (answer: Answer, name: string) => answer.cookies.find((cookie) => cookie.startsWith(`${name}=`));

/** A registration waiting for its mail: the registering browser's cookie and the mailed link's token. */
async function registered(): Promise<{ email: string; browser: string; token: string }> {
  const email = `clerk-${randomUUID().slice(0, 8)}@gemeinde.example`;
  await server.db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
  const answer = await call('register', { email, password: PASSWORD, password_repeat: PASSWORD });
  expect(answer.status).toBe(202);
  return { email, browser: cookieOf(answer, 'registration')!, token: tokenOf(server.mails.at(-1)?.link) };
}
const KIRTAG = { title: 'Kirtag am Hauptplatz', type: 'kirtag', schedule: 'dates', location: 'Hartberg' };
const marketsOf = async () => server.db.query('SELECT id FROM markets WHERE gkz = $1', [GKZ_A]);

describe('an unconfirmed account', () => {
  it('sees its municipality but every write answers 403 email_not_confirmed, in its language', async () => {
    const { cookie } = await loggedInUser(server.db, GKZ_A, { confirmed: false });
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

  it('confirms with a new link and its own session', async () => {
    const { email, cookie } = await loggedInUser(server.db, GKZ_A, { confirmed: false });
    expect((await call('resend_confirmation', { email })).status).toBe(200);
    const token = tokenOf(server.mails.at(-1)?.link);
    expect((await call('confirm_email', { token })).status).toBe(401);
    expect((await call('confirm_email', { token }, cookie)).status).toBe(200);
    expect((await call('save_market', KIRTAG, cookie)).status).toBe(200);
  });
});

describe('confirm_email of a registration', () => {
  it('confirms nothing with the token alone, from a fresh client', async () => {
    const { browser, token } = await registered();
    const answer = await call('confirm_email', { token });
    expect([answer.status, answer.body.error?.code]).toEqual([401, 'not_logged_in']);
    expect(answer.cookies).toEqual([]);
    // Refusing it did not use the link up: the real clerk can still confirm with it.
    expect((await call('confirm_email', { token }, browser)).status).toBe(200);
  });

  it('confirms in the browser that registered and logs in; then the save works', async () => {
    const { email, browser, token } = await registered();
    const confirmed = await call('confirm_email', { token }, browser);
    expect(confirmed.status).toBe(200);
    const session = cookieOf(confirmed, 'session')!;
    expect((await call('get_account', undefined, session)).body.data).toMatchObject({ email, email_confirmed: true });
    expect((await call('save_market', KIRTAG, session)).status).toBe(200);
  });

  it("refuses another registration's browser without the password", async () => {
    const { token } = await registered();
    const other = await registered();
    const answer = await call('confirm_email', { token }, other.browser);
    expect(answer.status).toBe(401);
  });

  it('confirms elsewhere with a password the mailbox holder chooses, under the password rules', async () => {
    const { email, token } = await registered();
    const tries: Array<[string, string, number, string]> = [
      ['Eigenes-Passwort-2028', 'Anderes-Passwort-2028', 422, 'passwords_mismatch'],
      ['kurz', 'kurz', 422, 'password_too_short'],
      ['password123', 'password123', 422, 'password_too_common'],
      ['', '', 400, 'new_password_missing'],
    ];
    for (const [password, password_repeat, status, code] of tries) {
      const refused = await call('confirm_email', { token, password, password_repeat });
      expect([refused.status, refused.body.error?.code]).toEqual([status, code]);
    }
    const chosen = 'Eigenes-Passwort-2028';
    const confirmed = await call('confirm_email', { token, password: chosen, password_repeat: chosen });
    expect(confirmed.status).toBe(200);
    expect((await call('get_account', undefined, cookieOf(confirmed, 'session'))).body.data).toMatchObject({
      email,
      email_confirmed: true,
    });
    // The account has the password chosen at the link, not the one chosen at registration.
    expect((await call('login', { email, password: chosen })).status).toBe(200);
    expect((await call('login', { email, password: PASSWORD })).body.error?.code).toBe('wrong_password');
  });

  it('confirms one of two registrations of an address confirmed at once, and refuses the other', async () => {
    const first = await registered();
    const answer = await call('register', { email: first.email, password: PASSWORD, password_repeat: PASSWORD });
    const second = { browser: cookieOf(answer, 'registration')!, token: tokenOf(server.mails.at(-1)?.link) };
    const both = await Promise.all(
      [first, second].map(({ token, browser }) => call('confirm_email', { token }, browser)),
    );
    expect(both.map((one) => one.body.error?.code ?? one.status).sort()).toEqual([200, 'invalid_token']);
    expect(await server.db.query('SELECT 1 FROM users WHERE email = $1', [first.email])).toHaveLength(1);
  });

  it('refuses an address taken off the list meanwhile, making no account', async () => {
    const { email, browser, token } = await registered();
    await server.db.query('DELETE FROM allowed_emails WHERE email = $1', [email]);
    const answer = await call('confirm_email', { token }, browser);
    expect([answer.status, answer.body.error?.code]).toEqual([403, 'email_not_on_file']);
    expect(await server.db.query('SELECT 1 FROM users WHERE email = $1', [email])).toHaveLength(0);
  });
});
