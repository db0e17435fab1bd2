import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { expect, test } from 'vitest';
import { appRefreshes } from './app-refresh.ts';

/**
 * The load test's apps must ask as an app does: `since` the ETag of the last answer each got. A
 * server whose version moves at every answer tells, per call, whether the app asked since the
 * version it was last given.
 */
test('each app asks since the ETag of the last answer it got, not the one it started with', async () => {
  let version = 0;
  const asked: { path: string; since: string | null; given: string | undefined }[] = [];
  const lastGiven = new Map<string, string>(); // per connection and path
  const server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://localhost');
    const key = `${request.socket.remotePort}${url.pathname}`;
    asked.push({ path: url.pathname, since: url.searchParams.get('since'), given: lastGiven.get(key) });
    const etag = `"v${++version}"`;
    lastGiven.set(key, etag);
    response.writeHead(200, { etag }).end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    const paths = ['/a', '/b'];
    await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: 3,
      amount: 60,
      requests: appRefreshes(paths, { '/a': '"v0"', '/b': '"v0"' }),
    });
    const later = asked.filter((call) => call.given !== undefined);
    expect(later.length).toBeGreaterThan(40);
    expect(later.filter((call) => call.since !== call.given)).toEqual([]);
  } finally {
    server.close();
  }
});
