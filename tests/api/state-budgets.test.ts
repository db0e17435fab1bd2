// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): byte budgets counted by requests at once, which the pool runs side by side.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STATE_BYTES } from '../../src/server/http/anonymous-limits.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 49 review: a state refused by one of its network's byte budgets spends none of the others. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(() => server.close());

const post = (route: string, body: Record<string, unknown>) =>
  server.fetch(`/api/${route}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '2001:db8:4901:7::1' },
  });

const budgets = async () =>
  Object.fromEntries(
    (
      await server.db.query<{ key: string; attempts: number }>(
        "SELECT key, attempts FROM rate_limits WHERE key LIKE 'state_bytes%' ORDER BY key",
      )
    ).map(({ key, attempts }) => [key, Number(attempts)]),
  );

it('leaves the network’s budget as it was when the /48’s refuses the state', async () => {
  const visitor_id_js = randomUUID();
  expect((await post('create_visitor', { visitor_id_js })).status).toBe(201);
  expect((await post('update_visitor', { visitor_id_js, state: { n: 1 } })).status).toBe(200);
  const wider = Object.keys(await budgets()).find((key) => key.startsWith('state_bytes:ip48:'));
  if (!wider) throw new Error('no budget of the /48');
  await server.db.query('UPDATE rate_limits SET attempts = $2 WHERE key = $1', [wider, STATE_BYTES.wider.bytes]);
  const before = await budgets();

  const refused = await post('update_visitor', { visitor_id_js, state: { n: 2 } });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3000);
  expect(await budgets()).toEqual(before);
});
