import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GKZ_A } from './helpers/fixtures.ts';
import { registerAndConfirm } from './helpers/registration.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 15, L5: a visitor id passed on in a link must not give its state or account to someone else. */
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
async function clerk(visitorId: string): Promise<{ email: string; cookie: string }> {
  const email = `clerk-${randomUUID().slice(0, 8)}@gemeinde.example`;
  await server.db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
  // Issue 49: the visitor is linked when the account comes to be, at its confirmation.
  const { session } = await registerAndConfirm(server, email, PASSWORD, { visitor_id_js: visitorId });
  return { email, cookie: session! };
}

it("writing a linked visitor's state needs that user's session; another login does not take it over", async () => {
  const visitorId = randomUUID();
  await post('create_visitor', { visitor_id_js: visitorId });
  const owner = await clerk(visitorId);
  const state = JSON.stringify({ year: 2027 });
  expect((await post('update_visitor', { visitor_id_js: visitorId, state })).code).toBe('forbidden');
  const other = await clerk(visitorId);
  expect((await post('update_visitor', { visitor_id_js: visitorId, state }, other.cookie)).code).toBe('forbidden');
  expect((await post('update_visitor', { visitor_id_js: visitorId, state }, owner.cookie)).status).toBe(200);
  const data = await server.fetch(`/api/get_visitor_data/${visitorId}`, { headers: { Cookie: owner.cookie } });
  expect(((await data.json()) as { data: { auth_email: string } }).data.auth_email).toBe(owner.email);
});

it('an unlinked visitor is written by anyone who has its id, as before', async () => {
  const visitorId = randomUUID();
  await post('create_visitor', { visitor_id_js: visitorId });
  expect((await post('update_visitor', { visitor_id_js: visitorId, state: '{}' })).status).toBe(200);
});
