import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/http/server.ts';
import { count, GKZ_A } from './helpers/fixtures.ts';
import { registerAndConfirm } from './helpers/registration.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
/** Every body the server answered, to prove no hash ever leaves it. */
const bodies: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  const hashes = await server.db.query<{ h: string }>(
    `SELECT password_hash AS h FROM users UNION ALL SELECT token_hash FROM sessions
     UNION ALL SELECT token_hash FROM one_time_tokens UNION ALL SELECT password_hash FROM registrations
     UNION ALL SELECT token_hash FROM registrations UNION ALL SELECT browser_hash FROM registrations`,
  );
  expect(hashes.length).toBeGreaterThan(5);
  for (const body of bodies) {
    expect(body).not.toContain('$argon2');
    for (const { h } of hashes) expect(body).not.toContain(h);
  }
  await server.close();
});

let addressCounter = 0;
async function allowedAddress(): Promise<string> {
  const email = `clerk${++addressCounter}-${randomUUID().slice(0, 6)}@gemeinde.example`;
  await server.db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
  return email;
}

interface Answer {
  status: number;
  body: { data?: Record<string, unknown>; error?: { code: string; message: string; fields?: Record<string, string> } };
  headers: Headers;
  cookie: string | null;
}
async function call(
  path: string,
  fields?: Record<string, string>,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await server.fetch(`/api/${path}`, {
    method: fields ? 'POST' : 'GET',
    ...(fields ? { body: new URLSearchParams(fields) } : {}),
    headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) },
  });
  const text = await response.text();
  bodies.push(text);
  const setCookie = response.headers.get('set-cookie');
  return {
    status: response.status,
    body: JSON.parse(text) as Answer['body'],
    headers: response.headers,
    cookie: setCookie?.split(';')[0] ?? null,
  };
}
const tokenOf = (link: string) => link.split('/anmelden/')[1] ?? '';
/** Random, so that the database cannot compress it below the row limit of an index. */
const randomString = (length: number) => randomBytes(length).toString('base64url').slice(0, length);
const lastLink = () => server.mails.at(-1)?.link ?? '';

/** A confirmed account (issue 49: registered, and its link opened in the registering browser) and its session. */
async function registered(password = 'Marktplatz-2027'): Promise<{ email: string; cookie: string; password: string }> {
  const email = await allowedAddress();
  const { status, session } = await registerAndConfirm(server, email, password);
  expect(status).toBe(200);
  return { email, cookie: session!, password };
}

describe('register', () => {
  it('mails a 24-hour link to an address on file; opened in the registering browser, it logs in', async () => {
    const email = await allowedAddress();
    const visitorId = randomUUID();
    await call('create_visitor', { visitor_id_js: visitorId });
    const answer = await call('register', {
      email: ` ${email.toUpperCase()} `,
      password: 'Marktplatz-2027',
      password_repeat: 'Marktplatz-2027',
      lang: 'en',
    });
    expect([answer.status, answer.body.data]).toEqual([202, { sent: true }]);
    const browser = answer.headers.get('set-cookie') ?? '';
    expect(browser).toMatch(/^registration=[\w-]{43}; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/);
    const mail = server.mails.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe('Please confirm your e-mail address');
    expect(mail.link).toMatch(/^http:\/\/portal\.test\/en\/anmelden\/[\w-]{43}$/);
    expect(mail.text).toContain(mail.link);
    expect(mail.html).toContain(`href="${mail.link}"`);
    expect(await server.db.query('SELECT 1 FROM users WHERE email = $1', [email])).toHaveLength(0);

    const confirmed = await call(
      'confirm_email',
      { token: tokenOf(mail.link), visitor_id_js: visitorId },
      answer.cookie!,
    );
    expect([confirmed.status, confirmed.body.data]).toEqual([200, { confirmed: true }]);
    const setCookie = confirmed.headers.getSetCookie();
    expect(setCookie[0]).toMatch(/^registration=; Max-Age=0/); // used up
    const session = setCookie.find((cookie) => cookie.startsWith('session=')) ?? '';
    expect(session).toMatch(/^session=[\w-]{43};/);
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Path=\//);
    expect(session).not.toMatch(/Secure/); // plain http here
    const cookie = session.split(';')[0]!;
    expect((await call('get_account', undefined, cookie)).body.data).toMatchObject({
      email,
      email_confirmed: true,
      municipality: { gkz: GKZ_A, name: 'Hartberg', state: 'Steiermark', state_code: 6 },
    });
    const visitor = await call(`get_visitor_data/${visitorId}`, undefined, cookie);
    expect(visitor.body.data).toMatchObject({ auth_email: email, wko_municipality: 'Hartberg', wko_plz: '8230' });
  });

  it.each([
    ['no e-mail', { password: 'Marktplatz-2027', password_repeat: 'Marktplatz-2027' }, 400, 'credentials_missing'],
    ['no password', { email: 'a@b.at', password_repeat: 'x' }, 400, 'credentials_missing'],
    ['no repetition', { email: 'a@b.at', password: 'Marktplatz-2027' }, 422, 'required_fields'],
    ['a bad address and no repetition', { email: 'nope', password: 'Marktplatz-2027' }, 422, 'required_fields'],
    [
      'a bad address',
      { email: 'nope', password: 'Marktplatz-2027', password_repeat: 'Marktplatz-2027' },
      422,
      'invalid_email',
    ],
    ['a short password', { email: 'a@b.at', password: 'kurz', password_repeat: 'kurz' }, 422, 'password_too_short'],
    [
      'different passwords',
      { email: 'a@b.at', password: 'Marktplatz-2027', password_repeat: 'Marktplatz-2028' },
      422,
      'passwords_mismatch',
    ],
    [
      'a common password',
      { email: 'a@b.at', password: 'Passwort1', password_repeat: 'Passwort1' },
      422,
      'password_too_common',
    ],
  ])('refuses %s, creating nobody', async (_name, fields, status, code) => {
    const before = await server.db.query('SELECT 1 FROM users');
    const answer = await call('register', fields);
    expect([answer.status, answer.body.error?.code]).toEqual([status, code]);
    expect(answer.cookie).toBeNull();
    expect(await server.db.query('SELECT 1 FROM users')).toHaveLength(before.length);
  });

  it('refuses a registration from a foreign site', async () => {
    const email = await allowedAddress();
    const answer = await call(
      'register',
      { email, password: 'Marktplatz-2027', password_repeat: 'Marktplatz-2027' },
      undefined,
      { Origin: 'https://evil.example' },
    );
    expect([answer.status, answer.body.error?.code]).toEqual([403, 'forbidden']);
    expect(await server.db.query('SELECT 1 FROM users WHERE email = $1', [email])).toHaveLength(0);
  });
});

