// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): counters moved by requests at once, which the pool runs side by side.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 15, M4: the attempt counters must not grow with whatever addresses clients make up. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = (path: string, fields: Record<string, string>) =>
  server.fetch(`/api/${path}`, { method: 'POST', body: new URLSearchParams(fields) });

it('keeps no counter for made-up or malformed addresses, only per client network', async () => {
  for (let i = 0; i < 20; i++) {
    await post('login', { email: `erfunden-${i}@nirgendwo.example`, password: 'x' });
    await post('forgot_password', { email: `kaputt-${i}` });
  }
  const keys = (await server.db.query<{ key: string }>('SELECT key FROM rate_limits')).map((row) => row.key);
  expect(keys.filter((key) => key.includes('erfunden') || key.includes('kaputt'))).toEqual([]);
  expect(keys).toContain('login:ip:127.0.0.1');
});

it('indexes the window column the purge deletes by', async () => {
  const indexes = await server.db.query<{ indexdef: string }>(
    `SELECT indexdef FROM pg_indexes WHERE tablename = 'rate_limits'`,
  );
  expect(indexes.some(({ indexdef }) => /\(window_started_at\)/.test(indexdef))).toBe(true);
});
