import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline as pipeStreams, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import type { Database, Queryable } from './database.ts';

/** A backup or restore the operator can act on; printed as one line, nothing was changed. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * What a backup holds, parents before children (the order of restoring): everything the portal
 * cannot make again. Master data, because the operator may have imported a newer list and the
 * municipalities keep their contacts in it; the allowed addresses and the users with their
 * password hashes (so a backup file is as confidential as the database); the visitors' saved
 * state; markets, dates, their change history (issue 4) and the page-view counts (issue 5).
 *
 * Left out on purpose (LEFT_OUT_TABLES): sessions and one-time tokens are short-lived secrets —
 * after a restore everyone logs in again and old mail links are void, so restore deletes them;
 * rate_limits are counters of a few minutes and stay as they are; content_version is a counter,
 * not content — restore moves it past both its own and the backup's value, so every running
 * server's cached answer misses; schema_migrations is checked (the header names the latest
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
] as const;
export const LEFT_OUT_TABLES = ['sessions', 'one_time_tokens', 'rate_limits', 'content_version', 'schema_migrations'];

/*
 * The file: gzip of JSON lines. Line 1 is the header, then per table one line naming it, its
 * columns and its row count, then that many rows, each the `row_to_json` of one row. Compared
 * with the suggestion: the counts make a file that was cut short (or re-zipped after cutting)
 * detectable without trusting gzip alone, and the table lines are told from the rows by
 * position, never by content; rows are written as PostgreSQL printed them (never parsed in JS,
 * so bigints keep every digit) with timestamps in UTC, so the same data gives the same rows
 * whichever database wrote them.
 */
const FORMAT = 'markets-portal-backup';
const FORMAT_VERSION = 1;
/**
 * Rows per query, and rows or bytes per insert: bound the memory at any scale (a date is about
 * 500 bytes of JSON, a visitor's state up to 64 KiB). Larger inserts restore faster (Austria
 * scale: 1,000 rows per insert 3.7 s, 5,000 rows 2.4 s).
 */
const PAGE_ROWS = 1000;
const INSERT_ROWS = 5000;
const INSERT_BYTES = 4_000_000;

interface Header {
  format: string;
  version: number;
  migration: string;
  created_at: string;
  source: Database['kind'];
  /** As text: a bigint. */
  content_version: string;
  tables: string[];
}
interface TableLine {
  table: string;
  columns: string[];
  rows: number;
}
interface TableShape {
  name: string;
  columns: string[];
  key: string[];
  identity: string[];
}

export interface BackupSummary {
  counts: Array<[table: string, rows: number]>;
  bytes: number;
  seconds: number;
}
export interface RestoreSummary extends BackupSummary {
  createdAt: string;
  source: string;
  contentVersion: string;
}

