import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionsMade } from '../../src/server/compression/compressed-body.ts';
import { addMarket, GKZ_A } from './helpers/fixtures.ts';
import { send } from './helpers/raw-http.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Issue 17: generated feeds go out in the coding the client accepts, made and compressed once per
 * content version. node:http, not fetch: fetch would decode the body and hide what was sent.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  for (const title of ['Bauernmarkt am Hauptplatz', 'Wochenmarkt am Kirchplatz', 'Christkindlmarkt im Schlosspark'])
    await addMarket(server.db, GKZ_A, { title, type: 'wochenmarkt' }, [
      { date_start: '2027-01-09', date_end: '2027-01-09' },
      { date_start: '2027-02-13', date_end: '2027-02-13' },
    ]);
});
afterAll(() => server.close());

const get = (path: string, acceptEncoding?: string, ifNoneMatch?: string) =>
  send(server.url, {
    method: 'GET',
    path,
    headers: {
      ...(acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding }),
      ...(ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {}),
    },
  });

const decode = { br: brotliDecompressSync, gzip: gunzipSync };

describe.each(['/api/public/markets.json', `/api/public/municipalities/${GKZ_A}.ics`])('%s', (path) => {
  it('goes out as br, gzip or identity, as accepted, with Vary and an ETag per coding', async () => {
    const plain = await get(path);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toContain('Accept-Encoding');
    expect((await get(path, 'identity')).headers['content-encoding']).toBeUndefined();
    expect((await get(path, 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();

    const etags = new Set([plain.headers['etag']]);
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await get(path, accept);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['vary']).toContain('Accept-Encoding');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.body.length).toBeLessThan(plain.body.length);
      expect(decode[encoding](answer.body).equals(plain.body)).toBe(true);
      etags.add(answer.headers['etag']);
      const again = await get(path, accept, answer.headers['etag']);
      expect(again.status).toBe(304);
      expect(again.headers['vary']).toContain('Accept-Encoding');
    }
    expect(etags.size).toBe(3);
  });
});

describe('compression of a generated feed', () => {
  it('happens once per content version and coding, not per request', async () => {
    const path = '/api/public/markets.json?type=wochenmarkt';
    const before = compressionsMade();
    const first = await get(path, 'br, gzip');
    expect(first.headers['content-encoding']).toBe('br');
    expect(compressionsMade()).toBe(before + 1);
    await Promise.all([get(path, 'br, gzip'), get(path, 'br'), get(path, 'gzip, br')]);
    expect(compressionsMade()).toBe(before + 1);
    await get(path, 'gzip');
    await get(path, 'gzip');
    expect(compressionsMade()).toBe(before + 2);

    // A save moves the content version on: the next answer is made and compressed anew.
    await addMarket(server.db, GKZ_A, { title: 'Neuer Markt', type: 'wochenmarkt' });
    const after = await get(path, 'br, gzip');
    expect(after.headers['etag']).not.toBe(first.headers['etag']);
    expect(brotliDecompressSync(after.body).toString()).toContain('Neuer Markt');
    expect(compressionsMade()).toBe(before + 3);
  });
});
