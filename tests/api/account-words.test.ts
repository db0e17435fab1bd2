import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GKZ_A } from './helpers/fixtures.ts';
import { registerAndConfirm } from './helpers/registration.ts';
import { send } from './helpers/raw-http.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 19, "Words": every refusal of the account calls says what to do next, in the user's language. */
let server: TestServer;
const messages = (locale: string) =>
  JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8')) as Record<string, string>;

beforeAll(async () => {
  server = await startTestServer({ CONTACT_EMAIL: 'freischaltung@betreiber.example' });
});
afterAll(() => server.close());

interface Answer {
  status: number;
  headers: Headers;
  body: { data?: Record<string, unknown>; error?: { code: string; message: string; retry_after?: number } };
  cookie: string | null;
}
async function call(path: string, fields: Record<string, unknown>, lang = 'de', cookie?: string): Promise<Answer> {
  const response = await server.fetch(`/api/${path}?lang=${lang}`, {
    method: 'POST',
    body: JSON.stringify(fields),
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Answer['body'],
    cookie: response.headers.get('set-cookie')?.split(';')[0] ?? null,
  };
}
const PASSWORD = 'Marktplatz-2027';
const allowedAddress = async () => {
  const email = `clerk-${randomUUID().slice(0, 8)}@gemeinde.example`;
  await server.db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
  return email;
};

describe('the forgot-password and reset forms', () => {
  it('ask for the address alone, not for "address or password", when it is missing', async () => {
    for (const path of ['forgot_password', 'resend_confirmation']) {
      const answer = await call(path, { email: ' ' }, 'en');
      expect([answer.status, answer.body.error?.code]).toEqual([400, 'email_missing']);
      expect(answer.body.error?.message).toBe(messages('en')['errors.email_missing']);
      expect(answer.body.error?.message).not.toMatch(/password/i);
    }
  });

  it('ask for the new password, not for "address or password", when it is missing', async () => {
    const answer = await call('reset_password', { token: 'abc', password: '', password_repeat: '' });
    expect([answer.status, answer.body.error?.code]).toEqual([400, 'new_password_missing']);
    expect(answer.body.error?.message).toBe(messages('de')['errors.new_password_missing']);
  });
});

describe('refusals that say what to do next', () => {
  // Issue 49: register answers every address alike; what to do next goes to the mailbox.
  it('an address not on file, at a listed domain, hears by mail whom the municipality writes to', async () => {
    await allowedAddress();
    const answer = await call('register', {
      email: 'vertippt@gemeinde.example',
      password: PASSWORD,
      password_repeat: PASSWORD,
    });
    expect([answer.status, answer.body.data]).toEqual([202, { sent: true }]);
    const mail = server.mails.at(-1)!;
    expect([mail.to, mail.subject]).toEqual(['vertippt@gemeinde.example', 'Ihre Registrierung bei Marktverzeichnis']);
    expect(mail.text).toContain('freischaltung@betreiber.example');
  });

  it('an account that exists already hears by mail to log in or ask for a new password', async () => {
    const email = await allowedAddress();
    expect((await registerAndConfirm(server, email, PASSWORD)).status).toBe(200);
    const again = await call('register', { email, password: PASSWORD, password_repeat: PASSWORD }, 'fr');
    expect([again.status, again.body.data]).toEqual([202, { sent: true }]);
    expect(server.mails.at(-1)!.text).toContain(`choisissez « ${messages('fr')['login.forgotPassword']} »`);
    expect(server.mails.at(-1)!.text).toMatch(/connecter ici/);
  });

  it('too many attempts say how long to wait, in words and in seconds', async () => {
    const email = await allowedAddress();
    let answer: Answer | undefined;
    for (let attempt = 0; attempt < 60 && answer?.status !== 429; attempt += 1)
      answer = await call('login', { email, password: `falsch-${attempt}` });
    expect(answer?.status).toBe(429);
    const seconds = Number(answer!.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(60);
    expect(answer!.body.error?.retry_after).toBe(seconds);
    expect(answer!.body.error?.message).toContain(`Bitte warten Sie ${Math.ceil(seconds / 60)} Minuten`);
  });
});

describe('a confirmation link opened twice', () => {
  it('says the address is confirmed already, not that the link is invalid', async () => {
    const email = await allowedAddress();
    expect((await registerAndConfirm(server, email, PASSWORD)).status).toBe(200);
    const token = server.mails.at(-1)!.link.split('/anmelden/')[1]!;
    const second = await call('confirm_email', { token });
    expect([second.status, second.body.data]).toEqual([200, { confirmed: true, already_confirmed: true }]);
  });
});

describe('links in mails', () => {
  it('lead to the loopback address the portal was reached at when PUBLIC_BASE_URL is unset', async () => {
    const local = await startTestServer({ PUBLIC_BASE_URL: undefined });
    try {
      const email = `clerk-${randomUUID().slice(0, 8)}@gemeinde.example`;
      await local.db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
      const register = (host?: string) =>
        local.fetch('/api/register?lang=de', {
          method: 'POST',
          body: JSON.stringify({ email, password: PASSWORD, password_repeat: PASSWORD }),
          headers: { 'Content-Type': 'application/json', ...(host ? { Host: host } : {}) },
        });
      expect((await register()).status).toBe(202);
      const reached = new URL(local.url);
      expect(local.mails.at(-1)!.link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${reached.port}/anmelden/`));
      const token = local.mails.at(-1)!.link.split('/anmelden/')[1]!;
      const confirmed = await local.fetch('/api/confirm_email', {
        method: 'POST',
        body: JSON.stringify({ token, password: PASSWORD, password_repeat: PASSWORD }),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(confirmed.status).toBe(200);

      // Another Host is not believed (a reset link must not lead to a stranger's site).
      const body = Buffer.from(JSON.stringify({ email }));
      await send(local.url, {
        method: 'POST',
        path: '/api/forgot_password',
        headers: { Host: 'boese.example', 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
        body,
      });
      expect(local.mails.at(-1)!.link).toMatch(/^http:\/\/localhost:\d+\/anmelden\//);
    } finally {
      await local.close();
    }
  });
});
