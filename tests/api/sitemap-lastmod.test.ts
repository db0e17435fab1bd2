// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): times of change read through each driver, in its time zone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagesOf } from '../../src/lib/directory/listing.ts';
import { lastChangeOf, sitemapXml } from '../../src/lib/directory/sitemap.ts';
import { readDirectory } from '../../src/server/directory/read-directory.ts';
import { addMarket, GKZ_A } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 21: the sitemap's lastmod is the last change of what a page shows, read from the data. */
let server: TestServer;
let older: string;
let newer: string;
let newerDate: string;

beforeAll(async () => {
  server = await startTestServer();
  older = (await addMarket(server.db, GKZ_A, { title: 'Älterer Markt' })).market.id;
  const added = await addMarket(server.db, GKZ_A, { title: 'Neuerer Markt' });
  newer = added.market.id;
  newerDate = added.dates[0]!.id;
  await server.db.query(`UPDATE markets SET updated_at = '2026-01-01T00:00:00Z', dates_changed_at = NULL`);
  await server.db.query(`UPDATE markets SET updated_at = '2026-03-01T10:00:00Z' WHERE id = $1`, [older]);
});
afterAll(() => server.close());

/** What the database says: the market's own last change or the last write to its dates. */
async function lastChange(id: string): Promise<string> {
  const [row] = await server.db.query<{ at: Date }>(
    'SELECT greatest(updated_at, dates_changed_at) AS at FROM markets WHERE id = $1',
    [id],
  );
  return row!.at.toISOString();
}

async function lastmods(): Promise<Map<string, string | undefined>> {
  const directory = await readDirectory(server.db, new Date('2027-01-10T12:00:00Z'), 2027);
  return new Map(pagesOf(directory).map(([path, page]) => [path, lastChangeOf(page, directory)]));
}

describe('the sitemap’s lastmod', () => {
  it('is a market page’s last change of the market or its dates, and the newest of its markets on a listing', async () => {
    const before = await lastmods();
    const pathOf = async (id: string) => {
      const directory = await readDirectory(server.db, new Date('2027-01-10T12:00:00Z'), 2027);
      return pagesOf(directory).find(([, page]) => page.kind === 'market' && page.market.id === id)![0];
    };
    expect(before.get(await pathOf(older))).toBe('2026-03-01T10:00:00.000Z');
    expect(before.get(await pathOf(newer))).toBe('2026-01-01T00:00:00.000Z');

    // Only a date of the newer market changes: its page and every listing above it move on.
    await server.db.query(`UPDATE market_dates SET note = 'Mit Musik' WHERE id = $1`, [newerDate]);
    const after = await lastmods();
    const changed = await lastChange(newer);
    expect(changed > '2026-03-01T10:00:00.000Z').toBe(true);
    expect(after.get(await pathOf(newer))).toBe(changed);
    expect(after.get(await pathOf(older))).toBe('2026-03-01T10:00:00.000Z');
    // The listings above it: a state without markets has a page too, and no lastmod.
    const newerPath = await pathOf(newer);
    const listings = [...after].filter(([path]) => path !== newerPath && newerPath.startsWith(path));
    expect(listings.length).toBe(4); // overview, state, district, municipality
    for (const [, lastmod] of listings) expect(lastmod).toBe(changed);
  });

  it('is written beside each address, and left out where the data says nothing', () => {
    const xml = sitemapXml(
      [{ path: '/info' }, { path: '/verzeichnis/steiermark', lastmod: '2026-03-01T10:00:00.000Z' }],
      new URL('https://markt.example'),
    );
    expect(xml).toContain(
      '<url><loc>https://markt.example/en/verzeichnis/steiermark</loc><lastmod>2026-03-01T10:00:00.000Z</lastmod>',
    );
    expect(xml).toContain('<url><loc>https://markt.example/info</loc><xhtml:link');
  });
});