/** Writes the backed-up tables to `file`, a new file; a failed backup leaves nothing behind. */
export async function backupDatabase(db: Database, file: string): Promise<BackupSummary> {
  const started = performance.now();
  if (existsSync(file)) throw new BackupError(`${file} already exists: name a new file or move the old one away.`);
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  try {
    const counts = await db.transaction(async (tx) => {
      // One snapshot for all tables, even while a portal writes to the same PostgreSQL.
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      await tx.query(`SET LOCAL TIME ZONE 'UTC'`);
      const shapes = await tableShapes(tx);
      const tables = BACKED_UP_TABLES.map((name) => shapes.get(name)!);
      const counts: Array<[string, number]> = [];
      for (const { name } of tables) counts.push([name, await rowCount(tx, name)]);
      const [version] = await tx.query<{ version: string }>('SELECT version::text AS version FROM content_version');
      const header: Header = {
        format: FORMAT,
        version: FORMAT_VERSION,
        migration: await latestMigration(tx),
        created_at: new Date().toISOString(),
        source: db.kind,
        content_version: version?.version ?? '0',
        tables: tables.map(({ name }) => name),
      };
      await pipeline(
        Readable.from(backupLines(tx, header, tables, counts)),
        createGzip(),
        // Readable by the owner only: the file holds password hashes.
        createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
      );
      return counts;
    });
    const handle = await open(partial, 'r+');
    await handle.sync().finally(() => handle.close());
    if (existsSync(file)) throw new BackupError(`${file} already exists: name a new file or move the old one away.`);
    await rename(partial, file);
    return { counts, bytes: statSync(file).size, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    await rm(partial, { force: true });
    if (isSystemError(error)) throw new BackupError(`Cannot write ${file}: ${systemReason(error)}.`);
    throw error;
  }
}

async function* backupLines(
  tx: Queryable,
  header: Header,
  tables: readonly TableShape[],
  counts: ReadonlyArray<[string, number]>,
): AsyncGenerator<string> {
  yield `${JSON.stringify(header)}\n`;
  for (const [index, table] of tables.entries()) {
    const rows = counts[index]![1];
    yield `${JSON.stringify({ table: table.name, columns: table.columns, rows } satisfies TableLine)}\n`;
    // Keyset pagination: each page starts after the key of the previous page's last row.
    const key = table.key.map(quote).join(', ');
    const after = `WHERE (${key}) > (SELECT ${table.key.map((column) => `k.${quote(column)}`).join(', ')}
      FROM json_populate_record(NULL::${quote(table.name)}, $1::json) k)`;
    let written = 0;
    let last: string | undefined;
    for (;;) {
      const page = await tx.query<{ row: string }>(
        `SELECT row_to_json(t)::text AS row FROM ${quote(table.name)} t ${last === undefined ? '' : after}
         ORDER BY ${key} LIMIT ${PAGE_ROWS}`,
        last === undefined ? [] : [last],
      );
      if (page.length === 0) break;
      written += page.length;
      last = page.at(-1)!.row;
      yield `${page.map(({ row }) => row).join('\n')}\n`;
      if (page.length < PAGE_ROWS) break;
    }
    if (written !== rows) throw new Error(`Backup of ${table.name}: counted ${rows} rows, read ${written}.`);
  }
}

/**
 * Replaces the backed-up tables with the contents of `file`, all or nothing: the whole file is
 * checked first, then written in one transaction.
 */
export async function restoreDatabase(db: Database, file: string): Promise<RestoreSummary> {
  const started = performance.now();
  const bytes = fileSize(file);
  const shapes = await tableShapes(db);
  const header = await readingFile(file, async () => {
    let found: Header | undefined;
    for await (const part of backupParts(file, await latestMigration(db), shapes, true)) {
      if ('header' in part) found = part.header;
    }
    return found!;
  });
  const counts: Array<[string, number]> = [];
  const contentVersion = await db.transaction(async (tx) => {
    // Readers carry on with the old data until the commit; writers wait for it.
    const locked = [...BACKED_UP_TABLES, 'sessions', 'one_time_tokens', 'content_version'];
    await tx.query(`LOCK TABLE ${locked.map(quote).join(', ')} IN EXCLUSIVE MODE`).catch((error: Error) => {
      // A portal's write that waits for a table the restore holds, while holding one it needs.
      throw new BackupError(`Nothing restored: the tables could not be locked (${error.message}); try again.`);
    });
    const [before] = await tx.query<{ version: string }>('SELECT version::text AS version FROM content_version');
    for (const name of ['sessions', 'one_time_tokens', ...[...BACKED_UP_TABLES].reverse()]) {
      await tx.query(`DELETE FROM ${quote(name)}`);
    }
    let table: TableShape | undefined;
    await readingFile(file, async () => {
      for await (const part of backupParts(file, header.migration, shapes, false)) {
        if ('table' in part) {
          table = shapes.get(part.table.table)!;
          counts.push([table.name, part.table.rows]);
        } else if ('rows' in part) await insertRows(tx, table!, part.rows);
      }
    });
    for (const { name, identity } of BACKED_UP_TABLES.map((name) => shapes.get(name)!)) {
      for (const column of identity) {
        await tx.query(
          `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${quote(column)}) FROM ${quote(name)}), 0) + 1, false)`,
          [quote(name), column],
        );
      }
    }
    const [after] = await tx.query<{ version: string }>(
      `UPDATE content_version SET version = greatest(version, $1::bigint, $2::bigint) + 1 RETURNING version::text AS version`,
      [before?.version ?? '0', header.content_version],
    );
    return after?.version ?? '';
  });
  return {
    counts,
    bytes,
    seconds: (performance.now() - started) / 1000,
    createdAt: header.created_at,
    source: header.source,
    contentVersion,
  };
}

async function insertRows(tx: Queryable, table: TableShape, rows: readonly string[]): Promise<void> {
  const columns = table.columns.map(quote).join(', ');
  try {
    // PostgreSQL turns the JSON back into each column's type, as row_to_json wrote it.
    await tx.query(
      `INSERT INTO ${quote(table.name)} (${columns}) OVERRIDING SYSTEM VALUE
       SELECT ${columns} FROM json_populate_recordset(NULL::${quote(table.name)}, $1::json)`,
      [`[${rows.join(',')}]`],
    );
  } catch (error) {
    throw new BackupError(`Nothing restored: the database refused a row of ${table.name}: ${(error as Error).message}`);
  }
}

type Part = { header: Header } | { table: TableLine } | { rows: string[] };

/** The file's header, table lines and rows in batches; throws BackupError at the first thing wrong. */
async function* backupParts(
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
    throw new BackupError(`Nothing restored: ${file} has format version ${header.version}, this portal reads 1.`);
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
      if (checkRows && !isObjectJson(line)) throw damaged(`row ${row + 1} of ${name} is not a JSON object`);
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
  if ((await next()) !== undefined) throw damaged('it has more lines than its tables');
}

/** The lines of a gzipped file, streamed; gzip's own check finds a file cut short. */
async function* readLines(file: string): AsyncGenerator<string, void> {
  const gunzip = pipeStreams(createReadStream(file), createGunzip(), () => {});
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of gunzip as AsyncIterable<Buffer>) {
    const lines = (rest + decoder.write(chunk)).split('\n');
    rest = lines.pop()!;
    yield* lines;
  }
  rest += decoder.end();
  if (rest) yield rest;
}

