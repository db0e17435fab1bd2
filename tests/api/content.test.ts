// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): the content calls' records, read through each database's own driver.
import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentMarket, MarketDateRecord } from '../../src/lib/market.ts';
import { addMarket, GKZ_A, GKZ_B, loggedInUser } from './helpers/fixtures.ts';
import { send } from './helpers/raw-http.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

type Dates = Record<string, MarketDateRecord>;
type Groups = Record<string, Record<string, ContentMarket>>;

let server: TestServer;
const ids: Record<string, string> = {};
let cookieA = '';

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server;
  const published = await addMarket(db, GKZ_A, { title: 'Bauernmarkt A', type: 'bauernmarkt' }, [
    {},
    { date_start: '2027-06-12', date_end: '2027-06-12', hidden: true },
  ]);
  ids['published'] = published.market.id;
  ids['publishedDate'] = published.dates[0]!.id;
  ids['hiddenDateA'] = published.dates[1]!.id;
  ids['hiddenA'] = (await addMarket(db, GKZ_A, { title: 'Versteckt A', hidden: true })).market.id;
  ids['hiddenB'] = (await addMarket(db, GKZ_B, { title: 'Versteckt B', hidden: true })).market.id;
  ids['inactive'] = (await addMarket(db, GKZ_B, { title: 'Inaktiv', status: 'inactive' })).market.id;
  ids['cancelledOnly'] = (
    await addMarket(db, GKZ_B, { title: 'Abgesagt' }, [{ status: 'cancelled', type: 'cancelled' }])
  ).market.id;
  ids['past'] = (
    await addMarket(db, GKZ_B, { title: 'Alt' }, [{ date_start: '2025-05-01', date_end: '2025-05-01' }])
  ).market.id;
  ids['publishedB'] = (await addMarket(db, GKZ_B, { title: 'Kirtag B', type: 'kirtag' })).market.id;
  cookieA = (await loggedInUser(db, GKZ_A)).cookie;
});
afterAll(() => server.close());

const getJson = async <T>(path: string, headers: Record<string, string> = {}) => {
  const response = await server.fetch(path, { headers });
  return { response, body: (await response.json()) as { data: T } };
};

