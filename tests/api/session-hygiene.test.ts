import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GKZ_A, loggedInUser } from './helpers/fixtures.ts';
import { registerAndConfirm } from './helpers/registration.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 15, L1 and L2. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = async (path: string, fields: Record<string, string>, cookie?: string) => {
  const response = await server.fetch(`/api/${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: cookie ? { Cookie: cookie } : {},
  });
  const body = (await response.json()) as { error?: { code: string } };
  return { status: response.status, code: body.error?.code, cookie: response.headers.get('set-cookie')?.split(';')[0] };
};
const PASSWORD = 'Marktplatz-2027';
async function clerk(): Promise<{ email: string; cookie: string }> {
  const email = `clerk-${randomUUID().slice(0, 8)}@gemeinde.example`;
  await server.db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
  // Issue 49: registered, and confirmed in the same browser, which logs in.
  const { session } = await registerAndConfirm(server, email, PASSWORD);
  return { email, cookie: session! };
}
const lastToken = () => server.mails.at(-1)!.link.split('/anmelden/')[1]!;

it('L1: a newer reset link voids the older ones', async () => {
  const { email } = await clerk();
  await post('forgot_password', { email });
  const older = lastToken();
  await post('forgot_password', { email });
  const newer = lastToken();
  const reset = (token: string) =>
    post('reset_password', { token, password: 'Neues-Passwort-1', password_repeat: 'Neues-Passwort-1' });
  expect((await reset(older)).code).toBe('invalid_token');
  expect((await reset(newer)).status).toBe(200);
});

it('L2: logging in ends the session the browser held before', async () => {
  const { email, cookie: before } = await clerk();
  const login = await post('login', { email, password: PASSWORD }, before);
  expect(login.status).toBe(200);
  expect((await server.fetch('/api/get_account', { headers: { Cookie: before } })).status).toBe(401);
  expect((await server.fetch('/api/get_account', { headers: { Cookie: login.cookie! } })).status).toBe(200);
});

it('a session in use stays open: its idle clock moves on, at most once a minute', async () => {
  const { userId, cookie } = await loggedInUser(server.db, GKZ_A);
  const idleFor = async () =>
    (
      await server.db.query<{ seconds: number }>(
        'SELECT extract(epoch FROM now() - last_seen_at)::int AS seconds FROM sessions WHERE user_id = $1',
        [userId],
      )
    )[0]?.seconds;
  const lastSeen = (ago: string) =>
    server.db.query(`UPDATE sessions SET last_seen_at = now() - $2::interval WHERE user_id = $1`, [userId, ago]);
  const use = async () =>
    expect((await server.fetch('/api/get_account', { headers: { Cookie: cookie } })).status).toBe(200);
  await lastSeen('3 hours 59 minutes');
  await use();
  expect(await idleFor()).toBeLessThan(5);
  await lastSeen('30 seconds');
  await use();
  expect(await idleFor()).toBeGreaterThanOrEqual(30); // not a write per request
  await lastSeen('4 hours 1 minute');
  expect((await server.fetch('/api/get_account', { headers: { Cookie: cookie } })).status).toBe(401);
});

it('issue 49: an account holds at most 10 sessions; the 11th login ends the oldest', async () => {
  const { email, cookie: registered } = await clerk();
  await post('logout', {}, registered);
  const cookies = [];
  for (let i = 0; i < 11; i++) cookies.push((await post('login', { email, password: PASSWORD })).cookie!);
  const status = async (cookie: string) =>
    (await server.fetch('/api/get_account', { headers: { Cookie: cookie } })).status;
  expect(await status(cookies[0]!)).toBe(401);
  for (const cookie of cookies.slice(1)) expect(await status(cookie)).toBe(200);
});
