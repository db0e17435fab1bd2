import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../src/server/http/api.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the API edge', () => {
  it('answers health', async () => {
    const response = await server.fetch('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { status: 'ok', database: server.db.kind } });
  });

  it('answers an unknown path with a JSON 404 in the request language', async () => {
    const german = await server.fetch('/api/no/such/call');
    expect(german.status).toBe(404);
    expect(german.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await german.json()).toEqual({ error: { code: 'not_found', message: 'Seite nicht gefunden' } });
    const english = await server.fetch('/api/nothing', { headers: { 'Accept-Language': 'en-GB,en;q=0.9' } });
    expect(await english.json()).toMatchObject({ error: { message: 'Page not found' } });
    const french = await server.fetch('/api/nothing?lang=fr', { headers: { 'Accept-Language': 'en' } });
    expect(await french.json()).toMatchObject({ error: { message: 'Page introuvable' } });
  });

  it('answers a wrong method with 405', async () => {
    const response = await server.fetch('/api/create_visitor');
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
  });

  it('answers another method without a body like any other: 405 on a known path, 404 elsewhere', async () => {
    for (const [method, path, status] of [
      ['DELETE', '/api/health', 405],
      ['OPTIONS', '/api/login', 405],
      ['OPTIONS', '/api/nothing', 404],
    ] as const) {
      const response = await server.fetch(path, { method });
      expect([method, path, response.status]).toEqual([method, path, status]);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('reads a body sent in chunks, without Content-Length, and refuses one over 1 MiB with 413', async () => {
    const chunked = (text: string) => {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        },
      });
      // Node's fetch sends a stream in chunks; it needs `duplex` for that.
      const init = { method: 'POST', body, duplex: 'half', headers: { 'Content-Type': 'application/json' } };
      return server.fetch('/api/create_visitor', init);
    };
    const created = await chunked(JSON.stringify({ visitor_id_js: randomUUID() }));
    expect(created.status).toBe(201);
    const huge = await chunked(JSON.stringify({ visitor_id_js: randomUUID(), padding: 'x'.repeat(BODY_LIMIT) }));
    expect([huge.status, ((await huge.json()) as { error: { code: string } }).error.code]).toEqual([
      413,
      'payload_too_large',
    ]);
  });

  it('carries the security headers on every answer', async () => {
    for (const path of ['/api/health', '/api/nothing']) {
      const response = await server.fetch(path);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });
});
