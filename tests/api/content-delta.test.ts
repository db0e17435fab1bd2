// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): versions and deltas read from the change log (migration 0011), whose transaction ids differ between the databases.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentMarket, MarketDateRecord } from '../../src/lib/market.ts';
import { MIN_COMPRESSED_BYTES } from '../../src/server/compression/compressed-body.ts';
import { addMarket, GKZ_A, GKZ_B, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

type Dates = Record<string, MarketDateRecord>;
type Groups = Record<string, Record<string, ContentMarket>>;
interface Answer<T> {
  etag: string;
  data: T & { deleted_ids?: string[] };
}

let server: TestServer;
let cookieA = '';
let market: { id: string; dates: string[] };

beforeAll(async () => {
  server = await startTestServer();
  const added = await addMarket(server.db, GKZ_A, { title: 'Bauernmarkt A' }, [
    {},
    { date_start: '2027-06-12', date_end: '2027-06-12' },
  ]);
  market = { id: added.market.id, dates: added.dates.map((date) => date.id) };
  await addMarket(server.db, GKZ_B, { title: 'Kirtag B', type: 'kirtag' });
  cookieA = (await loggedInUser(server.db, GKZ_A)).cookie;
});
afterAll(() => server.close());

async function content<T>(path: string, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const response = await server.fetch(path, { headers });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: Answer<T>['data'] };
  return { etag: response.headers.get('etag')!, data: body.data };
}
const dates = (since?: string) =>
  content<{ wko_market_dates: Dates }>(`/api/get_content/1${since ? `?since=${encodeURIComponent(since)}` : ''}`);
const stops = (since?: string) =>
  content<{ wko_markets: Groups }>(`/api/get_content_stops/1${since ? `?since=${encodeURIComponent(since)}` : ''}`);

async function post(path: string, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await server.fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookieA },
    body: JSON.stringify(fields),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

