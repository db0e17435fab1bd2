import { createReadStream, statSync } from 'node:fs';
import { pipeline as pipeStreams } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import type { Database } from './database.ts';
import { isAcceptableRow } from './backup-rows.ts';
import { photoLineOf, type PhotoLine } from './backup-photos.ts';

/** A backup or restore the operator can act on; printed as one line, nothing was changed. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * What a backup holds, parents before children (the order of restoring): everything the portal
 * cannot make again. Master data, because the operator may have imported a newer list and the
 * municipalities keep their contacts in it; the allowed addresses and the users with their
 * password hashes (so a backup file is as confidential as the database); the visitors' saved
 * state; markets, dates, their change history (issue 4) and the page-view counts (issue 5); the
 * operators' audit log and the update campaigns with their confirmations (issue 22).
 *
 * Left out on purpose (LEFT_OUT_TABLES): sessions, one-time tokens and registrations waiting for
 * their mail (issue 49) are short-lived secrets — after a restore everyone logs in again and old
 * mail links are void, so restore deletes them (and an import's previews, issue 54);
 * rate_limits are counters of a few minutes and stay as they are; content_version is a counter,
 * not content — restore moves it past both its own and the backup's value, so every running
 * server's cached answer misses; content_commits and content_changes are its change log for delta sync (issue 18), which
 * a restore empties, so a `since` from before it is answered in full; schema_migrations is checked (the header names the latest
 * migration), not copied. A unit test fails when a migration adds a table to neither list.
 */
export const BACKED_UP_TABLES = [
  'states',
  'districts',
  'municipalities',
  'allowed_emails',
  'users',
  'visitors',
  'markets',
  'market_dates',
  'market_changes',
  'page_views',
  // Issue 22: after market_changes, so restoring the history does not undo restored confirmations.
  'operator_actions',
  'campaigns',
  'campaign_confirmations',
  'campaign_municipalities',
  // Issue 20: who owns each uploaded photo; the files follow the tables in the backup.
  'market_photos',
  // Issue 55: what each printed edition printed; its change page compares with it for a year.
  'book_editions',
  // Issue 54: where imported markets came from, so that importing again after a restore changes nothing.
  'market_sources',
  // Issue 54: the calendar each municipality subscribed to, and its last run's outcome.
  'calendar_subscriptions',
] as const;
export const LEFT_OUT_TABLES = [
  'sessions',
  'one_time_tokens',
  'registrations',
  'rate_limits',
  'content_version',
  'content_commits',
  'content_changes',
  'schema_migrations',
  // The nightly run's last report belongs to the machine it ran on, not to the data.
  'nightly_runs',
  // Issue 49: the networks accounts logged in from (IP prefixes); a restore deletes them with the users.
  'login_networks',
  // Issue 54: an import's preview lives an hour, for the clerk who made it.
  'import_previews',
];

/*
 * The file: gzip of JSON lines. Line 1 is the header, then per table one line naming it, its
 * columns and its row count, then that many rows, each the `row_to_json` of one row. The counts
 * make a file that was cut short (or re-zipped after cutting) detectable without trusting gzip
 * alone, and the table lines are told from the rows by position, never by content. Rows are
 * written as PostgreSQL printed them (never parsed in JS, so bigints keep every digit) with
 * timestamps in UTC, so the same data gives the same rows whichever database wrote them.
 */
export const FORMAT = 'markets-portal-backup';
/** 2 (issue 20): the uploaded photos' files follow the tables. */
export const FORMAT_VERSION = 2;
/**
 * Rows or bytes per insert of a restore: they bound the memory, and larger inserts restore faster
 * (Austria scale: 1,000 rows 3.7 s, 5,000 rows 2.4 s).
 */
export const INSERT_ROWS = 5000;
export const INSERT_BYTES = 4_000_000;

export interface Header {
  format: string;
  version: number;
  migration: string;
  created_at: string;
  source: Database['kind'];
  /** As text: a bigint. */
  content_version: string;
  tables: string[];
  /** How many photo lines follow the tables (backup-photos.ts). */
  photos: number;
}
export interface TableLine {
  table: string;
  columns: string[];
  rows: number;
}
export interface TableShape {
  name: string;
  columns: string[];
  key: string[];
  identity: string[];
}

export type Part = { header: Header } | { table: TableLine } | { rows: string[] } | { photo: PhotoLine };

/** The file's header, table lines and rows in batches; throws BackupError at the first thing wrong. */
export async function* backupParts(
  file: string,
  migration: string,
  shapes: ReadonlyMap<string, TableShape>,
  checkRows: boolean,
): AsyncGenerator<Part> {
  const lines = readLines(file);
  try {
    yield* checkedParts(file, migration, shapes, checkRows, async () => (await lines.next()).value ?? undefined);
  } finally {
    await lines.return(undefined); // closes the file when a check stops early
  }
}

