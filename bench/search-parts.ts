import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { marketsOf } from '../src/lib/directory/listing.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { readPublished } from '../src/server/db/published.ts';
import { directoryOf } from '../src/server/directory/read-directory.ts';
import { searchRecords, writeSearchPart } from '../src/server/directory/search-index.ts';
import {
  partsList,
  SEARCH_PARTS_FILE,
  searchPartOf,
  searchParts,
  updateSearchIndex,
} from '../src/server/directory/search-parts.ts';

/**
 * Decision 0023's figures on a database of Austria scale (`DATA_DIR=./data-austria npm run generate
 * -- --markets 6000` first, then `DATA_DIR=./data-austria npm run bench:search`): the time of
 * the whole index against one part after one market's change, under the same load, and in Chromium
 * whether the merged parts (through public/js/search.js) find what one index finds, and in which order.
 */
const QUERIES = ['markt', 'Bauernmarkt', 'Kirtag', 'Wien', '8230', '8230 Hartberg', '8231', 'Hartbreg', 'Grazz'];
QUERIES.push('Hartberg-Fürstenfeld', 'Advent', 'Weihnachtsmarkt Linz', 'Wochenmarkt Salzburg', 'Tirol', 'Villach');
QUERIES.push('Kirchtag Kärnten', 'Lutzmannsburg', 'Handwerk', 'Messe', 'platz', 'Flohmarkt Graz', 'Gemüse');

const dataDir = process.env['DATA_DIR'];
if (!dataDir) throw new Error('DATA_DIR must name a database with markets (npm run generate).');
const db = await openDatabase({ dataDir });
const directory = directoryOf(await readPublished(db), new Date());
await db.close();
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);

const all = searchRecords(directory).map(({ record }) => record);
// Both indexes side by side, searched in Chromium below as the search page does.
const site = await mkdtemp(path.join(tmpdir(), 'search-parts-'));
let started = performance.now();
let parts = searchParts(directory);
console.log(`Records of ${all.length / 3} markets in parts: ${seconds(started)} s`);
started = performance.now();
let index = await updateSearchIndex(parts, path.join(site, 'parts'));
console.log(`All ${parts.size} parts: ${seconds(started)} s`);
const changed = [...marketsOf(directory)][100]!.market;
for (let round = 1; round <= 3; round += 1) {
  started = performance.now();
  await writeSearchPart(all, path.join(site, `whole-${round}`));
  const wholeSeconds = seconds(started);
  // One market's title changed: its part's records differ, the others do not.
  const part = searchPartOf(changed.id);
  const records = parts
    .get(part)!
    .records.map((record) =>
      record.url.endsWith(changed.path) ? { ...record, content: `${record.content} Runde${round}` } : record,
    );
  parts = new Map(parts).set(part, { key: `round-${round}`, records });
  started = performance.now();
  index = await updateSearchIndex(parts, path.join(site, 'parts'), index);
  console.log(`Round ${round}: the whole index ${wholeSeconds} s, one part ${seconds(started)} s`);
}
await writeSearchPart(all, path.join(site, 'whole'));
await writeFile(path.join(site, 'parts', SEARCH_PARTS_FILE), partsList(index));
await writeFile(path.join(site, 'index.html'), '<!doctype html><html lang="de"><meta charset="utf-8"></html>');
const server = createServer((req, res) => {
  const file = path.join(site, path.normalize(decodeURIComponent((req.url ?? '/').split('?')[0]!)));
  const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.html') ? 'text/html' : 'application/json';
  readFile(file).then(
    (body) => res.writeHead(200, { 'Content-Type': type }).end(body),
    () => res.writeHead(404).end(),
  );
}).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/index.html`);
  // The page's own functions, taken from its script (an IIFE that needs the search form otherwise).
  const script = await readFile(new URL('../public/js/search.js', import.meta.url), 'utf8');
  const helpers = script.slice(
    script.indexOf('  // Where no word of the index'),
    script.indexOf('  function search(fields)'),
  );
  await page.addScriptTag({ content: `${helpers}\nwindow.searchParts = searchParts;` });
  const rows = await page.evaluate(compare, QUERIES);
  for (const row of rows)
    console.log(
      `${row.q.padEnd(22)} one index ${String(row.one).padStart(5)}, parts ${String(row.parts).padStart(5)}; ` +
        `first ten of the parts: ${row.firstTenTied} of ${Math.min(10, row.parts)} tied with one index's first ten (${row.tied} tied there)`,
    );
} finally {
  await browser.close();
  server.close();
  await rm(site, { recursive: true, force: true });
}

/** In the browser: per query, how many results each finds, and how many of the parts' first ten one index ranks as high. */
async function compare(queries: string[]) {
  type Result = { score: number; data(): Promise<{ url: string }> };
  type Module = {
    options(options: object): Promise<void>;
    mergeIndex(path: string): Promise<void>;
    filters(): Promise<object>;
    search(term: string, options?: object): Promise<{ results: Result[] }>;
  };
  type Window = { searchParts(module: Module, q: string, filters: object): Promise<{ found: { results: Result[] } }> };
  const load = (url: string) => import(url) as Promise<Module>;
  const whole = await load('/whole/pagefind.js');
  await whole.options({ basePath: '/whole/' });
  const { parts } = (await (await fetch('/parts/parts.json')).json()) as { parts: string[] };
  const merged = await load(`/parts/${parts[0]}/pagefind.js`);
  await merged.options({ basePath: `/parts/${parts[0]}/` });
  for (const part of parts.slice(1)) await merged.mergeIndex(`/parts/${part}/`);
  await merged.filters();
  const rows = [];
  for (const q of queries) {
    const one = (await whole.search(q)).results;
    const inParts = (await (window as unknown as Window).searchParts(merged, q, {})).found.results;
    const scoreOf = new Map(await Promise.all(one.map(async (r) => [(await r.data()).url, r.score] as const)));
    const tenth = one[Math.min(9, one.length - 1)]?.score ?? 0;
    const firstTen = await Promise.all(inParts.slice(0, 10).map(async (r) => (await r.data()).url));
    rows.push({
      q,
      one: one.length,
      parts: inParts.length,
      tied: one.filter((r) => r.score >= tenth).length,
      firstTenTied: firstTen.filter((url) => (scoreOf.get(url) ?? -1) >= tenth).length,
    });
  }
  return rows;
}
