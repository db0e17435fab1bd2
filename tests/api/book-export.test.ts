// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): markets sorted by the database's collation, which differs between PGlite and a server.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../src/export/book/book-files.ts';
import { exportDirectory } from '../../src/export/book/export-directory.ts';
import { loadConfig, publicBaseUrl } from '../../src/server/config.ts';
import { seedDemoData } from '../../src/server/demo/demo-data.ts';
import { readEdition } from '../../src/server/services/book-editions.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let folder: string;
let files: string[];
const now = new Date('2026-11-23T10:00:00Z');

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server.db, now);
  folder = await mkdtemp(path.join(tmpdir(), 'book-'));
  ({ files } = await exportDirectory(server.db, loadConfig({ DATA_DIR: folder }), {
    year: 2026,
    locale: 'de',
    format: 'a5',
    outDir: folder,
    now,
  }));
});
afterAll(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

/** What the database publishes for 2026: the rows the CSV must hold. */
async function publishedDates(): Promise<string[]> {
  const rows = await server.db.query<{ market_id: string; date_start: string }>(
    `SELECT d.market_id, d.date_start::text FROM market_dates d JOIN markets m ON m.id = d.market_id
      WHERE NOT m.hidden AND m.status = 'active' AND NOT d.hidden
        AND d.date_start <= '2026-12-31' AND d.date_end >= '2026-01-01'
        AND EXISTS (SELECT 1 FROM market_dates p WHERE p.market_id = m.id AND NOT p.hidden
                      AND p.status <> 'cancelled' AND p.date_end >= '2026-01-01')`,
  );
  return rows.map((row) => `${row.market_id} ${row.date_start}`).sort();
}

describe('the demo markets', () => {
  it('hold no market on New Year’s Day or Christmas Day (issue 53)', async () => {
    const onFeasts = await server.db.query(
      `SELECT date_start::text FROM market_dates WHERE status <> 'cancelled'
        AND to_char(date_start, 'MM-DD') IN ('01-01', '12-25')`,
    );
    expect(onFeasts).toEqual([]);
  });
});

describe('npm run export:directory', () => {
  it('writes the PDF, CSV and JSON of the year under the names api.md gives', () => {
    expect(files.map((file) => path.basename(file)).sort()).toEqual([
      'directory-2026-de.csv',
      'directory-2026-de.json',
      'directory-2026-de.pdf',
    ]);
  });

  it('prints a book with page numbers, a working table of contents and the markets with their dates', async () => {
    const pdf = await getDocumentProxy(new Uint8Array(await readFile(path.join(folder, 'directory-2026-de.pdf'))));
    const { text: pages } = await extractText(pdf, { mergePages: false });
    expect(pdf.numPages).toBeGreaterThanOrEqual(4);
    // Every page but the cover ends with its own number.
    pages
      .slice(1)
      .forEach((text, index) => expect(text.trim().endsWith(String(index + 2)), `page ${index + 2}`).toBe(true));

    const all = pages.join('\n');
    expect(all).toContain('Bauernmarkt am Hauptplatz');
    expect(all).toContain('19.12.2026 (abgesagt)');
    expect(all).toContain('Verzeichnis der Gemeinden');

    // The bookmarks lead to the pages their headings stand on.
    interface Bookmark {
      title: string;
      dest: string | unknown[] | null;
      items: Bookmark[];
    }
    const outline = (await pdf.getOutline()) as Bookmark[];
    const styria = outline.find((item) => item.title === 'Steiermark')!;
    expect(styria.items.map((item) => item.title)).toEqual(['Hartberg-Fürstenfeld']);
    const destination = typeof styria.dest === 'string' ? await pdf.getDestination(styria.dest) : styria.dest;
    const pageIndex = await pdf.getPageIndex(destination![0] as Parameters<typeof pdf.getPageIndex>[0]);
    expect(pages[pageIndex]).toContain('Steiermark');
    expect(pages[1]).toContain('Inhalt');
    expect(pages[1]).toMatch(new RegExp(`Steiermark[\\s.]+${pageIndex + 1}`));
  });

  it('is a tagged PDF/UA-1 that an independent reader (pdf.js) understands (issue 21)', async () => {
    const pdf = await getDocumentProxy(new Uint8Array(await readFile(path.join(folder, 'directory-2026-de.pdf'))));
    const metadata = await pdf.getMetadata();
    const info: Record<string, unknown> = Object.fromEntries(Object.entries(metadata.info));
    expect(Number(info.PDFFormatVersion)).toBeGreaterThanOrEqual(1.7);
    expect(info.Language).toBe('de-AT');
    expect(info.Title).toBe('Marktverzeichnis 2026 – Märkte und Markttermine in Österreich');
    expect(await pdf.getViewerPreferences()).toMatchObject({ DisplayDocTitle: true });
    expect(await pdf.getMarkInfo()).toMatchObject({ Marked: true });
    // XMP: the PDF/UA identifier (ISO 14289-1, 5) and the title in Dublin Core.
    expect(metadata.metadata.get('pdfuaid:part')).toBe('1');
    expect(metadata.metadata.get('dc:title')).toBe('Marktverzeichnis 2026 – Märkte und Markttermine in Österreich');

    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      // A struct tree per page: the catalog has a StructTreeRoot and the page its StructParents.
      const tree = (await page.getStructTree()) as StructNode | null;
      expect(tree, `page ${number}`).not.toBeNull();
      const { texts, outside, artifacts } = markedTexts(await page.getTextContent({ includeMarkedContent: true }));
      // Every text is either tagged content or an artifact (PDF/UA-1, 7.1).
      expect(outside, `page ${number}`).toEqual([]);
      // The page number is an artifact, not content to be read.
      if (number > 1) expect(artifacts.join(' '), `page ${number}`).toContain(String(number));
      // A chapter's opening page has no running head: beside dot leaders and hyphens, its only artifact is its number.
      if (headingsOf(tree!, texts).some(([role]) => role === 'H1')) {
        expect(artifacts.filter((text) => !/^[. -]+$/.test(text))).toEqual([String(number)]);
      }
      // The contents' dot leaders are artifacts too.
      if (number === 2) expect(artifacts.join('')).toMatch(/(\. ){5}/);
    }
    const headingsEverywhere = await allHeadings(pdf);
    expect(headingsEverywhere).toContainEqual(['H1', 'Steiermark']);
    expect(headingsEverywhere).toContainEqual(['H2', 'Bezirk Hartberg-Fürstenfeld']);
    expect(headingsEverywhere).toContainEqual(['H3', expect.stringMatching(/^\d{4} Hartberg$/)]);
    expect(headingsEverywhere).toContainEqual(['H4', 'Bauernmarkt am Hauptplatz']);
    expect(headingsEverywhere).toContainEqual(['H1', 'Inhalt']);
  });

  it('prints an English book in English, marking the German the municipalities wrote as German', async () => {
    const english = path.join(folder, 'en');
    await exportDirectory(server.db, loadConfig({ DATA_DIR: folder }), {
      ...{ year: 2026, locale: 'en', format: 'a5', outDir: english, now },
    });
    const pdf = await getDocumentProxy(new Uint8Array(await readFile(path.join(english, 'directory-2026-en.pdf'))));
    const { info } = await pdf.getMetadata();
    expect(Object.fromEntries(Object.entries(info))).toMatchObject({
      Language: 'en-GB',
      Title: 'Marktverzeichnis 2026 – Markets and market dates in Austria',
    });
    const headings = await allHeadings(pdf);
    expect(headings).toContainEqual(['H1', 'Contents']);
    expect(headings).toContainEqual(['H4', 'Bauernmarkt am Hauptplatz', 'de-AT']);
    const outline = (await pdf.getOutline()) as { title: string }[];
    // The contents' bookmark comes first, where its pages are.
    expect(outline.map((item) => item.title)).toEqual(['Contents', 'Styria', 'Index of municipalities']);
  });

  it('writes a CSV with exactly the published dates of the year, and JSON with the same markets', async () => {
    const csv = await readFile(path.join(folder, 'directory-2026-de.csv'), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = csv.slice(1).trimEnd().split('\r\n');
    expect(header).toBe(CSV_COLUMNS.join(';'));
    const column = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
    // The demo's texts hold no semicolons or quotes, so a plain split reads them.
    const cells = rows.map((row) => row.split(';'));
    expect(cells.every((row) => row.length === CSV_COLUMNS.length)).toBe(true);
    expect(cells.map((row) => `${row[column('market_id')]} ${row[column('date_start')]}`).sort()).toEqual(
      await publishedDates(),
    );
    expect(cells.find((row) => row[column('date_start')] === '2026-12-19')?.[column('status')]).toBe('abgesagt');
    // Issue 55: the typesetter's short address of each municipality, as the PDF prints it with its QR code.
    const base = publicBaseUrl(loadConfig({ DATA_DIR: folder }));
    expect(cells.every((row) => row[column('short_address')] === `${base}/g/${row[column('gkz')]}`)).toBe(true);

    const json = JSON.parse(await readFile(path.join(folder, 'directory-2026-de.json'), 'utf8')) as {
      year: number;
      states: { districts: { municipalities: { markets: { id: string; dates: unknown[] }[] }[] }[] }[];
    };
    expect(json.year).toBe(2026);
    const markets = json.states.flatMap((s) => s.districts.flatMap((d) => d.municipalities.flatMap((m) => m.markets)));
    expect(markets.map((m) => m.id).sort()).toEqual([...new Set(cells.map((row) => row[column('market_id')]))].sort());
    expect(markets.reduce((sum, m) => sum + m.dates.length, 0)).toBe(rows.length);
  });
});

describe('a book sent to print (issue 55)', () => {
  it('is an edition: the same content again the same one, a change the next, each read back whole', async () => {
    const print = (locale: 'de' | 'en') =>
      exportDirectory(server.db, loadConfig({ DATA_DIR: folder }), {
        ...{ year: 2026, locale, format: 'a5', outDir: path.join(folder, 'print'), now, print: true },
      });
    await print('de');
    await print('en');
    expect(await server.db.query('SELECT id FROM book_editions ORDER BY id')).toEqual([{ id: '2026-1' }]);
    const printed = await readEdition(server.db, '2026-1');
    const json = JSON.parse(await readFile(path.join(folder, 'print', 'directory-2026-de.json'), 'utf8')) as {
      states: { districts: { municipalities: { markets: { id: string }[] }[] }[] }[];
    };
    const ids = json.states.flatMap((s) => s.districts.flatMap((d) => d.municipalities.flatMap((m) => m.markets)));
    expect(printed?.printed.markets.map((market) => market.id)).toEqual(ids.map((market) => market.id));

    await server.db.query(`UPDATE markets SET title = title || ' (neu)' WHERE id = $1`, [ids[0]!.id]);
    await server.db.query('UPDATE content_version SET version = version + 1');
    await print('de');
    expect(await server.db.query('SELECT id FROM book_editions ORDER BY id')).toEqual([
      { id: '2026-1' },
      { id: '2026-2' },
    ]);
    expect(await readEdition(server.db, '2027-1')).toBeNull();
    expect(await readEdition(server.db, "2026-1' OR 1=1")).toBeNull();
  });
});

interface StructNode {
  role?: string;
  lang?: string;
  type?: string;
  id?: string;
  children?: StructNode[];
}

/** The text of each marked-content id, the texts in no marked content, and the texts of artifacts. */
function markedTexts(content: { items: unknown[] }) {
  const texts = new Map<string, string>();
  const outside: string[] = [];
  const artifacts: string[] = [];
  const open: { id?: string; tag?: string }[] = [];
  for (const item of content.items as { type?: string; id?: string; tag?: string; str?: string }[]) {
    if (item.type === 'beginMarkedContent' || item.type === 'beginMarkedContentProps') open.push(item);
    else if (item.type === 'endMarkedContent') open.pop();
    else if (item.str?.trim()) {
      const inner = open.at(-1);
      if (!inner) outside.push(item.str);
      else if (inner.tag === 'Artifact') artifacts.push(item.str);
      else if (inner.id) texts.set(inner.id, (texts.get(inner.id) ?? '') + item.str);
    }
  }
  return { texts, outside, artifacts };
}

/** The headings of a page's structure tree with their text (and language, if marked), in reading order. */
function headingsOf(tree: StructNode, texts: Map<string, string>): string[][] {
  const textOf = (node: StructNode): string =>
    node.type === 'content' ? (texts.get(node.id!) ?? '') : (node.children ?? []).map(textOf).join('');
  const headings: string[][] = [];
  const walk = (node: StructNode) => {
    if (node.role && /^H\d$/.test(node.role)) {
      headings.push([node.role, textOf(node).trim(), ...(node.lang ? [node.lang] : [])]);
    } else node.children?.forEach(walk);
  };
  walk(tree);
  return headings;
}

async function allHeadings(pdf: Awaited<ReturnType<typeof getDocumentProxy>>): Promise<string[][]> {
  const headings: string[][] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const tree = (await page.getStructTree()) as StructNode | null;
    const { texts } = markedTexts(await page.getTextContent({ includeMarkedContent: true }));
    if (tree) headings.push(...headingsOf(tree, texts));
  }
  return headings;
}
