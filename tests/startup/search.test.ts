import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { geoDistance } from 'd3-geo';
import fc from 'fast-check';
import type { Topology } from 'topojson-specification';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { centresOf } from '../../src/lib/geo/centres.ts';
import { MARKET_TYPES } from '../../src/lib/market.ts';
import { viennaDay } from '../../src/lib/market-rules.ts';
import { loadConfig, publicationDirOf } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { AUSTRIA, generateMarkets } from '../../src/server/demo/austria-scale.ts';
import { startPublisher, type Publisher } from '../../src/server/directory/publisher.ts';
import type { OpenData } from '../../src/server/feeds/open-data.ts';
import { loadPages } from '../../src/server/http/pages.ts';
import { startServer, type RunningServer } from '../../src/server/http/server.ts';
import { importBundledMasterDataIfEmpty } from '../../src/server/master-data/import.ts';

/**
 * Issue 52, acceptance 2: on generated Austria-scale data (6,000 markets), for random filters the
 * search page (the built portal) and the open-data feed find the same markets in the same order,
 * with the same total; every market listed has a published date in the days asked and its
 * municipality's centre within the radius, measured by d3-geo from the outlines, not the
 * portal's own distance.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-search-'));
const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', SEED_DEMO: '0', DATA_DIR: dataDir });
const today = viennaDay(new Date());
const year = Number(today.slice(0, 4));
const EARTH_RADIUS_KM = 6371.0088;
let db: Database;
let publisher: Publisher;
let running: RunningServer;
let postcodes: string[];
const centres = centresOf(
  JSON.parse(
    readFileSync(new URL('../../src/lib/geo/shapes/gemeinden_999_topo.json', import.meta.url), 'utf8'),
  ) as Topology,
);

beforeAll(async () => {
  db = await openDatabase({ dataDir: null, template: inject('pgliteTemplate') });
  await importBundledMasterDataIfEmpty(db);
  await generateMarkets(db, { ...AUSTRIA, year });
  postcodes = (await db.query<{ postcode: string }>('SELECT postcode FROM municipalities ORDER BY gkz')).map(
    (row) => row.postcode,
  );
  publisher = startPublisher(db, {
    imageCache: path.join(dataDir, 'images'),
    keptIn: publicationDirOf(config),
    log: () => {},
  });
  await publisher.ready;
  running = await startServer({ config, db, pages: await loadPages(), publisher });
}, 120_000);
afterAll(async () => {
  await running?.close();
  await publisher?.stop();
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A day this year or next, as a date picker gives it. */
const day = fc.integer({ min: 0, max: 700 }).map((offset) => {
  const date = new Date(`${year}-01-01T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
});
/** Each filter is left out more often than not: a query of all six finds nothing most of the time. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary, weight: 2 });
const filters = fc.record({
  q: sometimes(fc.constantFrom('markt', 'kirtag', 'graz', 'st', 'advent', 'bauern')),
  near: sometimes(fc.integer({ min: 0, max: 2094 }).map((index) => postcodes[index]!)),
  km: fc.constantFrom(5, 10, 20, 50, 100),
  from: sometimes(day),
  to: sometimes(day),
  type: sometimes(fc.constantFrom(...MARKET_TYPES)),
});

/** The page's total and its markets' addresses, read from the HTML a visitor gets. */
async function searchPage(params: URLSearchParams) {
  const response = await fetch(new URL(`/verzeichnis/suche?${params}`, running.url));
  expect(response.status).toBe(200);
  const html = await response.text();
  const status = /<p class="search-status" role="status">([^<]*)<\/p>/.exec(html)?.[1] ?? '';
  const total = status.startsWith('Keine') ? 0 : Number(/^(\d+)/.exec(status.replaceAll('.', ''))?.[1]);
  const list = /<ol class="search-results[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? '';
  const paths = [...list.matchAll(/<h[23][^>]*>\s*<a href="([^"]+)"/g)].map((match) => match[1]!);
  return { total, paths };
}

describe('the search page and the open-data feed at Austria scale (issue 52)', () => {
  it('find the same markets for random filters, each with a date in the days and within the radius', async () => {
    const marketPaths = publisher.current().marketPaths;
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(filters, fc.integer({ min: 1, max: 3 }), async (asked, page) => {
        const [from, to] =
          asked.from && asked.to && asked.to < asked.from ? [asked.to, asked.from] : [asked.from, asked.to];
        const feedParams = new URLSearchParams({ page: String(page), per_page: '20', lang: 'de' });
        const pageParams = new URLSearchParams({ seite: String(page) });
        for (const [name, pageName, value] of [
          ['q', 'q', asked.q],
          ['near', 'ort', asked.near],
          ['km', 'km', asked.near && asked.km],
          ['from', 'von', from],
          ['to', 'bis', to],
          ['type', 'typ', asked.type],
        ] as const)
          if (value) {
            feedParams.set(name, String(value));
            pageParams.set(pageName, String(value));
          }
        const feed = (
          (await (await fetch(new URL(`/api/public/markets.json?${feedParams}`, running.url))).json()) as {
            data: OpenData;
          }
        ).data;
        if (!asked.q && !asked.near && !asked.from && !asked.to && !asked.type) return; // the form alone
        const shown = await searchPage(pageParams);
        expect(shown.total).toBe(feed.total);
        // The page shows its last page when asked for one beyond; the feed an empty one.
        if (feed.markets.length > 0 || page === 1)
          expect(shown.paths).toEqual(feed.markets.map((market) => marketPaths.get(market.id)));
        if (feed.markets.length > 0) nonEmpty += 1;
        const origin = asked.near
          ? (
              await db.query<{ gkz: string }>(
                `SELECT gkz FROM municipalities WHERE postcode = $1
                  ORDER BY array_position(ARRAY['SR', 'ST', 'M'], status), gkz LIMIT 1`,
                [asked.near],
              )
            )[0]!.gkz
          : undefined;
        for (const market of feed.markets) {
          if (from || to) expect(market.dates.length).toBeGreaterThan(0);
          for (const date of market.dates) {
            if (from) expect(date.date_end >= from).toBe(true);
            if (to) expect(date.date_start <= to).toBe(true);
          }
          if (origin) {
            expect(market.distance_km).toBeLessThanOrEqual(asked.km);
            const km = geoDistance([...centres.get(origin)!], [...centres.get(market.gkz)!]) * EARTH_RADIUS_KM;
            expect(km).toBeLessThanOrEqual(asked.km + 0.01);
          }
        }
      }),
      { numRuns: 60 },
    );
    expect(nonEmpty).toBeGreaterThan(15);
  }, 300_000);
});
