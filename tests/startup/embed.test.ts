import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, publicationDirOf } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { startPublisher, type Publisher } from '../../src/server/directory/publisher.ts';
import { loadPages } from '../../src/server/http/pages.ts';
import { startServer, type RunningServer } from '../../src/server/http/server.ts';
import { importBundledMasterDataIfEmpty } from '../../src/server/master-data/import.ts';
import { addMarket, GKZ_A, loggedInUser } from '../api/helpers/fixtures.ts';
import { freshDatabase } from '../api/helpers/test-server.ts';

/**
 * Issue 23: the embeddable market list of a municipality, served by the portal (built pages,
 * `npm run build`) from the published snapshot. Accept 2 (headers) and 3 (weight), and a save is
 * in the list within a minute.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-embed-'));
const NEXT_YEAR = new Date().getFullYear() + 1;
/** Eisenstadt: on file, no markets. */
const WITHOUT_MARKETS = '10101';
let db: Database;
let drop: () => Promise<void>;
let publisher: Publisher;
let running: RunningServer;
let cookie = '';

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  db = await openDatabase({ ...fresh.settings, dataDir: null });
  await importBundledMasterDataIfEmpty(db);
  // Ten public markets with a date each (a cancelled one before the next for two), and a hidden one.
  for (let n = 1; n <= 10; n += 1) {
    const day = `${NEXT_YEAR}-06-${String(n + 10).padStart(2, '0')}`;
    const cancelled = { date_start: `${NEXT_YEAR}-06-0${n % 9 || 1}`, status: 'cancelled', type: 'cancelled' } as const;
    await addMarket(db, GKZ_A, { title: `Bauernmarkt Nummer ${n}`, type: n % 2 ? 'bauernmarkt' : 'kirtag' }, [
      { date_start: day, date_end: day },
      ...(n <= 2 ? [{ ...cancelled, date_end: cancelled.date_start }] : []),
    ]);
  }
  await addMarket(db, GKZ_A, { title: 'Geheimer Markt', hidden: true });
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', SEED_DEMO: '0', DATA_DIR: dataDir });
  const imageCache = path.join(dataDir, 'market-images');
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

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(new URL(pathname, running.url), { headers });

describe('who may frame what (accept 2)', () => {
  it.each([
    [`/einbetten/${GKZ_A}`, 200],
    [`/en/einbetten/${GKZ_A}?typ=kirtag&anzahl=2`, 200],
    [`/fr/einbetten/${GKZ_A}/`, 200],
    [`/einbetten/${WITHOUT_MARKETS}`, 200],
    ['/einbetten/99999', 404],
    ['/einbetten/0000x', 404],
    [`/einbetten/${GKZ_A}?anzahl=-3`, 400],
    [`/en/einbetten/${GKZ_A}?typ=flohmarkt`, 400],
  ])('%s may be framed by any site, sets no cookie and answers %i', async (pathname, status) => {
    // A visitor who chose a language and consented before: still no cookie comes back.
    const response = await get(pathname, { cookie: 'i18n_redirected=en; consent=analytics' });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors \*;?$/);
    expect(response.headers.get('content-security-policy')).not.toContain("'none'; frame");
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.headers.get('set-cookie')).toBeNull();
    const html = await response.text();
    expect(html).toMatch(/<html lang="(de|en|fr)">/);
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet|https?:\/\//);
  });

  it.each(['/', '/verzeichnis', '/verzeichnis/steiermark', '/maerkte', '/en/maerkte', '/anmelden'])(
    '%s still refuses to be framed',
    async (pathname) => {
      const response = await get(pathname, { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    },
  );

  it('serves the loader with a short max-age and an ETag, and refuses framing of everything near the list', async () => {
    const loader = await get('/einbetten.js');
    expect(loader.status).toBe(200);
    expect(loader.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(loader.headers.get('etag')).toBeTruthy();
    expect((await loader.text()).length).toBeLessThan(4000);
    for (const near of ['/einbetten', `/einbetten/${GKZ_A}/mehr`, `/api/einbetten/${GKZ_A}`]) {
      expect((await get(near)).headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });
});

describe('the list', () => {
  it('weighs under 10 KB gzipped with ten markets, without the hidden one, cancelled dates marked (accept 3)', async () => {
    const response = await get(`/einbetten/${GKZ_A}`, { 'accept-encoding': 'gzip' });
    const html = await response.text();
    const gzipped = gzipSync(html, { level: 9 }).length;
    console.log(`/einbetten/${GKZ_A}, ten markets: ${html.length} bytes, ${gzipped} bytes gzipped.`);
    expect(gzipped).toBeLessThan(10_000);
    expect(html.match(/<li>/g)).toHaveLength(10);
    expect(html).not.toContain('Geheimer Markt');
    expect(html.match(/Abgesagt:/g)).toHaveLength(2);
    expect(response.headers.get('etag')).toMatch(/^"live-\d+/);
    const again = await get(`/einbetten/${GKZ_A}`, { 'if-none-match': response.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
  });

  it('filters by type and count', async () => {
    const html = await (await get(`/einbetten/${GKZ_A}?typ=kirtag&anzahl=3`)).text();
    expect(html.match(/<li>/g)).toHaveLength(3);
    expect(html).not.toContain('· Bauernmarkt');
  });

  it('shows a save within a minute, with a new ETag', async () => {
    const before = await get(`/einbetten/${GKZ_A}`);
    const response = await fetch(new URL('/api/save_market', running.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({
        title: 'Frisch gespeicherter Kirtag',
        type: 'kirtag',
        schedule: 'dates',
        location: 'Hauptplatz',
        first_date: { date_start: `${NEXT_YEAR}-07-25`, date_end: `${NEXT_YEAR}-07-25` },
      }),
    });
    expect(response.status).toBe(200);
    const saved = Date.now();
    let html = '';
    while (!html.includes('Frisch gespeicherter Kirtag') && Date.now() - saved < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      html = await (await get(`/einbetten/${GKZ_A}`)).text();
    }
    console.log(`The save was in the embedded list after ${((Date.now() - saved) / 1000).toFixed(1)} s.`);
    expect(html).toContain('Frisch gespeicherter Kirtag');
    expect((await get(`/einbetten/${GKZ_A}`)).headers.get('etag')).not.toBe(before.headers.get('etag'));
  }, 70_000);
});