describe('confirm_email', () => {
  it('confirms once; the same link again says so (issue 19), an unknown one is invalid', async () => {
    const { cookie } = await registered();
    const token = tokenOf(lastLink());
    expect((await call('get_account', undefined, cookie)).body.data).toMatchObject({ email_confirmed: true });
    expect((await call('confirm_email', { token }, cookie)).body.data).toEqual({
      confirmed: true,
      already_confirmed: true,
    });
    expect((await call('confirm_email', { token: 'made-up' }, cookie)).body.error?.code).toBe('invalid_token');
    expect((await call('confirm_email', {}, cookie)).status).toBe(422);
  });

  it('refuses a link older than 24 hours; there is no account to log in to until a new one is confirmed', async () => {
    const email = await allowedAddress();
    const password = 'Marktplatz-2027';
    expect((await call('register', { email, password, password_repeat: password })).status).toBe(202);
    const token = tokenOf(lastLink());
    server.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await call('confirm_email', { token, password, password_repeat: password })).body.error?.code).toBe(
      'token_expired',
    );
    const refused = await call('login', { email, password });
    expect([refused.status, refused.body.error?.code]).toEqual([404, 'user_not_found']);
    expect((await call('resend_confirmation', { email })).status).toBe(200);
    expect(
      (await call('confirm_email', { token: tokenOf(lastLink()), password, password_repeat: password })).status,
    ).toBe(200);
    expect((await call('login', { email, password })).status).toBe(200);
  });
});

