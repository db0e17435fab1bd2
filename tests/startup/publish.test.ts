import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, publicationDirOf } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { startPublisher, type Publisher } from '../../src/server/directory/publisher.ts';
import { loadPages } from '../../src/server/http/pages.ts';
import { startServer, type RunningServer } from '../../src/server/http/server.ts';
import { importBundledMasterDataIfEmpty } from '../../src/server/master-data/import.ts';
import { GKZ_A, loggedInUser } from '../api/helpers/fixtures.ts';
import { freshDatabase } from '../api/helpers/test-server.ts';

/**
 * Issue 17, acceptance 2: the portal (built pages, `npm run build`) publishes every save of a
 * burst within 60 s, and a reader polling a market page meanwhile never gets an error, an empty
 * page or a page of two versions. In process, so the test can log a clerk in on the database.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-publish-'));
let db: Database;
let drop: () => Promise<void>;
let publisher: Publisher;
let running: RunningServer;
let cookie = '';
const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', SEED_DEMO: '0', DATA_DIR: dataDir });
const imageCache = path.join(dataDir, 'market-images');

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  db = await openDatabase({ ...fresh.settings, dataDir: null });
  await importBundledMasterDataIfEmpty(db);
  publisher = startPublisher(db, {
    imageCache,
    keptIn: publicationDirOf(config),
    debounceMs: 1000,
    pollMs: 2000,
    log: () => {},
  });
  await publisher.ready;
  running = await startServer({ config, db, pages: await loadPages(), publisher, imageCache });
  cookie = (await loggedInUser(db, GKZ_A)).cookie;
}, 60_000);
afterAll(async () => {
  await running.close();
  await publisher.stop();
  await db.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (pathname: string) => fetch(new URL(pathname, running.url));
async function call(name: string, fields: Record<string, unknown>) {
  const response = await fetch(new URL(`/api/${name}`, running.url), {
    method: 'POST',
    body: JSON.stringify(fields),
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as {
    data: { wko_markets: Record<string, Record<string, { id: string; version: number }>> };
  };
  return Object.values(body.data.wko_markets['2'] ?? {})[0]!;
}
const status = async (marketId: string) =>
  (
    (await (await get(`/api/publish_status?market=${marketId}`)).json()) as {
      data: { pending: boolean; published_version: string; path: string | null };
    }
  ).data;
const market = (title: string, description: string) => ({
  title,
  description,
  type: 'kirtag',
  schedule: 'dates',
  location: 'Hauptplatz',
  first_date: { date_start: '2027-07-25', date_end: '2027-07-25' },
});

async function publicPath(marketId: string, within: number): Promise<string> {
  const until = Date.now() + within;
  for (;;) {
    const now = await status(marketId);
    if (now.path && !now.pending) return now.path;
    if (Date.now() > until) throw new Error(`Market ${marketId} not public after ${within} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('publishing on save', () => {
  it('publishes 20 saves of a burst within 60 s, a reader never seeing an error or a mixed page', async () => {
    const watched = await call('save_market', market('Kirtag der Leser', 'Runde-0'));
    const watchedPath = await publicPath(watched.id, 60_000);

    // The reader: every answer whole, one round's text only, the same bytes for the same ETag,
    // and never an older round after a newer one.
    const seen = new Map<string, string>();
    const rounds: number[] = [];
    let reading = true;
    const reader = (async () => {
      while (reading) {
        const answer = await get(watchedPath);
        const body = await answer.text();
        expect(answer.status).toBe(200);
        expect(body).toMatch(/<\/html>\s*$/);
        const found = [...body.matchAll(/Runde-(\d+)/g)].map((match) => Number(match[1]));
        expect(new Set(found).size).toBe(1);
        rounds.push(found[0]!);
        const etag = answer.headers.get('etag') ?? '';
        const hash = createHash('sha256').update(body).digest('hex');
        expect(seen.get(etag) ?? hash).toBe(hash);
        seen.set(etag, hash);
      }
    })();

    const started = Date.now();
    let version = watched.version;
    const saves: Promise<{ id: string }>[] = [];
    for (let round = 1; round <= 20; round += 1) {
      // Each save changes the watched market too, so the page is regenerated while it is read.
      if (round % 4 === 0) {
        const saved = await call('save_market', {
          ...market('Kirtag der Leser', `Runde-${round}`),
          id: watched.id,
          version,
        });
        version = saved.version;
        saves.push(Promise.resolve(saved));
      } else saves.push(call('save_market', market(`Burstmarkt ${round}`, `Burst ${round}`)));
    }
    const saved = await Promise.all(saves);
    const paths = await Promise.all(saved.map((one) => publicPath(one.id, 60_000 - (Date.now() - started))));
    const seconds = (Date.now() - started) / 1000;
    for (const pagePath of paths) expect((await get(pagePath)).status).toBe(200);
    const sitemap = await (await get('/sitemap.xml')).text();
    for (const pagePath of paths) expect(sitemap).toContain(pagePath);
    await new Promise((resolve) => setTimeout(resolve, 500));
    reading = false;
    await reader;

    expect(seconds).toBeLessThan(60);
    expect(rounds.at(-1)).toBe(20);
    expect(rounds).toEqual([...rounds].sort((a, b) => a - b));
    console.log(`20 saves public after ${seconds.toFixed(1)} s; the reader read ${rounds.length} times.`);
  }, 90_000);

  it('searches the published snapshot: 20 a page, the true total, pages to every result (issue 52)', async () => {
    for (let number = 1; number <= 21; number += 1)
      await call('save_market', market(`Suchmarkt ${String(number).padStart(2, '0')}`, 'Seitenweise'));
    await publisher.settled();
    const pageOf = async (query: string) => {
      const answer = await get(`/verzeichnis/suche?${query}`);
      expect(answer.status).toBe(200);
      const html = await answer.text();
      return { html, titles: [...html.matchAll(/>(Suchmarkt \d+)</g)].map((match) => match[1]) };
    };
    const first = await pageOf('q=suchmarkt');
    expect(first.titles).toHaveLength(20);
    expect(first.html).toContain('21 Märkte gefunden, hier 1 bis 20');
    expect(first.html).toContain('href="/verzeichnis/suche?q=suchmarkt&amp;seite=2" rel="next"');
    const second = await pageOf('q=suchmarkt&seite=2');
    expect(second.html).toContain('21 Märkte gefunden, hier 21 bis 21');
    expect(new Set([...first.titles, ...second.titles]).size).toBe(21);
    // A page past the last shows the last; what cannot be read is left out, never an error.
    expect((await pageOf('q=suchmarkt&seite=99')).titles).toEqual(second.titles);
    expect((await pageOf('q=suchmarkt&seite=x&typ=nix&land=12')).titles).toEqual(first.titles);
    expect((await pageOf('q=%22%3E%3Ci%3Egesucht')).html).not.toContain('"><i>gesucht');
    expect((await pageOf('q=Suchmarkt+Seitenweise&land=6')).titles).toHaveLength(20); // GKZ_A is in Styria
    expect((await pageOf('q=Suchmarkt&land=9')).titles).toEqual([]);
  }, 90_000);

  it('keeps a one-day market whose only date is cancelled public, marked cancelled, within 10 s (issue 52)', async () => {
    const created = await call('save_market', market('Kirtag mit Absage', 'Fällt aus'));
    const pagePath = await publicPath(created.id, 60_000);
    const own = (await (await fetch(new URL('/api/get_content/1', running.url))).json()) as {
      data: { wko_market_dates: Record<string, { id: string; wko_market_id: string; version: number }> };
    };
    const date = Object.values(own.data.wko_market_dates).find((one) => one.wko_market_id === created.id)!;
    const cancelled = await fetch(new URL('/api/save_market_date', running.url), {
      method: 'POST',
      body: JSON.stringify({
        id: date.id,
        version: date.version,
        wko_market_id: created.id,
        date_start: '2027-07-25',
        date_end: '2027-07-25',
        status: 'cancelled',
        type: 'cancelled',
      }),
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
    });
    expect(cancelled.status).toBe(200);
    const started = Date.now();
    await publisher.settled();
    const page = await get(pagePath);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Abgesagt');
    expect(html).toContain('https://schema.org/EventCancelled');
    const feed = (await (await get(`/api/public/markets.json?gkz=${GKZ_A}`)).json()) as {
      data: { markets: { id: string; dates: { status: string }[] }[] };
    };
    expect(feed.data.markets.find((one) => one.id === created.id)?.dates).toMatchObject([{ status: 'cancelled' }]);
    // The app's content follows the publication a moment later (its answers are made beside the requests).
    await expect
      .poll(
        async () =>
          (
            (await (await get('/api/get_content/1')).json()) as {
              data: { wko_market_dates: Record<string, { status: string }> };
            }
          ).data.wko_market_dates[date.id]?.status,
        { timeout: 10_000 - (Date.now() - started) },
      )
      .toBe('cancelled');
    const stops = (await (await get('/api/get_content_stops/1')).json()) as {
      data: { wko_markets: Record<string, Record<string, unknown>> };
    };
    expect(stops.data.wko_markets['2']).toHaveProperty(created.id);
    expect(await (await get('/verzeichnis/suche?q=Absage')).text()).toContain(`href="${pagePath}"`);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 90_000);

  it('takes a hidden market off: its page answers 410 and leads to its municipality, the sitemap and the search no longer name it', async () => {
    const created = await call('save_market', market('Kirtag zum Verbergen', 'Bald weg'));
    const pagePath = await publicPath(created.id, 60_000);
    expect((await get(pagePath)).status).toBe(200);
    expect(await (await get('/verzeichnis/suche?q=Verbergen')).text()).toContain(`href="${pagePath}"`);
    expect((await get('/en/sitemap.xml')).status).toBe(404); // one sitemap, at the root
    await call('save_market', {
      ...market('Kirtag zum Verbergen', 'Bald weg'),
      id: created.id,
      version: 1,
      hidden: true,
    });
    await publisher.settled();
    expect((await status(created.id)).path).toBeNull();
    // Issue 52: not a bare 404, but "no longer here" and the way to the place's markets.
    const gone = await get(pagePath);
    expect(gone.status).toBe(410);
    const municipalityPath = pagePath.slice(0, pagePath.lastIndexOf('/'));
    expect(await gone.text()).toContain(`href="${municipalityPath}"`);
    const goneEn = await get(`/en${pagePath}`);
    expect(goneEn.status).toBe(410);
    expect(await goneEn.text()).toContain(`href="/en${municipalityPath}"`);
    // An address of no place at all stays 404.
    expect((await get('/verzeichnis/nirgendwo')).status).toBe(404);
    expect((await get('/verzeichnis/steiermark/nirgendwo/niemand')).status).toBe(404);
    expect(await (await get('/sitemap.xml')).text()).not.toContain(pagePath);
    const search = await get('/verzeichnis/suche?q=Verbergen');
    expect(search.status).toBe(200);
    expect(await search.text()).not.toContain(`href="${pagePath}"`);
  }, 90_000);
});

describe('the start (issue 50)', () => {
  it('answers the health check before the first publish, and holds a page until it is done', async () => {
    let release = () => {};
    let released = false;
    const first = new Promise<void>((resolve) => (release = resolve)).then(() => void (released = true));
    const starting: Publisher = { ...publisher, ready: first, isReady: () => released };
    const server = await startServer({ config, db, pages: await loadPages(), publisher: starting, imageCache });
    try {
      expect((await fetch(new URL('/api/health', server.url))).status).toBe(200);
      let answered = false;
      const page = fetch(new URL('/verzeichnis', server.url)).then((answer) => ((answered = true), answer));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(answered).toBe(false);
      release();
      expect((await page).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
