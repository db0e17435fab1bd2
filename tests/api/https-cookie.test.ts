import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { startServer, type RunningServer } from '../../src/server/http/server.ts';
import { GKZ_A } from './helpers/fixtures.ts';
import { registerAndConfirm } from './helpers/registration.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 15, L3: a portal whose public address is https gets a __Host- cookie, always Secure, and HSTS. */
let server: TestServer;
let portal: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: '0',
    PUBLIC_BASE_URL: 'https://portal.example',
  });
  portal = await startServer({
    config,
    db: server.db,
    mailer: { send: (mail) => Promise.resolve(void server.mails.push(mail)) },
  });
});
afterAll(async () => {
  await portal.close();
  await server.close();
});

it('sets __Host-session, Secure, and sends HSTS', async () => {
  const email = `clerk-${randomUUID().slice(0, 8)}@gemeinde.example`;
  await server.db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
  const password = 'Marktplatz-2027';
  const registered = await registerAndConfirm(
    { fetch: (path, init) => fetch(new URL(path, portal.url), init), mails: server.mails },
    email,
    password,
  );
  expect(registered.status).toBe(200);
  // Issue 49: the registering browser's cookie, and the session its confirmation starts.
  expect(registered.cookies[0]).toMatch(/^__Host-registration=; Max-Age=0; Path=\/; Secure/);
  const setCookie = registered.cookies.find((cookie) => cookie.startsWith('__Host-session=')) ?? '';
  expect(setCookie).toMatch(/^__Host-session=[\w-]{43};/);
  expect(setCookie).toMatch(/; Secure/);
  expect(setCookie).toMatch(/; Path=\//);
  expect(setCookie).not.toMatch(/Domain=/);
  expect(registered.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  const cookie = setCookie.split(';')[0]!;
  expect((await fetch(`${portal.url}/api/get_account`, { headers: { Cookie: cookie } })).status).toBe(200);
  const plainName = cookie.replace('__Host-session', 'session');
  expect((await fetch(`${portal.url}/api/get_account`, { headers: { Cookie: plainName } })).status).toBe(401);
});

/**
 * Issue 49: the account hint is `__Host-` prefixed over https too, so no sibling subdomain or http
 * page can plant a name for the header; login, logout and the 401 of an ended session agree on it.
 */
describe('the account hint on an https portal', () => {
  const HINT = '__Host-marktverzeichnis_account';
  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    fetch(`${portal.url}/api/${path}`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: cookie ? { Cookie: cookie } : {},
    });
  const hintOf = (response: Response) => response.headers.getSetCookie().find((one) => one.startsWith(`${HINT}=`));

  it('is set as __Host-marktverzeichnis_account, Secure, for / and no domain, and cleared so', async () => {
    const email = `clerk-${randomUUID().slice(0, 8)}@gemeinde.example`;
    await server.db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
    const password = 'Marktplatz-2027';
    // Issue 49: the session, and the hint with it, come when the registering browser confirms.
    const registered = await registerAndConfirm(
      { fetch: (path, init) => fetch(new URL(path, portal.url), init), mails: server.mails },
      email,
      password,
    );
    expect(registered.status).toBe(200);
    const hint = registered.cookies.find((one) => one.startsWith(`${HINT}=`));
    expect(hint).toMatch(new RegExp(`^${HINT}=${encodeURIComponent(email)};`));
    expect(hint).toMatch(/; Secure/);
    expect(hint).toMatch(/; Path=\//);
    expect(hint).not.toMatch(/Domain=|HttpOnly/);
    expect(registered.cookies.some((one) => one.startsWith('marktverzeichnis_account='))).toBe(false);

    const session = registered.cookies.find((one) => one.startsWith('__Host-session='))!.split(';')[0]!;
    const logout = await post('logout', {}, session);
    expect(logout.status).toBe(200);
    expect(hintOf(logout)).toMatch(new RegExp(`^${HINT}=;.*Max-Age=0.*; Secure`));
  });

  it('is cleared by the 401 of a session that has ended', async () => {
    const answer = await fetch(`${portal.url}/api/get_account`, {
      headers: { Cookie: `__Host-session=${'A'.repeat(43)}; ${HINT}=clerk%40gemeinde.example` },
    });
    expect(answer.status).toBe(401);
    expect(hintOf(answer)).toMatch(/Max-Age=0/);
  });
});