describe('login and logout', () => {
  it.each([
    ['no password', (email: string) => ({ email }), 400, 'credentials_missing'],
    ['no e-mail', () => ({ password: 'x' }), 400, 'credentials_missing'],
    [
      'an unknown user',
      () => ({ email: 'niemand@gemeinde.example', password: 'Marktplatz-2027' }),
      404,
      'user_not_found',
    ],
    ['a wrong password', (email: string) => ({ email, password: 'Falsch-2027' }), 401, 'wrong_password'],
    // Neither may reach the database (the key of the attempt counter): a NUL, or a length beyond any address.
    [
      'an e-mail with a NUL character',
      () => ({ email: 'a\u0000@gemeinde.example', password: 'x' }),
      422,
      'invalid_email',
    ],
    ['an e-mail of 6,000 characters', () => ({ email: `${randomString(6000)}@x.at`, password: 'x' }), 422, 'too_long'],
  ])('refuses %s', async (_name, fields, status, code) => {
    const { email } = await registered();
    const answer = await call('login', fields(email));
    expect([answer.status, answer.body.error?.code]).toEqual([status, code]);
    expect(answer.cookie).toBeNull();
  });

  it('logs in with a new session and logs out on the server too', async () => {
    const { email, password, cookie: first } = await registered();
    const login = await call('login', { email: email.toUpperCase(), password });
    expect(login.status).toBe(200);
    expect(login.cookie).not.toBe(first);
    expect((await call('get_account', undefined, login.cookie!)).status).toBe(200);
    expect((await call('logout', {}, login.cookie!)).status).toBe(200);
    const after = await call('get_account', undefined, login.cookie!);
    expect([after.status, after.body.error?.code]).toEqual([401, 'not_logged_in']);
    expect((await call('get_account', undefined, first)).status).toBe(200);
  });

  it('limits login attempts per address with 429 and Retry-After', async () => {
    const { email } = await registered();
    const answers: Answer[] = [];
    for (let attempt = 0; attempt < 11; attempt++)
      answers.push(await call('login', { email, password: 'Falsch-2027' }));
    expect(answers.slice(0, 10).every((answer) => answer.status === 401)).toBe(true);
    expect(answers[10]?.status).toBe(429);
    expect(answers[10]?.body.error?.code).toBe('rate_limited');
    expect(Number(answers[10]?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts attempts behind a proxy by the address the proxy added, unless it is none', async () => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', SEED_DEMO: '0', TRUST_PROXY: '1' });
    const mailer = { send: () => Promise.resolve() };
    const proxied = await startServer({ config, db: server.db, mailer, clock: () => server.clock.now });
    try {
      const login = (forwardedFor: string) =>
        fetch(`${proxied.url}/api/login`, {
          method: 'POST',
          body: new URLSearchParams({ email: 'niemand@gemeinde.example', password: 'Falsch-2027' }),
          headers: { 'X-Forwarded-For': forwardedFor },
        });
      // The client wrote the first entry itself, to get round the limit; the proxy appended the last.
      expect((await login('198.51.100.7, 203.0.113.9')).status).toBe(404);
      const junk = randomString(6000);
      expect((await login(junk)).status).toBe(404);
      const keys = await server.db.query<{ key: string }>(`SELECT key FROM rate_limits WHERE key LIKE 'login:ip:%'`);
      expect(keys.map(({ key }) => key)).toContain('login:ip:203.0.113.9');
      expect(keys.map(({ key }) => key)).not.toContain('login:ip:198.51.100.7');
      expect(keys.some(({ key }) => key.includes(junk.slice(0, 40)))).toBe(false);
    } finally {
      await proxied.close();
    }
  });

  it('keeps the attempt counters, which hold IP addresses, no longer than a day', async () => {
    const { email } = await registered();
    await call('login', { email, password: 'Falsch-2027' });
    const counters = () => server.db.query<{ key: string }>('SELECT key FROM rate_limits');
    expect((await counters()).some(({ key }) => key.startsWith('login:ip:'))).toBe(true);

    await server.afterPurge(25 * 60 * 60 * 1000, () =>
      call('login', { email: 'someone-else@gemeinde.at', password: 'Falsch-2027' }),
    );
    expect((await counters()).map(({ key }) => key).filter((key) => key.includes(email))).toEqual([]);
  });
});

describe('forgot and reset password', () => {
  it('mails a one-hour link; a new password ends every other session', async () => {
    const { email, cookie: other, password } = await registered();
    const current = (await call('login', { email, password })).cookie!;
    expect((await call('forgot_password', { email, lang: 'de' })).status).toBe(200);
    expect(server.mails.at(-1)).toMatchObject({ to: email, subject: 'Neues Passwort festlegen' });
    const token = tokenOf(lastLink());
    const mismatch = await call('reset_password', {
      token,
      password: 'Neu-Passwort-1',
      password_repeat: 'Neu-Passwort-2',
    });
    expect(mismatch.body.error?.code).toBe('passwords_mismatch');
    const common = await call('reset_password', { token, password: 'sunshine1', password_repeat: 'sunshine1' });
    expect(common.body.error).toMatchObject({
      code: 'password_too_common',
      fields: { password: 'password_too_common' },
    });
    expect(
      (await call('reset_password', { token, password: 'Neu-Passwort-1', password_repeat: 'Neu-Passwort-1' }, current))
        .status,
    ).toBe(200);
    expect((await call('get_account', undefined, other)).status).toBe(401);
    expect((await call('get_account', undefined, current)).status).toBe(200);
    expect((await call('login', { email, password })).body.error?.code).toBe('wrong_password');
    expect((await call('login', { email, password: 'Neu-Passwort-1' })).status).toBe(200);
    expect(
      (await call('reset_password', { token, password: 'Neu-Passwort-3', password_repeat: 'Neu-Passwort-3' })).body
        .error?.code,
    ).toBe('invalid_token');
  });

  it('refuses a reset link older than one hour', async () => {
    const { email } = await registered();
    await call('forgot_password', { email });
    server.clock.advance(60 * 60 * 1000 + 1000);
    const answer = await call('reset_password', {
      token: tokenOf(lastLink()),
      password: 'Neu-Passwort-1',
      password_repeat: 'Neu-Passwort-1',
    });
    expect([answer.status, answer.body.error?.code]).toEqual([422, 'token_expired']);
  });

  it('answers alike for an unknown address, sending nothing', async () => {
    const before = server.mails.length;
    expect((await call('forgot_password', { email: 'niemand@gemeinde.example' })).status).toBe(200);
    expect(server.mails.length).toBe(before);
    expect((await call('forgot_password', { email: 'kaputt' })).body.error?.code).toBe('invalid_email');
  });
});

describe('get_account', () => {
  it('is refused without a session', async () => {
    const answer = await call('get_account');
    expect([answer.status, answer.body.error?.code]).toEqual([401, 'not_logged_in']);
    expect(await count(server.db, 'visitors')).toBeGreaterThan(0);
  });
});
