// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): counters of failed logins moved by requests at once, which the pool runs side by side.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Passwords from '../../src/server/auth/passwords.ts';
import { GKZ_A } from './helpers/fixtures.ts';
import { registerAndConfirm } from './helpers/registration.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Issue 49: the account's ceiling of failed logins holds however many networks the guesses come
 * from, and the owner still gets in: from a network they have logged in from, or from a new one
 * after a new password set through the mailed link. Refused guesses are never hashed: the
 * password check is counted here (the server runs in this process).
 */
const checks = vi.hoisted(() => {
  // The API tests share their modules between files (vitest.config.ts): load the server anew, with the mock.
  vi.resetModules();
  return { count: 0 };
});
vi.mock('../../src/server/auth/passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return {
    ...original,
    verifyPassword: (hash: string, password: string) => {
      checks.count++;
      return original.verifyPassword(hash, password);
    },
  };
});

/** docs/api.md, "Rate limits": failed logins per account in 24 hours from networks it has not logged in from. */
const CEILING = 50;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(() => server.close());

async function post(path: string, fields: Record<string, string>, from: string) {
  const response = await server.fetch(`/api/${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'X-Forwarded-For': from },
  });
  const body = (await response.json()) as { error?: { code: string } };
  return { status: response.status, code: body.error?.code, retryAfter: response.headers.get('retry-after') };
}
const PASSWORD = 'Marktplatz-2027';
async function clerk(): Promise<string> {
  const email = `clerk-${randomUUID().slice(0, 8)}@gemeinde.example`;
  await server.db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
  const fromHome = (path: string, init?: RequestInit) =>
    server.fetch(path, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), 'X-Forwarded-For': '192.0.2.1' },
    });
  expect((await registerAndConfirm({ fetch: fromHome, mails: server.mails }, email, PASSWORD)).status).toBe(200);
  return email;
}

/** The n-th of 1,000 guesses: 250 /64s, 50 in each of 5 /48s, 4 addresses in each /64. */
function guesser(n: number): string {
  const network = n % 250;
  return `2001:db8:${(0xa0 + (network % 5)).toString(16)}:${Math.floor(network / 5).toString(16)}::${Math.floor(n / 250) + 1}`;
}

describe('issue 49: the ceiling per account', () => {
  it('answers at most the ceiling of 1,000 guesses from 250 /64s in 5 /48s; the owner still gets in', async () => {
    const email = await clerk();
    const office = '2001:db8:4900:17::5';
    expect((await post('login', { email, password: PASSWORD }, office)).status).toBe(200);

    const before = checks.count;
    const answers = [];
    // In batches sent at once, as guessers would: the ceiling is counted before the check.
    for (let batch = 0; batch < 1000; batch += 25) {
      const sent = Array.from({ length: 25 }, (_, i) =>
        post('login', { email, password: `Geraten-${batch + i}` }, guesser(batch + i)),
      );
      answers.push(...(await Promise.all(sent)));
    }
    const wrong = answers.filter((answer) => answer.code === 'wrong_password').length;
    const refused = answers.filter((answer) => answer.status === 429 && answer.code === 'account_guarded');
    expect(wrong).toBeLessThanOrEqual(CEILING);
    expect(refused.length).toBe(1000 - wrong);
    expect(refused.every((answer) => Number(answer.retryAfter) > 0)).toBe(true);
    expect(checks.count - before).toBe(wrong);

    // The owner at the office, a network they have logged in from, gets in after a typo.
    expect((await post('login', { email, password: 'Marktplatz-2072' }, office)).code).toBe('wrong_password');
    expect((await post('login', { email, password: PASSWORD }, office.replace('::5', '::6'))).status).toBe(200);

    // From a new network the right password alone is refused unchecked; the mailed link opens the way.
    const home = '198.51.100.49';
    expect((await post('login', { email, password: PASSWORD }, home)).code).toBe('account_guarded');
    expect((await post('forgot_password', { email }, home)).status).toBe(200);
    const token = server.mails.at(-1)!.link.split('/anmelden/')[1]!;
    const newPassword = 'Marktstand-2028';
    const reset = await post('reset_password', { token, password: newPassword, password_repeat: newPassword }, home);
    expect(reset.status).toBe(200);
    expect((await post('login', { email, password: newPassword }, home)).status).toBe(200);

    // The guessers are still held back, also from a /48 they had not used.
    expect((await post('login', { email, password: 'Geraten-X' }, '2001:db8:af:1::1')).code).toBe('account_guarded');
  });
});
