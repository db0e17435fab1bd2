import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GKZ_A } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Issue 19: the public pages are the same for everybody (pre-rendered, cached), so their header
 * learns who is logged in from a cookie a script may read. It names the user and nothing secret;
 * the session stays in its HttpOnly cookie.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PASSWORD = 'Marktplatz-2027';
const post = async (path: string, fields: Record<string, string>, cookie?: string) => {
  const response = await server.fetch(`/api/${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: cookie ? { Cookie: cookie } : {},
  });
  return { status: response.status, cookies: response.headers.getSetCookie() };
};
const hintOf = (cookies: string[]) => cookies.find((cookie) => cookie.startsWith('marktverzeichnis_account='));

it('login and registration set a readable hint naming the user; logging out clears it', async () => {
  const email = `clerk-${randomUUID().slice(0, 8)}@gemeinde.example`;
  await server.db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
  const registered = await post('register', { email, password: PASSWORD, password_repeat: PASSWORD });
  expect(registered.status).toBe(201);
  expect(hintOf(registered.cookies)).toMatch(new RegExp(`^marktverzeichnis_account=${encodeURIComponent(email)};`));
  expect(hintOf(registered.cookies)).not.toMatch(/HttpOnly/);
  expect(hintOf(registered.cookies)).toMatch(/SameSite=Lax/);

  const login = await post('login', { email, password: PASSWORD });
  expect(login.status).toBe(200);
  const session = login.cookies[0]!.split(';')[0]!;
  expect(session).toMatch(/^session=/);
  expect(hintOf(login.cookies)).toMatch(/^marktverzeichnis_account=/);

  const logout = await post('logout', {}, session);
  expect(logout.status).toBe(200);
  expect(hintOf(logout.cookies)).toMatch(/^marktverzeichnis_account=;.*Max-Age=0/);
});

it('a failed login sets no hint', async () => {
  const failed = await post('login', { email: 'nobody@gemeinde.example', password: PASSWORD });
  expect(failed.status).not.toBe(200);
  expect(hintOf(failed.cookies)).toBeUndefined();
});
