import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDirectory } from '../../src/export/book/export-directory.ts';
import { marketsOf } from '../../src/lib/directory/listing.ts';
import { MARKET_TEXT_FIELDS, SHOWN_TEXT_FIELDS } from '../../src/lib/market-fields.ts';
import { loadConfig } from '../../src/server/config.ts';
import { readDirectory } from '../../src/server/directory/read-directory.ts';
import { GKZ_A, loggedInUser } from './helpers/fixtures.ts';
import { startDirectoryRenderer } from './helpers/render-directory.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Issue 16: every free-text field is declared once (src/lib/market-fields.ts). A field the
 * declaration shows must come out on every outlet, whichever field it is: this test sends each
 * declared field a value of its own and looks for it in the page, the book, the CSV, the feed and
 * the calendar, so a new field forgotten by one of them fails here.
 */
let server: TestServer;
let clerk: string;
let marketId: string;
/** The market as the last save answered it (German group). */
let saved: Record<string, unknown>;
const NOW = new Date('2026-11-23T10:00:00Z');
/** A word of each field's own that no hyphenation splits and no other text holds. */
const valueOf = (name: string) => `Wert${MARKET_TEXT_FIELDS.findIndex((field) => field.name === name)}q`;
const ACCESS = 'Stufenlos erreichbar, barrierefreies WC im Rathaus, Bus 3 bis Hauptplatz';

type Market = Record<string, unknown>;
interface Body {
  data: {
    wko_markets: Record<string, Record<string, Market>>;
    changes: { action: string; changes: Record<string, [unknown, unknown]> }[];
  };
  error: { code: string; fields?: Record<string, string> };
}
interface Schema {
  type?: string;
  maxLength?: number;
  properties: Record<string, Schema>;
  items: Schema;
  required: string[];
}

/** An API call of the clerk. */
async function call(route: string, fields?: Record<string, unknown>): Promise<{ status: number; body: Body }> {
  const response = await server.fetch(`/api/${route}`, {
    method: fields ? 'POST' : 'GET',
    ...(fields ? { body: JSON.stringify(fields) } : {}),
    headers: { ...(fields ? { 'Content-Type': 'application/json' } : {}), Cookie: clerk },
  });
  return { status: response.status, body: (await response.json()) as Body };
}

beforeAll(async () => {
  server = await startTestServer();
  server.clock.now = NOW;
  clerk = (await loggedInUser(server.db, GKZ_A)).cookie;
  const answer = await call('save_market', {
    title: 'Feldmarkt',
    type: 'bauernmarkt',
    schedule: 'dates',
    ...Object.fromEntries(MARKET_TEXT_FIELDS.map(({ name }) => [name, valueOf(name)])),
    first_date: { date_start: '2026-12-05', date_end: '2026-12-05' },
  });
  expect(answer.status).toBe(200);
  [[marketId, saved]] = Object.entries(answer.body.data.wko_markets['2']!) as [[string, Market]];
});
afterAll(() => server.close());

describe('every declared field on every outlet', () => {
  it('the feed answers every declared field', async () => {
    const feed = (await (await server.fetch('/api/public/markets.json')).json()) as {
      data: { markets: Record<string, string>[] };
    };
    const market = feed.data.markets.find(({ id }) => id === marketId)!;
    for (const { name } of MARKET_TEXT_FIELDS) expect(market[name], name).toBe(valueOf(name));
  });

  it('the directory page, the book, its CSV and the calendar show every field declared to be shown', async () => {
    const ics = (await (await server.fetch(`/api/public/markets/${marketId}.ics`)).text()).replace(/\r\n[ \t]/g, '');

    const directory = await readDirectory(server.db, NOW);
    const entry = [...marketsOf(directory)].find(({ market }) => market.id === marketId)!;
    const renderer = await startDirectoryRenderer(directory, 'https://maerkte.example');
    const page = await renderer
      .render({ kind: 'market', ...entry }, entry.market.path, 'de')
      .finally(() => renderer.close());

    const folder = await mkdtemp(path.join(tmpdir(), 'fields-book-'));
    try {
      await exportDirectory(server.db, loadConfig({ DATA_DIR: folder }), {
        year: 2026,
        locale: 'de',
        format: 'a5',
        outDir: folder,
        now: NOW,
      });
      const csv = await readFile(path.join(folder, 'directory-2026-de.csv'), 'utf8');
      const pdf = await getDocumentProxy(new Uint8Array(await readFile(path.join(folder, 'directory-2026-de.pdf'))));
      const book = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
      const [header, ...rows] = csv.replace(/^\uFEFF/, '').split('\r\n');
      const row = rows.find((line) => line.includes(marketId))!.split(';');

      for (const { name } of SHOWN_TEXT_FIELDS) {
        const text = valueOf(name);
        expect(page, `page: ${name}`).toContain(text);
        expect(book, `book: ${name}`).toContain(text);
        expect(row[header!.split(';').indexOf(name)], `CSV: ${name}`).toBe(text);
        expect(ics, `calendar: ${name}`).toContain(text);
      }
      // What is declared for the data only stays off the page, the book and the calendar.
      for (const { name } of MARKET_TEXT_FIELDS.filter(
        (field) => !SHOWN_TEXT_FIELDS.some((s) => s.name === field.name),
      )) {
        for (const [outlet, text] of [
          ['page', page],
          ['book', book],
          ['calendar', ics],
        ])
          expect(text, `${outlet}: ${name}`).not.toContain(valueOf(name));
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('access_info, how to get there', () => {
  it('is saved, answered in every language group, and its change is in the history', async () => {
    const answer = await call('save_market', { ...saved, access_info: ` ${ACCESS} ` });
    expect(answer.status).toBe(200);
    for (const group of ['1', '2', '3'])
      expect(answer.body.data.wko_markets[group]![marketId]!['access_info']).toBe(ACCESS);
    saved = answer.body.data.wko_markets['2']![marketId]!;

    const history = (await call(`get_market_history/${marketId}`)).body.data.changes as {
      action: string;
      changes: Record<string, [unknown, unknown]>;
    }[];
    expect(history.filter(({ action }) => action === 'updated').map(({ changes }) => changes)).toEqual([
      { access_info: [valueOf('access_info'), ACCESS] },
    ]);

    const feed = (await (await server.fetch('/api/public/markets.json')).json()) as {
      data: { markets: Record<string, string>[] };
    };
    expect(feed.data.markets.find(({ id }) => id === marketId)!['access_info']).toBe(ACCESS);
  });

  it('refuses more than 200 characters or a line break, at the field, and changes nothing', async () => {
    for (const [value, code] of [
      ['x'.repeat(201), 'too_long'],
      ['Bus 3\nbis Hauptplatz', 'invalid_characters'],
    ]) {
      const answer = await call('save_market', { ...saved, access_info: value });
      expect([answer.status, answer.body.error.code, answer.body.error.fields]).toEqual([
        422,
        code,
        { access_info: code },
      ]);
    }
    const [stored] = await server.db.query<{ version: number }>('SELECT version FROM markets WHERE id = $1', [
      marketId,
    ]);
    expect(stored!.version).toBe(saved['version']);
  });

  it('is in the open-data feed and its schema, at most 200 characters', async () => {
    const schema = (await (await server.fetch('/api/public/markets.schema.json')).json()) as Schema;
    const market = schema.properties['data']!.properties['markets']!.items;
    for (const { name, max } of MARKET_TEXT_FIELDS) {
      expect(market.properties[name], name).toEqual({ type: 'string', maxLength: max });
      expect(market.required, name).toContain(name);
    }
  });
});