/** Runs `work` on the file, turning what reading it can throw into one line for the operator. */
async function readingFile<T>(file: string, work: () => Promise<T>): Promise<T> {
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

function fileSize(file: string): number {
  let stats;
  try {
    stats = statSync(file);
  } catch (error) {
    throw new BackupError(`Nothing restored: cannot read ${file}: ${systemReason(error as NodeJS.ErrnoException)}.`);
  }
  if (!stats.isFile()) throw new BackupError(`Nothing restored: ${file} is not a file.`);
  return stats.size;
}

/** Columns, primary key and identity columns of every table of the schema. */
async function tableShapes(db: Queryable): Promise<Map<string, TableShape>> {
  const rows = await db.query<TableShape>(
    `SELECT c.relname::text AS name,
       array_agg(a.attname::text ORDER BY a.attnum) AS columns,
       coalesce(array_agg(a.attname::text ORDER BY array_position(i.indkey::int2[], a.attnum))
         FILTER (WHERE a.attnum = ANY (i.indkey)), '{}') AS key,
       coalesce(array_agg(a.attname::text ORDER BY a.attnum) FILTER (WHERE a.attidentity <> ''), '{}') AS identity
     FROM pg_class c
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     LEFT JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
     GROUP BY c.relname`,
  );
  return new Map(rows.map((row) => [row.name, row]));
}

async function latestMigration(db: Queryable): Promise<string> {
  const [row] = await db.query<{ name: string | null }>('SELECT max(name) AS name FROM schema_migrations');
  return row?.name ?? '';
}

async function rowCount(db: Queryable, table: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quote(table)}`);
  return row?.n ?? 0;
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

function parseJson(line: string | undefined): unknown {
  try {
    return line === undefined ? undefined : (JSON.parse(line) as unknown);
  } catch {
    return undefined;
  }
}

function isObjectJson(line: string): boolean {
  const value = parseJson(line);
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An error of the file system (it names a path), not one of the database's connection. */
function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).path === 'string';
}

function systemReason(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return 'no such file or folder';
  if (error.code === 'EACCES' || error.code === 'EPERM') return 'permission denied';
  if (error.code === 'EISDIR') return 'it is a folder';
  return error.message;
}
