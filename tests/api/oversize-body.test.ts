import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT, DISCARDED_AT_MOST } from '../../src/server/http/api.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Issue 18, scale-out: behind nginx, a body over the limit must come back as the portal's 413
 * (JSON, in the user's language), not as nginx's 502. nginx sends the whole body it buffered;
 * a process that answers and closes the connection before reading it makes nginx fail the
 * request (and count the process as down). So a body not far over the limit is read to its end
 * and dropped, and the connection stays open; a far larger one is still cut off.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const oversized = (bytes: number) =>
  server.fetch('/api/create_visitor', {
    method: 'POST',
    body: JSON.stringify({ visitor_id_js: randomUUID(), padding: 'x'.repeat(bytes) }),
    headers: { 'Content-Type': 'application/json' },
  });

describe('a body over the limit', () => {
  it('is read to its end before the 413, keeping the connection for the next request', async () => {
    const answer = await oversized(BODY_LIMIT + 512 * 1024);
    expect(answer.status).toBe(413);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    expect(answer.headers.get('connection')).not.toBe('close');
  });

  it('is cut off unread when it is far over the limit', async () => {
    const answer = await oversized(DISCARDED_AT_MOST + 1024);
    expect(answer.status).toBe(413);
    expect(answer.headers.get('connection')).toBe('close');
  });
});
