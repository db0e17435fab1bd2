// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): counters of failed logins moved by requests at once, which the pool runs side by side.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { startServer, type RunningServer } from '../../src/server/http/server.ts';
import { GKZ_A } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Issue 15, M2 and M3: strangers cannot lock a clerk out, and rotating through one's own IPv6
 * addresses does not escape the per-address limits. The server believes X-Forwarded-For here, so
 * each test can speak from the addresses it needs.
 */
let server: TestServer;
let proxied: RunningServer;

beforeAll(async () => {
  server = await startTestServer();
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', SEED_DEMO: '0', TRUST_PROXY: '1' });
  proxied = await startServer({
    config,
    db: server.db,
    mailer: { send: (mail) => Promise.resolve(void server.mails.push(mail)) },
    clock: () => server.clock.now,
  });
});
afterAll(async () => {
  await proxied.close();
  await server.close();
});

async function post(path: string, fields: Record<string, string>, from: string) {
  const response = await fetch(`${proxied.url}/api/${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'X-Forwarded-For': from },
  });
  const body = (await response.json()) as { error?: { code: string } };
  return { status: response.status, code: body.error?.code };
}
const PASSWORD = 'Marktplatz-2027';
async function clerk(): Promise<string> {
  const email = `clerk-${randomUUID().slice(0, 8)}@gemeinde.example`;
  await server.db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
  const registered = await post('register', { email, password: PASSWORD, password_repeat: PASSWORD }, '192.0.2.1');
  expect(registered.status).toBe(202);
  // Issue 49: the account comes with its confirmation.
  const token = server.mails.at(-1)!.link.split('/anmelden/')[1]!;
  expect(
    (await post('confirm_email', { token, password: PASSWORD, password_repeat: PASSWORD }, '192.0.2.1')).status,
  ).toBe(200);
  return email;
}
const keys = async (like: string) =>
  (await server.db.query<{ key: string }>('SELECT key FROM rate_limits WHERE key LIKE $1', [like])).map((r) => r.key);

describe('M2: lockout by strangers', () => {
  it("leaves the clerk's login working after a stranger's wrong passwords; the stranger is refused", async () => {
    const email = await clerk();
    const stranger = '198.51.100.66';
    const tries = [];
    for (let i = 0; i < 11; i++) tries.push(await post('login', { email, password: 'Falsch-2027' }, stranger));
    expect(tries.slice(0, 10).every((t) => t.code === 'wrong_password')).toBe(true);
    expect(tries[10]).toEqual({ status: 429, code: 'rate_limited' });
    expect(await post('login', { email, password: PASSWORD }, '203.0.113.5')).toEqual({
      status: 200,
      code: undefined,
    });
  });

  it('counts guesses sent in parallel before checking them: no more than the limit get an answer', async () => {
    const email = await clerk();
    const from = '198.51.100.200';
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => post('login', { email, password: 'Falsch-2027' }, from)),
    );
    expect(answers.filter((answer) => answer.code === 'wrong_password').length).toBeLessThanOrEqual(10);
    expect(answers.filter((answer) => answer.code === 'rate_limited').length).toBeGreaterThanOrEqual(20);
    expect(await post('login', { email, password: PASSWORD }, '203.0.113.6')).toEqual({ status: 200, code: undefined });
  });

  it("lets the clerk in from where they logged in before, after two typos, while strangers' guesses have passed the account's ceiling", async () => {
    const email = await clerk();
    const office = '203.0.113.50';
    expect((await post('login', { email, password: PASSWORD }, office)).status).toBe(200);
    // 150 failures for this account from elsewhere today (50 is the ceiling, issue 49).
    await server.db.query(
      `INSERT INTO rate_limits (key, window_started_at, attempts) VALUES ($1, $2, 150)
       ON CONFLICT (key) DO UPDATE SET window_started_at = $2, attempts = 150`,
      [`login:account:${email}`, server.clock.now],
    );
    expect((await post('login', { email, password: 'Marktplatz-2072' }, office)).code).toBe('wrong_password');
    expect((await post('login', { email, password: 'Marktplats-2027' }, office)).code).toBe('wrong_password');
    expect(await post('login', { email, password: PASSWORD }, office)).toEqual({ status: 200, code: undefined });
    // A network the account has not logged in from is refused before its password is checked.
    expect(await post('login', { email, password: 'Rate-1-2027' }, '198.51.100.150')).toEqual({
      status: 429,
      code: 'account_guarded',
    });
  });

  it('does not count successful logins', async () => {
    const email = await clerk();
    for (let i = 0; i < 12; i++)
      expect((await post('login', { email, password: PASSWORD }, '192.0.2.7')).status).toBe(200);
  });

  it("throttles reset mails to one address silently; others' requests never refuse the clerk's", async () => {
    const email = await clerk();
    const before = server.mails.length;
    for (let i = 0; i < 6; i++)
      expect((await post('forgot_password', { email }, `198.51.100.${10 + i}`)).status).toBe(200);
    expect(server.mails.length - before).toBeLessThanOrEqual(10);
    expect((await post('forgot_password', { email }, '203.0.113.77')).status).toBe(200);
  });

  it("a stranger's reset requests from one network leave the clerk's own request its mail", async () => {
    const email = await clerk();
    const before = server.mails.length;
    for (let i = 0; i < 8; i++) expect((await post('forgot_password', { email }, '198.51.100.99')).status).toBe(200);
    expect(server.mails.length - before).toBe(3);
    expect((await post('forgot_password', { email }, '203.0.113.78')).status).toBe(200);
    expect(server.mails.length - before).toBe(4);
  });

  it('lets the owner register although strangers tried their address from elsewhere', async () => {
    const email = `clerk-${randomUUID().slice(0, 8)}@gemeinde.example`;
    for (let i = 0; i < 6; i++)
      await post('register', { email, password: PASSWORD, password_repeat: PASSWORD }, `198.51.100.${40 + i}`);
    await server.db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
    const own = await post('register', { email, password: PASSWORD, password_repeat: PASSWORD }, '203.0.113.40');
    expect(own.status).toBe(202);
    expect(server.mails.at(-1)).toMatchObject({ to: email, subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' });
  });
});

describe('M3: IPv6 rotation', () => {
  it('counts an IPv4-mapped address as the IPv4 address, and IPv6 by its /64 and /48', async () => {
    await post('login', { email: 'niemand@gemeinde.example', password: 'x' }, '::ffff:203.0.113.99');
    expect(await keys('%203.0.113.99%')).not.toEqual([]);
    expect((await keys('%::ffff:%')).length).toBe(0);
    await post('login', { email: 'niemand@gemeinde.example', password: 'x' }, '2001:db8:aa:bb:1:2:3:4');
    const v6 = await keys('%2001:db8:aa:%');
    expect(v6).toContain('login:ip:2001:db8:aa:bb::/64');
    expect(v6).toContain('login:ip48:2001:db8:aa::/48');
    expect(v6.some((key) => key.includes('1:2:3:4'))).toBe(false);
  });

  it('refuses one /64 after its limit, whichever of its addresses is used', async () => {
    const answers = [];
    for (let i = 1; i <= 52; i++) {
      const from = `2001:db8:77:1::${i.toString(16)}`;
      answers.push(await post('login', { email: `niemand${i}@gemeinde.example`, password: 'x' }, from));
    }
    expect(answers.at(-1)).toEqual({ status: 429, code: 'rate_limited' });
    // Another /64 of another network is not affected.
    expect((await post('login', { email: 'niemand@gemeinde.example', password: 'x' }, '2001:db8:78:1::1')).status).toBe(
      404,
    );
  });
});