describe('get_content with since', () => {
  it('after a save holds that date and nothing unchanged', async () => {
    const before = await dates();
    const date = before.data.wko_market_dates[market.dates[0]!]!;
    await post('/api/save_market_date', { ...date, note: 'Mit Musik' });
    const delta = await dates(before.etag);
    expect(delta.etag).not.toBe(before.etag);
    expect(Object.keys(delta.data.wko_market_dates)).toEqual([date.id]);
    expect(delta.data.wko_market_dates[date.id]).toMatchObject({ note: 'Mit Musik', version: date.version + 1 });
    expect(delta.data.deleted_ids).toEqual([]);
    expect((await dates()).etag).toBe(delta.etag);
  });

  it("logs a date's save as no change of its market, and the market's own save as one", async () => {
    const before = await stops();
    const date = (await dates()).data.wko_market_dates[market.dates[0]!]!;
    await post('/api/save_market_date', { ...date, note: 'Mit Blasmusik' });
    const afterDate = await stops(before.etag);
    expect(afterDate.etag).not.toBe(before.etag);
    expect(Object.values(afterDate.data.wko_markets).flatMap(Object.keys)).toEqual([]);
    const own = Object.values(before.data.wko_markets)[0]![market.id]!;
    const fields = { title: own.title, type: own.type, schedule: own.schedule, location: own.location };
    await post('/api/save_market', { ...fields, id: market.id, version: own.version, description: 'Neu' });
    const afterMarket = await stops(afterDate.etag);
    expect(Object.values(afterMarket.data.wko_markets).map((group) => Object.keys(group))).toEqual([
      [market.id],
      [market.id],
      [market.id],
    ]);
  });

  it('after a delete names the date in deleted_ids', async () => {
    const before = await dates();
    await post('/api/delete_market_date', { id: market.dates[1] });
    const delta = await dates(before.etag);
    expect(delta.data.deleted_ids).toEqual([market.dates[1]]);
    // A deleted date may withdraw its market (its last public date): the market's other dates come
    // along (docs/api.md), and nothing of another market.
    expect(Object.keys(delta.data.wko_market_dates)).toEqual([market.dates[0]]);
  });

  it('answers a market hidden by its clerk as deleted, with its dates', async () => {
    const beforeDates = await dates();
    const beforeStops = await stops();
    const shown = beforeStops.data.wko_markets['2']![market.id]!;
    await post('/api/save_market', { ...shown, hidden: true });
    const marketDelta = await stops(beforeStops.etag);
    expect(marketDelta.data.deleted_ids).toEqual([market.id]);
    expect(marketDelta.data.wko_markets).toEqual({ '1': {}, '2': {}, '3': {} });
    expect((await dates(beforeDates.etag)).data.deleted_ids).toEqual([market.dates[0]]);
    await post('/api/save_market', { ...shown, version: shown.version + 1, hidden: false });
    const back = await stops(marketDelta.etag);
    for (const group of ['1', '2', '3']) expect(Object.keys(back.data.wko_markets[group]!)).toEqual([market.id]);
    expect(Object.keys((await dates(beforeDates.etag)).data.wko_market_dates)).toEqual([market.dates[0]]);
  });

  it('answers in full for a since it cannot serve', async () => {
    const current = await dates();
    const full = Object.keys(current.data.wko_market_dates).sort();
    for (const since of [
      'kaputt',
      '"markets-1-public"',
      current.etag.replace('public', GKZ_A),
      '"dates-999999999-public"',
      `"dates-${'9'.repeat(40)}-public"`,
    ]) {
      const answer = await dates(since);
      expect(answer.data.deleted_ids, since).toBeUndefined();
      expect(Object.keys(answer.data.wko_market_dates).sort()).toEqual(full);
    }
    // A clerk's answer with hidden records is always whole.
    const own = await content<{ wko_market_dates: Dates }>(
      `/api/get_content/1?include_hidden_records=1&since=${encodeURIComponent(current.etag)}`,
      { Cookie: cookieA },
    );
    expect(own.data.deleted_ids).toBeUndefined();
  });

  it('answers in full for a since from before the publications this process held (an app back after a restart)', async () => {
    await dates();
    await addMarket(server.db, GKZ_B, { title: 'Neu B' });
    const answer = await dates('"dates-1-public"');
    expect(answer.data.deleted_ids).toBeUndefined();
    expect(Object.keys(answer.data.wko_market_dates)).toHaveLength(
      Object.keys((await dates()).data.wko_market_dates).length,
    );
  });

  it('answers 304 to a since whose answer is current', async () => {
    const current = await stops();
    const response = await server.fetch(`/api/get_content_stops/1?since=${encodeURIComponent(current.etag)}`, {
      headers: { 'If-None-Match': current.etag },
    });
    expect(response.status).toBe(304);
  });
});

describe('content codings', () => {
  const codings: Array<[string, (body: Buffer) => Buffer]> = [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ];
  it('brotli and gzip decode to the bytes of the plain answer, whole, own and delta (under 1 KB: as it is)', async () => {
    const first = await dates();
    await addMarket(server.db, GKZ_A, { title: 'Noch einer' }, [{}, {}]);
    for (const [path, cookie] of [
      ['/api/get_content/1', ''],
      ['/api/get_content_stops/1', ''],
      ['/api/get_content_stops/1?include_hidden_records=1', cookieA],
      [`/api/get_content/1?since=${encodeURIComponent(first.etag)}`, ''],
    ] as const) {
      const plain = Buffer.from(await (await server.fetch(path, { headers: { Cookie: cookie } })).arrayBuffer());
      for (const [coding, decode] of codings) {
        const answer = await rawGet(path, { 'Accept-Encoding': coding, Cookie: cookie });
        const small = plain.length < MIN_COMPRESSED_BYTES;
        expect(answer.encoding, `${path} ${coding}`).toBe(small ? undefined : coding);
        expect((small ? answer.body : decode(answer.body)).equals(plain), `${path} ${coding}`).toBe(true);
      }
    }
  });
});

/** A GET whose body is not decoded (fetch would undo the coding). */
async function rawGet(path: string, headers: Record<string, string>) {
  const { get } = await import('node:http');
  return new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    get(`${server.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}