async function* checkedParts(
  file: string,
  migration: string,
  shapes: ReadonlyMap<string, TableShape>,
  checkRows: boolean,
  next: () => Promise<string | undefined>,
): AsyncGenerator<Part> {
  const damaged = (why: string) => new BackupError(`Nothing restored: ${file} is damaged (${why}).`);
  const header = parseJson(await next()) as Partial<Header> | undefined;
  if (header?.format !== FORMAT) {
    throw new BackupError(
      `Nothing restored: ${file} is not a backup of this portal (npm run admin -- backup makes one).`,
    );
  }
  if (header.version !== FORMAT_VERSION) {
    throw new BackupError(
      `Nothing restored: ${file} has format version ${header.version}, this portal reads ${FORMAT_VERSION}.`,
    );
  }
  if (header.migration !== migration) {
    const advice =
      String(header.migration) < migration
        ? 'restore it with the portal version that made it, then update the portal'
        : 'update the portal to the version that made it, then restore';
    throw new BackupError(
      `Nothing restored: ${file} was made at migration ${header.migration}, this database is at ${migration}: ${advice}.`,
    );
  }
  if (!/^\d{1,18}$/.test(String(header.content_version))) throw damaged('its header has no content version');
  if (JSON.stringify(header.tables) !== JSON.stringify(BACKED_UP_TABLES)) {
    throw new BackupError(`Nothing restored: ${file} holds other tables than this portal backs up.`);
  }
  if (!Number.isSafeInteger(header.photos) || header.photos! < 0) throw damaged('its header has no photo count');
  yield { header: header as Header };
  for (const name of BACKED_UP_TABLES) {
    const table = parseJson(await next()) as Partial<TableLine> | undefined;
    const columns = shapes.get(name)!.columns;
    if (table?.table !== name || !Number.isSafeInteger(table.rows) || table.rows! < 0) {
      throw damaged(`table ${name} is missing`);
    }
    if (JSON.stringify([...(table.columns ?? [])].sort()) !== JSON.stringify([...columns].sort())) {
      throw damaged(`the columns of ${name} differ from the database's`);
    }
    yield { table: table as TableLine };
    let batch: string[] = [];
    let bytes = 0;
    for (let row = 0; row < table.rows!; row += 1) {
      const line = await next();
      if (line === undefined) throw damaged(`it ends in table ${name}`);
      if (checkRows) {
        const value = parseJson(line);
        if (typeof value !== 'object' || value === null || Array.isArray(value))
          throw damaged(`row ${row + 1} of ${name} is not a JSON object`);
        if (!isAcceptableRow(name, value as Record<string, unknown>))
          throw damaged(`row ${row + 1} of ${name} holds what the portal never accepts`);
      }
      batch.push(line);
      bytes += line.length;
      if (batch.length === INSERT_ROWS || bytes >= INSERT_BYTES) {
        yield { rows: batch };
        batch = [];
        bytes = 0;
      }
    }
    if (batch.length > 0) yield { rows: batch };
  }
  for (let index = 0; index < header.photos!; index += 1) {
    const line = await next();
    if (line === undefined) throw damaged('it ends in its photos');
    const photo = photoLineOf(parseJson(line));
    if (!photo) throw damaged(`photo line ${index + 1} is not a photo file of the portal`);
    yield { photo };
  }
  if ((await next()) !== undefined) throw damaged('it has more lines than its tables and photos');
}

/**
 * No row of a backup comes near this (a visitor's state is at most 64 KiB); a longer line is a
 * damaged or hostile file, which would otherwise keep a restore busy for minutes (issue 15, L9).
 */
const MAX_LINE_CHARS = INSERT_BYTES;

/** The lines of a gzipped file, streamed; gzip's own check finds a file cut short. */
async function* readLines(file: string): AsyncGenerator<string, void> {
  const gunzip = pipeStreams(createReadStream(file), createGunzip(), () => {});
  const decoder = new StringDecoder('utf8');
  const tooLong = () =>
    new BackupError(`Nothing restored: ${file} is damaged (a line is longer than ${MAX_LINE_CHARS / 1e6} MB).`);
  let rest = '';
  for await (const chunk of gunzip as AsyncIterable<Buffer>) {
    const lines = (rest + decoder.write(chunk)).split('\n');
    rest = lines.pop()!;
    if (rest.length > MAX_LINE_CHARS || lines.some((line) => line.length > MAX_LINE_CHARS)) throw tooLong();
    yield* lines;
  }
  rest += decoder.end();
  if (rest) yield rest;
}

/** Runs `work` on the file, turning what reading it can throw into one line for the operator. */
export async function readingFile<T>(file: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('Z_') || code.startsWith('ERR_ZLIB')) {
      throw new BackupError(
        `Nothing restored: ${file} is damaged or not a backup of this portal (gzip: ${(error as Error).message}).`,
      );
    }
    if (isSystemError(error)) throw new BackupError(`Nothing restored: cannot read ${file}: ${systemReason(error)}.`);
    throw error;
  }
}

export function fileSize(file: string): number {
  let stats;
  try {
    stats = statSync(file);
  } catch (error) {
    throw new BackupError(`Nothing restored: cannot read ${file}: ${systemReason(error as NodeJS.ErrnoException)}.`);
  }
  if (!stats.isFile()) throw new BackupError(`Nothing restored: ${file} is not a file.`);
  return stats.size;
}

function parseJson(line: string | undefined): unknown {
  try {
    return line === undefined ? undefined : (JSON.parse(line) as unknown);
  } catch {
    return undefined;
  }
}

/** An error of the file system (it names a path), not one of the database's connection. */
export function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).path === 'string';
}

export function systemReason(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return 'no such file or folder';
  if (error.code === 'EACCES' || error.code === 'EPERM') return 'permission denied';
  if (error.code === 'EISDIR') return 'it is a folder';
  return error.message;
}
