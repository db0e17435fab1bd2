import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketsOf } from '../../src/lib/directory/listing.ts';
import { readDirectory } from '../../src/server/directory/read-directory.ts';
import { addMarket, GKZ_A, GKZ_B } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the directory the static build reads', () => {
  it('holds public markets with their dates this year and next, cancelled ones too, and nothing hidden', async () => {
    const { market: shown } = await addMarket(server.db, GKZ_A, { title: 'Bauernmarkt am Hauptplatz' }, [
      { date_start: '2026-06-06', date_end: '2026-06-06' },
      { date_start: '2026-06-13', date_end: '2026-06-13', status: 'cancelled', type: 'cancelled' },
      { date_start: '2027-06-05', date_end: '2027-06-05', hidden: true },
      { date_start: '2028-06-03', date_end: '2028-06-03' },
    ]);
    await addMarket(server.db, GKZ_A, { title: 'Versteckter Markt', hidden: true });
    await addMarket(server.db, GKZ_B, { title: 'Inaktiver Markt', status: 'inactive' });
    await addMarket(server.db, GKZ_B, { title: 'Markt in St. Pölten' });

    const directory = await readDirectory(server.db, new Date('2026-11-23T10:00:00Z'));
    expect(directory.years).toEqual([2026, 2027]);
    expect(directory.allStates).toHaveLength(9);
    const markets = [...marketsOf(directory)];
    expect(markets.map(({ market }) => market.title).sort()).toEqual([
      'Bauernmarkt am Hauptplatz',
      'Markt in St. Pölten',
    ]);

    const entry = markets.find(({ market }) => market.id === shown.id)!;
    expect(entry.market.dates.map((d) => [d.date_start, d.status])).toEqual([
      ['2026-06-06', 'takes_place'],
      ['2026-06-13', 'cancelled'],
    ]);
    expect(entry.market.path).toBe('/verzeichnis/steiermark/hartberg-fuerstenfeld/hartberg/bauernmarkt-am-hauptplatz');
    expect(entry.state.path).toBe('/verzeichnis/steiermark');
    expect(JSON.stringify(directory)).not.toContain('hidden');
  });

  it('keeps the older of two namesakes at the plain address', async () => {
    const dates = [{ date_start: '2026-10-18', date_end: '2026-10-18' }];
    const { market: newer } = await addMarket(server.db, GKZ_B, { title: 'Kirtag' }, dates);
    const { market: older } = await addMarket(server.db, GKZ_B, { title: 'Kirtag' }, dates);
    await server.db.query(`UPDATE markets SET created_at = '2020-01-01' WHERE id = $1`, [older.id]);

    const directory = await readDirectory(server.db, new Date('2026-11-23T10:00:00Z'));
    const pathOf = (id: string) => [...marketsOf(directory)].find(({ market }) => market.id === id)?.market.path;
    expect(pathOf(older.id)).toMatch(/\/kirtag$/);
    expect(pathOf(newer.id)).toMatch(new RegExp(`/kirtag-${newer.id.slice(0, 8)}$`));
  });
});

describe('POST /api/page_view', () => {
  const view = (body: unknown, headers: Record<string, string> = {}) =>
    server.fetch('/api/page_view', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  const counts = () =>
    server.db.query<{ path: string; language: string; views: number }>(
      'SELECT path, language, views FROM page_views ORDER BY path, language',
    );

  it('adds one to the count of the day, page and language, and keeps nothing else', async () => {
    expect((await view({ path: '/verzeichnis', language: 'de' })).status).toBe(204);
    expect((await view({ path: '/verzeichnis', language: 'de' })).status).toBe(204);
    expect((await view({ path: '/en/info', language: 'en' })).status).toBe(204);
    expect(await counts()).toEqual([
      { path: '/en/info', language: 'en', views: 1 },
      { path: '/verzeichnis', language: 'de', views: 2 },
    ]);
    const [columns] = await server.db.query<{ names: string }>(
      `SELECT string_agg(column_name, ',' ORDER BY column_name) AS names FROM information_schema.columns
        WHERE table_name = 'page_views'`,
    );
    expect(columns?.names).toBe('day,language,path,views');
  });

  it('refuses paths with a query, unknown languages and cross-site posts, changing nothing', async () => {
    const before = await counts();
    for (const body of [
      { path: '/suche?q=name', language: 'de' },
      { path: 'https://elsewhere.example/', language: 'de' },
      { path: '/info', language: 'tr' },
      { path: '/anmelden/a-one-time-token', language: 'de' },
      { path: '/en/maerkte', language: 'en' },
      { path: `/${'x'.repeat(400)}`, language: 'de' },
      {},
    ]) {
      const answer = await view(body);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
    }
    expect((await view({ path: '/info', language: 'de' }, { Origin: 'https://elsewhere.example' })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});
