import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startPortal } from '../../scripts/portal-process.ts';
import { databaseFromTemplate } from '../setup/pglite-template.ts';
import { send } from '../api/helpers/raw-http.ts';

/**
 * Issue 17: every text answer goes out compressed when the client accepts it, the built site's
 * files as the build pre-compressed them. The real server process with the built pages (and its
 * demo data, so the feed has something to say); node:http, as fetch would decode the body.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-compression-'));
let portal: ReturnType<typeof startPortal>;
let url = '';
let bundle = '';
beforeAll(async () => {
  await databaseFromTemplate(dataDir, inject('pgliteTemplate'));
  portal = startPortal(dataDir);
  url = await portal.url;
  // The island bundle the login page hydrates, named by the build's fingerprint.
  const login = (await get('/anmelden')).body.toString();
  bundle = /component-url="(\/_astro\/[^"]+\.js)"/.exec(login)?.[1] ?? '';
}, 120_000);
afterAll(async () => {
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
  send(url, { method, path: pathname, headers });
const decode = { br: brotliDecompressSync, gzip: gunzipSync };

const ANSWERS = [
  ['a pre-rendered page', () => '/info', ['br', 'gzip']],
  ['an island bundle', () => bundle, ['br', 'gzip']],
  ['the markets feed', () => '/api/public/markets.json', ['br', 'gzip']],
  // Rendered per request, compressed as it streams (brotli at a quality cheap enough for each time).
  ['a page rendered on demand', () => '/anmelden', ['br', 'gzip']],
] as const;

describe.each(ANSWERS)('%s', (_kind, pathOf, encodings) => {
  it('goes out compressed as accepted, identity otherwise, with Vary: Accept-Encoding', async () => {
    const pathname = pathOf();
    expect(pathname).not.toBe('');
    const plain = await get(pathname);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toContain('Accept-Encoding');
    expect((await get(pathname, { 'Accept-Encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
    expect((await get(pathname, { 'Accept-Encoding': 'gzip;q=0' })).headers['content-encoding']).toBeUndefined();

    const cases = [
      ['br, gzip', encodings[0]],
      ['gzip', 'gzip'],
    ] as const;
    for (const [accept, encoding] of cases) {
      const answer = await get(pathname, { 'Accept-Encoding': accept });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['vary']).toContain('Accept-Encoding');
      expect(answer.headers['content-type']).toBe(plain.headers['content-type']);
      expect(answer.body.length).toBeLessThan(plain.body.length / 2);
      expect(decode[encoding](answer.body).equals(plain.body)).toBe(true);
      if (answer.headers['content-length']) expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
  });
});

describe('a content call', () => {
  it("goes out whole, in its districts' pieces, when the client takes no coding, and the same in gzip", async () => {
    // Issue 18: an uncompressed answer is written piece by piece, not joined first.
    const plain = await get('/api/get_content_stops/1');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    const markets = (JSON.parse(plain.body.toString()) as { data: { wko_markets: Record<string, object> } }).data;
    expect(Object.keys(markets.wko_markets['2'] ?? {}).length).toBeGreaterThan(1);
    const gzip = await get('/api/get_content_stops/1', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });
});

describe('a pre-compressed file', () => {
  it('has an ETag per coding, answers HEAD with the length it would send, and gives ranges only of identity', async () => {
    const br = await get(bundle, { 'Accept-Encoding': 'br' });
    const gzip = await get(bundle, { 'Accept-Encoding': 'gzip' });
    const plain = await get(bundle);
    expect(new Set([br.headers['etag'], gzip.headers['etag'], plain.headers['etag']]).size).toBe(3);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const revalidated = await get(bundle, { 'Accept-Encoding': 'br', 'If-None-Match': br.headers['etag'] ?? '' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['vary']).toContain('Accept-Encoding');
    expect((await get(bundle, { 'Accept-Encoding': 'gzip', 'If-None-Match': br.headers['etag'] ?? '' })).status).toBe(
      200,
    );

    const head = await get(bundle, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(br.body.length);
    expect(head.body.length).toBe(0);

    const ranged = await get(bundle, { 'Accept-Encoding': 'br', Range: 'bytes=0-9' });
    expect(ranged.status).toBe(200);
    expect(ranged.headers['content-encoding']).toBe('br');
    const part = await get(bundle, { Range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.body.equals(plain.body.subarray(0, 10))).toBe(true);
  });

  it('keeps the Vary of the home page', async () => {
    const home = await get('/', { 'Accept-Encoding': 'br', 'Accept-Language': 'de' });
    expect(home.headers['vary']).toBe('Cookie, Accept-Language, Accept-Encoding');
  });
});
