import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GKZ_A } from './helpers/fixtures.ts';
import { registerAndConfirm } from './helpers/registration.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 15, L12: change the password with the current one, and log out everywhere. */
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
  const body = (await response.json()) as { error?: { code: string; fields?: Record<string, string> } };
  return { status: response.status, error: body.error, cookie: response.headers.get('set-cookie')?.split(';')[0] };
};
const account = async (cookie: string) =>
  (await server.fetch('/api/get_account', { headers: { Cookie: cookie } })).status;
const PASSWORD = 'Marktplatz-2027';
async function clerk(): Promise<{ email: string; cookie: string }> {
  const email = `clerk-${randomUUID().slice(0, 8)}@gemeinde.example`;
  await server.db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
  // Issue 49: registered, and confirmed in the same browser, which logs in.
  const { session } = await registerAndConfirm(server, email, PASSWORD);
  return { email, cookie: session! };
}

it('changes the password with the current one and ends every other session', async () => {
  const { email, cookie: other } = await clerk();
  const current = (await post('login', { email, password: PASSWORD })).cookie!;
  const change = (currentPassword: string) =>
    post(
      'change_password',
      { current_password: currentPassword, password: 'Neues-Passwort-2027', password_repeat: 'Neues-Passwort-2027' },
      current,
    );
  const wrong = await change('Falsch-2027');
  expect([wrong.status, wrong.error?.code, wrong.error?.fields]).toEqual([
    401,
    'wrong_password',
    { current_password: 'wrong_password' },
  ]);
  expect((await change(PASSWORD)).status).toBe(200);
  expect([await account(current), await account(other)]).toEqual([200, 401]);
  expect((await post('login', { email, password: 'Neues-Passwort-2027' })).status).toBe(200);
  expect((await post('change_password', { current_password: 'x', password: 'y', password_repeat: 'y' })).status).toBe(
    401,
  );
});

it('logs out everywhere, this session included', async () => {
  const { email, cookie: first } = await clerk();
  const second = (await post('login', { email, password: PASSWORD })).cookie!;
  expect((await post('logout_everywhere', {}, second)).status).toBe(200);
  expect([await account(first), await account(second)]).toEqual([401, 401]);
});
