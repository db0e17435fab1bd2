import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 15, "Also": the Origin check compares scheme and host, not the host alone. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('refuses a post from the same host under another scheme', async () => {
  const host = new URL(server.url).host;
  const from = (origin: string) => server.fetch('/api/logout', { method: 'POST', headers: { Origin: origin } });
  expect((await from(`http://${host}`)).status).toBe(200);
  expect((await from(`https://${host}`)).status).toBe(403);
});