describe('get_content/1', () => {
  it('answers the published market dates keyed by id, in the seed shape', async () => {
    const { response, body } = await getJson<{ wko_market_dates: Dates }>('/api/get_content/1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const date = body.data.wko_market_dates[ids['publishedDate']!];
    expect(date).toEqual({
      id: ids['publishedDate'],
      wko_market_id: ids['published'],
      date_start: '2027-06-05',
      date_end: '2027-06-05',
      time_from: '08:00',
      time_to: '12:00',
      status: 'takes_place',
      type: 'regular',
      note: '',
      hidden: false,
      version: 1,
    });
    expect(body.data.wko_market_dates[ids['hiddenDateA']!]).toBeUndefined();
  });

  it('answers 304 to a matching If-None-Match, and a new ETag after a change', async () => {
    const first = await server.fetch('/api/get_content/1');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toContain('public');
    const again = await server.fetch('/api/get_content/1', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const saved = await server.fetch('/api/save_market', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookieA },
      body: JSON.stringify({
        title: 'Neu',
        type: 'kirtag',
        schedule: 'dates',
        first_date: { date_start: '2027-08-01', date_end: '2027-08-01' },
      }),
    });
    expect(saved.status).toBe(200);
    const changed = await server.fetch('/api/get_content/1', { headers: { 'If-None-Match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('shows a change made by another server process within a second', async () => {
    const etag = (await server.fetch('/api/get_content/1')).headers.get('etag');
    await addMarket(server.db, GKZ_B, { title: 'Von nebenan' }); // straight into the database, as another process would
    const started = performance.now();
    await expect
      .poll(async () => (await server.fetch('/api/get_content/1')).headers.get('etag'), { timeout: 3000, interval: 50 })
      .not.toBe(etag);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('sends the public answer gzipped to clients that accept it, and plain to the others', async () => {
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        get(`${server.url}/api/get_content_stops/1`, { headers: { 'Accept-Encoding': encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        }).on('error', reject);
      });
    const zipped = await raw('gzip');
    const plain = await raw('gzip;q=0, identity');
    expect((await raw('br;q=1, gzip;q=0.8')).encoding).toBe('br'); // a whole answer is made in both codings
    expect(zipped.encoding).toBe('gzip');
    expect(plain.encoding).toBeUndefined();
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(plain.body.toString('utf8'));
    expect(zipped.body.length).toBeLessThan(plain.body.length);
  });

  it('reads `since` as it stands in the address: encoded, quoted raw, not decoding, with a fragment', async () => {
    const first = (await server.fetch('/api/get_content/1')).headers.get('etag')!;
    await addMarket(server.db, GKZ_B, { title: 'Neu für die Apps' });
    const now = (await server.fetch('/api/get_content/1')).headers.get('etag')!;
    // As sent on the wire, and the bytes as they come back: no coding undone, no fragment dropped.
    const answer = async (since: string) => {
      const { status, headers, body } = await send(server.url, {
        method: 'GET',
        path: `/api/get_content/1?since=${since}`,
        headers: {},
      });
      const data = (JSON.parse(body.toString()) as { data: { deleted_ids?: string[] } }).data;
      return { status, etag: headers.etag, delta: data.deleted_ids !== undefined };
    };
    expect(await answer(encodeURIComponent(first))).toEqual({ status: 200, etag: now, delta: true });
    expect(await answer(`${encodeURIComponent(first)}#fragment`)).toEqual({ status: 200, etag: now, delta: true });
    expect(await answer(encodeURIComponent(now))).toEqual({ status: 200, etag: now, delta: true });
    expect(await answer(first)).toEqual({ status: 200, etag: now, delta: true });
    for (const since of ['W/"unknown"', '%E0%A4%A'])
      expect(await answer(since), since).toEqual({ status: 200, etag: now, delta: false });
  });

  it('refuses a call with a Host that names no host, and answers one that names it with a port', async () => {
    for (const [host, status] of [
      ['a@b', 400],
      ['[::1]:4321', 200],
    ] as const) {
      const answer = await send(server.url, { method: 'GET', path: '/api/get_content/1', headers: { host } });
      expect(answer.status, host).toBe(status);
    }
  });

  it('refuses another exhibition id and a malformed include_hidden_records', async () => {
    const other = await getJson('/api/get_content/2');
    expect(other.response.status).toBe(404);
    expect(other.body).toMatchObject({ error: { code: 'not_found' } });
    const bad = await server.fetch('/api/get_content/1?include_hidden_records=yes');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_request' } });
  });
});

describe('get_content_stops/1', () => {
  it('puts every market in every language group with labels in that language', async () => {
    const { body } = await getJson<{ wko_markets: Groups }>('/api/get_content_stops/1');
    const groups = body.data.wko_markets;
    expect(Object.keys(groups).sort()).toEqual(['1', '2', '3']);
    expect(Object.keys(groups['1']!).sort()).toEqual(Object.keys(groups['2']!).sort());
    expect(groups['2']![ids['published']!]).toMatchObject({
      title: 'Bauernmarkt A',
      type_label: 'Bauernmarkt',
      status_label: 'Aktiv',
    });
    expect(groups['1']![ids['published']!]).toMatchObject({ type_label: "Farmers' market", status_label: 'Active' });
    expect(groups['3']![ids['publishedB']!]).toMatchObject({ type_label: 'Kirtag (fête de village)' });
  });

  it('holds only published markets with a valid date from 2026 on', async () => {
    const { body } = await getJson<{ wko_markets: Groups }>('/api/get_content_stops/1');
    const shown = Object.keys(body.data.wko_markets['2']!);
    // Issue 52: a market whose dates are all cancelled stays, so an app shows it as cancelled.
    expect(shown).toEqual(expect.arrayContaining([ids['published'], ids['publishedB'], ids['cancelledOnly']]));
    for (const name of ['hiddenA', 'hiddenB', 'inactive', 'past']) expect(shown).not.toContain(ids[name]);
  });
});

describe('hidden records', () => {
  it('are not given to an anonymous request, even when asked for', async () => {
    const { response, body } = await getJson<{ wko_markets: Groups }>(
      '/api/get_content_stops/1?include_hidden_records=1',
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(Object.keys(body.data.wko_markets['2']!)).not.toContain(ids['hiddenA']);
  });

  it('are given to a logged-in user for their own municipality only', async () => {
    const stops = await getJson<{ wko_markets: Groups }>('/api/get_content_stops/1?include_hidden_records=1', {
      Cookie: cookieA,
    });
    const shown = Object.keys(stops.body.data.wko_markets['2']!);
    expect(shown).toContain(ids['hiddenA']);
    expect(shown).not.toContain(ids['hiddenB']);
    expect(shown).toContain(ids['publishedB']);
    const dates = await getJson<{ wko_market_dates: Dates }>('/api/get_content/1?include_hidden_records=1', {
      Cookie: cookieA,
    });
    expect(dates.response.headers.get('cache-control')).toBe('private, no-store');
    expect(dates.body.data.wko_market_dates[ids['hiddenDateA']!]).toMatchObject({ hidden: true });
  });

  it("come with the user's own municipality as it is now, whatever the public answer at hand", async () => {
    const asked = { Cookie: cookieA };
    await getJson('/api/get_content_stops/1', asked); // the public answer is at hand from here on
    // Straight into the database, as another server process would: the public answer may lag a second.
    await server.db.query(`UPDATE markets SET title = 'Umbenannt A', version = version + 1 WHERE id = $1`, [
      ids['published'],
    ]);
    const own = await getJson<{ wko_markets: Groups }>('/api/get_content_stops/1?include_hidden_records=1', asked);
    for (const group of ['1', '2', '3']) {
      expect(own.body.data.wko_markets[group]![ids['published']!]).toMatchObject({ title: 'Umbenannt A', version: 2 });
    }
    const text = await (
      await server.fetch('/api/get_content_stops/1?include_hidden_records=1', { headers: asked })
    ).text();
    expect(text.split(`"${ids['published']}":{`)).toHaveLength(4); // once per language: replaced, not added
    expect(own.response.headers.get('etag')).toMatch(/^"markets-\d+\.\d+-62219"$/);
  });

  it("come with their district's other municipalities as the public answer has them, also once those change", async () => {
    const asked = { Cookie: cookieA };
    // In Hartberg's district (622), so in the same part of the answer as the clerk's own records.
    const neighbour = (await addMarket(server.db, '62205', { title: 'Nachbarmarkt' })).market.id;
    const ownGroups = async () =>
      (await getJson<{ wko_markets: Groups }>('/api/get_content_stops/1?include_hidden_records=1', asked)).body.data
        .wko_markets;
    const neighbourTitle = async () => (await ownGroups())['2']?.[neighbour]?.title;
    await expect.poll(neighbourTitle, { timeout: 10_000 }).toBe('Nachbarmarkt');
    // Straight into the database, as another process would: the own answer follows the public one.
    await server.db.query(`UPDATE markets SET title = 'Nachbarmarkt neu', version = version + 1 WHERE id = $1`, [
      neighbour,
    ]);
    await expect.poll(neighbourTitle, { timeout: 10_000 }).toBe('Nachbarmarkt neu');
    const groups = await ownGroups();
    for (const group of ['1', '2', '3']) {
      expect(groups[group]![neighbour]).toMatchObject({ title: 'Nachbarmarkt neu' });
      expect(Object.keys(groups[group]!)).toEqual(expect.arrayContaining([ids['hiddenA'], ids['publishedB']]));
    }
    const text = await (
      await server.fetch('/api/get_content_stops/1?include_hidden_records=1', { headers: asked })
    ).text();
    expect(text.split(`"${neighbour}":{`)).toHaveLength(4); // once per language
    expect(text.split(`"${ids['hiddenA']}":{`)).toHaveLength(4);
  });

  it('are not given without include_hidden_records, even with a session', async () => {
    const { body } = await getJson<{ wko_markets: Groups }>('/api/get_content_stops/1', { Cookie: cookieA });
    expect(Object.keys(body.data.wko_markets['2']!)).not.toContain(ids['hiddenA']);
  });

  it('ignore a forged or expired session cookie', async () => {
    const { body } = await getJson<{ wko_markets: Groups }>('/api/get_content_stops/1?include_hidden_records=1', {
      Cookie: 'session=forged-token-that-is-long-enough-000',
    });
    expect(Object.keys(body.data.wko_markets['2']!)).not.toContain(ids['hiddenA']);
  });
});
