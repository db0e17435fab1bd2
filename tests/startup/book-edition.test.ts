import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditionAnswer } from '../../src/components/book/book-addresses.ts';
import { exportDirectory } from '../../src/export/book/export-directory.ts';
import { loadConfig, publicationDirOf, type Config } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';
import type { NewMarketDate } from '../../src/server/db/queries/markets.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { startPublisher, type Publisher } from '../../src/server/directory/publisher.ts';
import { loadPages } from '../../src/server/http/pages.ts';
import { startServer, type RunningServer } from '../../src/server/http/server.ts';
import { importBundledMasterDataIfEmpty } from '../../src/server/master-data/import.ts';
import { addMarket, GKZ_A, GKZ_B, loggedInUser } from '../api/helpers/fixtures.ts';
import { freshDatabase } from '../api/helpers/test-server.ts';
import { readQrCodes } from '../setup/read-qr-codes.ts';

/**
 * Issue 55, accept 3: the printed book leads back to the live directory. Every QR code of a book
 * gone to print, read by an independent reader, is an address of the portal that answers 200 with
 * the municipality's page as it is now (the cover's: the edition's change page); a date cancelled
 * after printing is listed there.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-book-'));
const YEAR = new Date().getFullYear() + 1;
/** Hartberg (62219), Krems an der Donau (30101) and Bregenz (80207): three states. */
const MUNICIPALITIES = [GKZ_A, GKZ_B, '80207'];
let db: Database;
let drop: () => Promise<void>;
let publisher: Publisher;
let running: RunningServer;
let config: Config;
let cookie = '';
/** The date the clerk cancels after printing, and its market. */
let cancelled: { date: NewMarketDate & { version: number }; market: string };

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  db = await openDatabase({ ...fresh.settings, dataDir: null });
  await importBundledMasterDataIfEmpty(db);
  for (const [n, gkz] of MUNICIPALITIES.entries()) {
    const day = `${YEAR}-06-${String(n + 10).padStart(2, '0')}`;
    const { market, dates } = await addMarket(db, gkz, { title: `Bauernmarkt ${n + 1}` }, [
      { date_start: day, date_end: day },
      { date_start: `${YEAR}-07-01`, date_end: `${YEAR}-07-01` },
    ]);
    if (gkz === GKZ_A) cancelled = { date: { ...dates[0]!, version: 1 }, market: market.id };
  }
  const listen = loadConfig({ PORT: '0', HOST: '127.0.0.1', SEED_DEMO: '0', DATA_DIR: dataDir });
  publisher = startPublisher(db, {
    imageCache: path.join(dataDir, 'market-images'),
    keptIn: publicationDirOf(listen),
    debounceMs: 200,
    pollMs: 1000,
    log: () => {},
  });
  await publisher.ready;
  running = await startServer({
    config: listen,
    db,
    pages: await loadPages(),
    publisher,
    imageCache: path.join(dataDir, 'market-images'),
  });
  // The book names the portal at the address it is reached at, as PUBLIC_BASE_URL does in production.
  config = { ...listen, PUBLIC_BASE_URL: running.url };
  cookie = (await loggedInUser(db, GKZ_A)).cookie;
}, 60_000);
afterAll(async () => {
  await running.close();
  await publisher.stop();
  await db.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function printedBook(locale: 'de' | 'en'): Promise<Buffer> {
  const { files } = await exportDirectory(db, config, {
    ...{ year: YEAR, locale, format: 'a5', outDir: path.join(dataDir, 'exports'), print: true },
  });
  return readFileSync(files.find((file) => file.endsWith('.pdf'))!);
}

describe('a printed book’s QR codes', () => {
  it('each lead to the live page of their municipality, and the cover’s to the edition’s changes', async () => {
    for (const locale of ['de', 'en'] as const) {
      const codes = await readQrCodes(await printedBook(locale));
      expect(codes.every(({ text }) => text !== null)).toBe(true);
      const [cover, ...places] = codes;
      const prefix = locale === 'de' ? '' : `/${locale}`;
      // The same content twice (German, then English) is one edition.
      expect(cover).toEqual({ page: 1, text: `${running.url}${prefix}/buch/${YEAR}-1` });
      expect(places.map(({ text }) => text).sort()).toEqual(
        MUNICIPALITIES.map((gkz) => `${running.url}${prefix}/g/${gkz}`).sort(),
      );
      for (const { text } of codes) {
        const response = await fetch(text!);
        expect(response.status, text!).toBe(200);
        const html = await response.text();
        expect(html).toContain(`<html lang="${locale}"`);
        if (text!.includes('/g/')) {
          expect(response.url).toContain(`${prefix}/verzeichnis/`);
          const gkz = text!.slice(-5);
          const { name } = publisher.current().municipalities.get(gkz)!;
          expect(html).toMatch(new RegExp(`<h1[^>]*>[^<]*${name}`));
        }
      }
    }
  }, 60_000);

  it('answer 404 for a code nobody printed', async () => {
    for (const address of ['/g/99999', '/g/6221', '/buch/2027-99', '/en/buch/xyz', `/api/public/book/${YEAR}-9`])
      expect((await fetch(new URL(address, running.url))).status, address).toBe(404);
  });
});

describe('the edition’s change page', () => {
  it('says nothing changed, then lists a date cancelled after printing', async () => {
    await printedBook('de');
    const page = () => fetch(new URL(`/buch/${YEAR}-1`, running.url)).then((response) => response.text());
    expect(await page()).toContain('Seit der Drucklegung hat sich nichts geändert');

    const response = await fetch(new URL('/api/save_market_date', running.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ ...cancelled.date, status: 'cancelled', type: 'cancelled' }),
    });
    expect(response.status).toBe(200);
    let html = '';
    for (let waited = 0; !html.includes('Abgesagt:') && waited < 30_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      html = await page();
    }
    expect(html).toMatch(/<h3[^>]*><a href="\/verzeichnis\/[^"]+">Hartberg<\/a><\/h3>/);
    expect(html).toMatch(/<strong>Abgesagt:<\/strong>\s*<a href="\/verzeichnis\/[^"]+">Bauernmarkt 1<\/a>/);
    const api = (await fetch(new URL(`/api/public/book/${YEAR}-1`, running.url)).then((answer) => answer.json())) as {
      data: EditionAnswer;
    };
    expect(api.data.municipalities).toMatchObject([
      {
        gkz: GKZ_A,
        changes: [{ kind: 'cancelled', market_id: cancelled.market, date: { date_start: cancelled.date.date_start } }],
      },
    ]);
  }, 60_000);
});
