import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Directory } from '../../src/lib/directory/directory.ts';
import { pagesOf } from '../../src/lib/directory/listing.ts';
import { viennaDay } from '../../src/lib/market-rules.ts';
import type { Database } from '../../src/server/db/database.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { translator } from '../../src/lib/i18n.ts';
import { listMunicipalities } from '../../src/server/db/queries/places.ts';
import { pageVersions, searchVersions } from '../../src/server/directory/page-versions.ts';
import { placesOnFile } from '../../src/server/directory/places.ts';
import { readDirectory } from '../../src/server/directory/read-directory.ts';
import { importBundledMasterDataIfEmpty } from '../../src/server/master-data/import.ts';
import { addMarket, GKZ_A, GKZ_B } from './helpers/fixtures.ts';
import { startDirectoryRenderer, type DirectoryRenderer } from './helpers/render-directory.ts';
import { freshDatabase } from './helpers/test-server.ts';

/**
 * Issue 18: the portal serves a rendered page again after a publish while its page version stays
 * the same. That is only right if every change of a page's HTML changes its version: this test
 * renders every page before and after each kind of change, with the real routes and components,
 * and checks exactly that — and that pages the change did not touch keep theirs.
 */
const NOW = new Date();
let db: Database;
let drop: () => Promise<void>;
let renderer: DirectoryRenderer;
let neighbour: string;

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  db = await openDatabase({ ...fresh.settings, dataDir: null });
  await importBundledMasterDataIfEmpty(db);
  [{ gkz: neighbour } = { gkz: '' }] = await db.query<{ gkz: string }>(
    `SELECT gkz FROM municipalities WHERE gkz <> $1
       AND district_code = (SELECT district_code FROM municipalities WHERE gkz = $1) ORDER BY gkz LIMIT 1`,
    [GKZ_A],
  );
  const days = (...starts: string[]) => starts.map((day) => ({ date_start: day, date_end: day }));
  await addMarket(db, GKZ_A, { title: 'Bauernmarkt am Hauptplatz' }, days('2027-05-01', '2027-05-08'));
  await addMarket(db, GKZ_A, { title: 'Kirtag' }, days('2027-08-15'));
  await addMarket(db, neighbour, { title: 'Adventmarkt' }, days('2027-12-04'));
  await addMarket(db, GKZ_B, { title: 'Wochenmarkt' }, days('2027-03-06', '2027-03-13'));
  renderer = await startDirectoryRenderer(await readDirectory(db, NOW), 'https://maerkte.example');
}, 120_000);
afterAll(async () => {
  await renderer?.close();
  await db.close();
  await drop();
});

/** Every page but the overview (the renderer shows the overview of the first directory), by path. */
/** Kept searches (issue 52): around a place, by a type, a state; their versions follow their HTML too. */
const SEARCHES = [`ort=${GKZ_A}&km=20`, `ort=${GKZ_A}&km=100&typ=kirtag`, `ort=${GKZ_B}`, 'typ=wochenmarkt', 'land=6'];

async function rendered(directory: Directory) {
  const pages = pagesOf(directory).filter(([, page]) => page.kind !== 'overview');
  const versionOf = pageVersions(directory, new Map(pages), viennaDay(NOW));
  const html = new Map<string, { kind: string; version: string; html: string }>();
  for (const [path, page] of pages)
    html.set(path, { kind: page.kind, version: versionOf(path)!, html: await renderer.render(page, path, 'de') });
  const places = placesOnFile(await listMunicipalities(db));
  const searchVersionOf = searchVersions(directory, places, viennaDay(NOW), translator('de'));
  for (const query of SEARCHES)
    html.set(`search?${query}`, {
      kind: 'search',
      version: searchVersionOf(new URLSearchParams(query)),
      html: await renderer.renderSearch(query, { directory, places }),
    });
  return html;
}

const idOf = async (title: string) =>
  (await db.query<{ id: string }>('SELECT id FROM markets WHERE title = $1', [title]))[0]!.id;

/** Each change, and the kinds of page whose version it may change (all, unless named). */
const CHANGES: [string, () => Promise<unknown>, kinds?: string[]][] = [
  [
    'a date cancelled',
    async () =>
      db.query(`UPDATE market_dates SET status = 'cancelled', version = version + 1 WHERE date_start = '2027-05-08'`),
  ],
  [
    'a market renamed',
    async () => db.query(`UPDATE markets SET title = 'Großer Kirtag', version = version + 1 WHERE title = 'Kirtag'`),
  ],
  [
    'a date added',
    async () =>
      db.query(`INSERT INTO market_dates (id, market_id, date_start, date_end) VALUES ('extra', $1, $2, $2)`, [
        await idOf('Adventmarkt'),
        '2027-12-11',
      ]),
  ],
  [
    'a place described',
    async () =>
      db.query(`UPDATE markets SET location = 'Rathausplatz 1', version = version + 1 WHERE title = 'Wochenmarkt'`),
    // The pages above list the market by its title, type and next date only; a search's version
    // takes the whole market, so its page is rendered again, never left stale.
    ['market', 'search'],
  ],
  [
    'a date after the next one moved',
    async () =>
      db.query(`UPDATE market_dates SET note = 'Mit Musik', version = version + 1 WHERE date_start = '2027-03-13'`),
    ['market', 'search'],
  ],
  ['a market added', async () => addMarket(db, GKZ_B, { title: 'Flohmarkt' })],
  ['a market hidden', async () => db.query(`UPDATE markets SET hidden = true WHERE title = 'Großer Kirtag'`)],
];

describe('page versions', () => {
  it('change whenever a page’s HTML changes, and stay for the pages a change did not touch', async () => {
    let before = await rendered(await readDirectory(db, NOW));
    for (const [name, change, kinds] of CHANGES) {
      await change();
      const after = await rendered(await readDirectory(db, NOW));
      let kept = 0;
      let changed = 0;
      for (const [path, page] of after) {
        const old = before.get(path);
        if (!old) continue;
        if (kinds && page.version !== old.version)
          expect(kinds, `${name}: ${path} keeps its version`).toContain(page.kind);
        if (page.html !== old.html) {
          changed += 1;
          expect(page.version, `${name}: ${path} shows something new`).not.toBe(old.version);
        } else if (page.version === old.version) kept += 1;
      }
      expect(changed, `${name}: some page shows it`).toBeGreaterThan(0);
      expect(kept, `${name}: pages it did not touch keep their version`).toBeGreaterThan(0);
      before = after;
    }
  }, 120_000);

  it('change with the day, since pages say which dates are next', async () => {
    const directory = await readDirectory(db, NOW);
    const pages = pagesOf(directory);
    const today = pageVersions(directory, new Map(pages), '2027-05-01');
    const tomorrow = pageVersions(directory, new Map(pages), '2027-05-02');
    for (const [path] of pages) expect(tomorrow(path)).not.toBe(today(path));
  });
});
