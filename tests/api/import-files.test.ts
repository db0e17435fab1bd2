// Issue 54, acceptance 4: hostile sources. Reading happens before any SQL, the same on either database: PGlite only.
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { GKZ_A, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let clerk = '';

beforeAll(async () => {
  server = await startTestServer();
  server.clock.now = new Date('2027-06-01T08:00:00Z');
  clerk = (await loggedInUser(server.db, GKZ_A)).cookie;
});
afterAll(() => server.close());

async function preview(name: string, bytes: Uint8Array | string) {
  const body = new FormData();
  body.set('file', new Blob([bytes as BlobPart]), name);
  const response = await server.fetch('/api/import_preview', { method: 'POST', body, headers: { Cookie: clerk } });
  const answer = (await response.json()) as {
    data?: { rows: { row: number; status: string; reason?: string; message?: string }[] };
    error?: { code: string; message: string };
  };
  return { status: response.status, ...answer };
}

async function stored(): Promise<string> {
  const tables = ['markets', 'market_dates', 'market_changes', 'market_sources'];
  return JSON.stringify(await Promise.all(tables.map((table) => server.db.query(`SELECT * FROM ${table} ORDER BY 1`))));
}

/** A workbook of one sheet whose XML is `sheet`, as Excel lays one out. */
function workbook(sheet: string): Uint8Array {
  const types =
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
  const rels =
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
  const book =
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Märkte" sheetId="1" r:id="rId1"/></sheets></workbook>';
  const bookRels =
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';
  return zipSync({
    '[Content_Types].xml': strToU8(types),
    '_rels/.rels': strToU8(rels),
    'xl/workbook.xml': strToU8(book),
    'xl/_rels/workbook.xml.rels': strToU8(bookRels),
    'xl/worksheets/sheet1.xml': strToU8(sheet),
  });
}

const SHEET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';

describe('hostile sources answer a clear 4xx and change nothing', () => {
  type File = [string, Uint8Array | string];
  const hostile: [string, () => Promise<File> | File, string][] = [
    [
      'a broken zip',
      (): File => ['maerkte.xlsx', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0, 1, 2, 3])],
      'not_a_spreadsheet',
    ],
    [
      '100,000 columns',
      async (): Promise<File> => [
        'breit.xlsx',
        await writeXlsxFile([Array.from({ length: 100_000 }, (_, i) => `Spalte ${i}`)]).toBuffer(),
      ],
      'too_many_columns',
    ],
    [
      '100,000 columns of CSV',
      (): File => ['breit.csv', Array.from({ length: 100_000 }, () => 'x').join(';')],
      'too_many_columns',
    ],
    [
      'a sheet nested 100,000 levels deep',
      (): File => [
        'tief.xlsx',
        workbook(
          `${SHEET_OPEN}<sheetData>${'<row>'.repeat(100_000)}${'</row>'.repeat(100_000)}</sheetData></worksheet>`,
        ),
      ],
      'not_a_spreadsheet',
    ],
    [
      'a calendar nested 20,000 levels deep',
      (): File => [
        'tief.ics',
        `BEGIN:VCALENDAR\r\n${'BEGIN:VEVENT\r\n'.repeat(20_000)}${'END:VEVENT\r\n'.repeat(20_000)}END:VCALENDAR\r\n`,
      ],
      'not_a_calendar',
    ],
    [
      'a calendar of 50,000 events',
      (): File => [
        'viele.ics',
        `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${Array.from(
          { length: 50_000 },
          (_, i) =>
            `BEGIN:VEVENT\r\nUID:${i}\r\nSUMMARY:Bauernmarkt ${i}\r\nDTSTART;VALUE=DATE:20270605\r\nEND:VEVENT\r\n`,
        ).join('')}END:VCALENDAR\r\n`,
      ],
      'too_many_rows',
    ],
    [
      'a zip that unpacks to 100 MB',
      (): File => [
        'bombe.xlsx',
        workbook(
          `${SHEET_OPEN}<sheetData><row><c t="inlineStr"><is><t>${'0'.repeat(100 * 1024 * 1024)}</t></is></c></row></sheetData></worksheet>`,
        ),
      ],
      'import_too_complex',
    ],
  ];
  for (const [what, file, code] of hostile) {
    it(`${what}: 422 ${code}`, async () => {
      const [name, bytes] = await file();
      const before = await stored();
      const answer = await preview(name, bytes);
      expect([answer.status, answer.error?.code]).toEqual([422, code]);
      expect(answer.error?.message).toMatch(/\p{L}{4}/u);
      expect(await stored()).toBe(before);
    }, 60_000);
  }

  it('takes no formula for a value: a cell that would run is refused at its row', async () => {
    const formula = { type: 'Formula' as const, value: 'HYPERLINK("https://example.org","Klick")' };
    const book = await writeXlsxFile([
      ['Titel', 'Art', 'Beginn', 'Website'],
      ['Bauernmarkt', 'Bauernmarkt', '2027-06-05', formula],
      ['=1+1', 'Bauernmarkt', '2027-06-12', ''],
    ] as never).toBuffer();
    const csv = 'Titel;Art;Beginn;Website\r\nBauernmarkt;Bauernmarkt;2027-06-05;=HYPERLINK("https://example.org")\r\n';
    for (const [name, bytes] of [
      ['formeln.xlsx', book],
      ['formeln.csv', csv],
    ] as const) {
      const before = await stored();
      const answer = await preview(name, bytes);
      expect(answer.status, name).toBe(200);
      const rows = answer.data!.rows;
      // A formula's cell is read as its value, never run: its last value (none here) or its text refused.
      expect(
        rows.every((row) => row.status === 'refused' || row.status === 'new'),
        name,
      ).toBe(true);
      expect(
        rows.filter((row) => row.status === 'refused').every((row) => ['formula', 'no_title'].includes(row.reason!)),
        name,
      ).toBe(true);
      expect(await stored()).toBe(before);
    }
  });
});
