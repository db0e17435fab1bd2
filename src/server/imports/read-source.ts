import { parse as parseCsv } from 'csv-parse/sync';
import { readSheet as readXlsx } from 'read-excel-file/node';
import { readCalendar } from './read-calendar.ts';
import { readSheet, type Cell } from './read-sheet.ts';
import { IMPORT_LIMITS, UnreadableSource, type ImportWindow, type ReadSource } from './imported-market.ts';

/**
 * Issue 54: a file or a downloaded calendar as markets, whatever its kind: an iCalendar file, an
 * XLSX workbook (its first sheet, values only: a formula is never evaluated, its last value taken),
 * or CSV in UTF-8 or Windows-1252 (as Excel in Austria saves it) with `;`, `,` or tabs. Its kind
 * is told by its first bytes, not by its name.
 */
export type SourceKind = 'calendar' | 'xlsx' | 'csv';

export function kindOf(bytes: Uint8Array): SourceKind {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'xlsx';
  const start = new TextDecoder()
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^BEGIN:VCALENDAR/i.test(start) ? 'calendar' : 'csv';
}

export async function readSource(bytes: Uint8Array, window: ImportWindow): Promise<ReadSource> {
  const kind = kindOf(bytes);
  if (kind === 'calendar') return readCalendar(textOf(bytes), window);
  if (kind === 'xlsx') {
    let rows: Cell[][];
    try {
      rows = (await readXlsx(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) as Cell[][];
    } catch {
      throw new UnreadableSource('not_a_spreadsheet');
    }
    return readSheet(rows, window);
  }
  return readSheet(csvRows(textOf(bytes)), window);
}

/** UTF-8 when the bytes are, else Windows-1252 (which decodes any byte). */
function textOf(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function csvRows(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  if (firstLine.includes('\0')) throw new UnreadableSource('not_a_spreadsheet');
  const delimiter = [';', ',', '\t'].reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  );
  try {
    return parseCsv(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      to: IMPORT_LIMITS.rows + 2,
      max_record_size: 64 * 1024,
    });
  } catch {
    throw new UnreadableSource('not_a_spreadsheet');
  }
}
