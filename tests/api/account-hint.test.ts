import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GKZ_A } from './helpers/fixtures.ts';
import { registerAndConfirm } from './helpers/registration.ts';
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

it('login and a confirmed registration set a readable hint naming the user; logging out clears it', async () => {
  const email = `clerk-${randomUUID().slice(0, 8)}@gemeinde.example`;
  await server.db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
  // Issue 49: registering alone logs nobody in; confirming the address does.
  const registered = await registerAndConfirm(server, email, PASSWORD);
  expect(registered.status).toBe(200);
  expect(hintOf(registered.cookies)).toMatch(new RegExp(`^marktverzeichnis_account=${encodeURIComponent(email)};`));
  expect(hintOf(registered.cookies)).not.toMatch(/HttpOnly/);
  expect(hintOf(registered.cookies)).toMatch(/SameSite=Lax/);
  // Over http (the dev setup) its name stays plain: a __Host- cookie needs Secure (https-cookie.test.ts).
  expect(registered.cookies.some((cookie) => cookie.startsWith('__Host-'))).toBe(false);
  expect(hintOf(registered.cookies)).not.toMatch(/Secure/);

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

/**
 * Decision 0016 left the hint behind a session that ended on the server (idle, expired, ended by
 * an operator): the header then said "logged in" until the hint expired. The first call answered
 * 401 for that session clears it.
 */
describe('a 401 for a session that has ended clears the hint', () => {
  const get = async (path: string, cookie?: string) => {
    const response = await server.fetch(`/api/${path}`, { headers: cookie ? { Cookie: cookie } : {} });
    return { status: response.status, cookies: response.headers.getSetCookie() };
  };
  const loggedIn = async () => {
    const email = `clerk-${randomUUID().slice(0, 8)}@gemeinde.example`;
    await server.db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
    const { session } = await registerAndConfirm(server, email, PASSWORD);
    return { email, cookie: `${session!}; marktverzeichnis_account=${encodeURIComponent(email)}` };
  };

  it('ended on the server: the 401 clears the hint and the dead session cookie', async () => {
    const { email, cookie } = await loggedIn();
    await server.db.query('DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE email = $1)', [email]);
    const answer = await get('get_account', cookie);
    expect(answer.status).toBe(401);
    expect(hintOf(answer.cookies)).toMatch(/^marktverzeichnis_account=;.*Max-Age=0/);
    expect(answer.cookies.find((one) => one.startsWith('session='))).toMatch(/Max-Age=0/);
  });

  it('a hint without any session cookie is cleared too', async () => {
    const answer = await get('campaign', 'marktverzeichnis_account=clerk%40gemeinde.example');
    expect(answer.status).toBe(401);
    expect(hintOf(answer.cookies)).toMatch(/Max-Age=0/);
  });

  it('a live session keeps its hint through a 401 of its own (a wrong current password)', async () => {
    const { cookie } = await loggedIn();
    const refused = await post(
      'change_password',
      {
        current_password: 'not the password',
        password: 'Kirtag am Anger 2027',
        password_repeat: 'Kirtag am Anger 2027',
      },
      cookie,
    );
    expect(refused.status).toBe(401);
    expect(hintOf(refused.cookies)).toBeUndefined();
    expect((await get('get_account', cookie)).status).toBe(200);
  });

  it('a caller with no cookies gets no Set-Cookie with its 401', async () => {
    const answer = await get('get_account');
    expect(answer.status).toBe(401);
    expect(answer.cookies).toEqual([]);
  });
});
