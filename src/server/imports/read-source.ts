import { parse as parseCsv } from 'csv-parse/sync';
import { Unzip, UnzipInflate } from 'fflate';
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

/** `municipality`: whose import this is, when it is one municipality's (read-sheet.ts). */
export async function readSource(bytes: Uint8Array, window: ImportWindow, municipality?: string): Promise<ReadSource> {
  const read = await readByKind(bytes, window, municipality);
  const dates = read.markets.reduce((sum, market) => sum + market.dates.length, 0);
  if (dates > IMPORT_LIMITS.dates) throw new UnreadableSource('too_many_rows');
  return read;
}

async function readByKind(bytes: Uint8Array, window: ImportWindow, municipality?: string): Promise<ReadSource> {
  const kind = kindOf(bytes);
  if (kind === 'calendar') return readCalendar(textOf(bytes), window);
  if (kind === 'xlsx') {
    if (!unpacksWithin(bytes, MAX_UNPACKED)) throw new UnreadableSource('import_too_complex');
    let rows: Cell[][];
    try {
      rows = (await readXlsx(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) as Cell[][];
    } catch {
      throw new UnreadableSource('not_a_spreadsheet');
    }
    return readSheet(rows, window, municipality);
  }
  return readSheet(csvRows(textOf(bytes)), window, municipality);
}

/**
 * A workbook of 5,000 rows unpacks to a few megabytes; a zip made to unpack to gigabytes would do so
 * outside the thread's heap bound (the bytes are no JavaScript objects), so it is unpacked here
 * first, counting, and left at the bound — whatever sizes its directory claims.
 */
const MAX_UNPACKED = 64 * 1024 * 1024;

function unpacksWithin(bytes: Uint8Array, max: number): boolean {
  let unpacked = 0;
  let within = true;
  const unzip = new Unzip((file) => {
    file.ondata = (error, chunk) => {
      unpacked += chunk?.length ?? 0;
      if (error || unpacked > max) {
        within = false;
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    // In slices: a slice of 16 KB inflates to 17 MB at most (deflate's ratio), so counting stops a bomb early.
    for (let at = 0; at < bytes.length && within; at += 16 * 1024)
      unzip.push(bytes.subarray(at, at + 16 * 1024), at + 16 * 1024 >= bytes.length);
  } catch {
    return false;
  }
  return within;
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
  if (firstLine.split(delimiter).length > IMPORT_LIMITS.columns) throw new UnreadableSource('too_many_columns');
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
