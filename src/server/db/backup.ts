import { createWriteStream, existsSync, statSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import {
  BACKED_UP_TABLES,
  BackupError,
  backupParts,
  fileSize,
  FORMAT,
  FORMAT_VERSION,
  isSystemError,
  readingFile,
  systemReason,
  type Header,
  type TableLine,
  type TableShape,
} from './backup-file.ts';
import type { Database, Queryable } from './database.ts';
import { photoFilesToBackUp, photoLines, removePhotosNotIn, writeRestoredPhoto } from './backup-photos.ts';

export { BACKED_UP_TABLES, BackupError, LEFT_OUT_TABLES } from './backup-file.ts';

/**
 * `npm run admin -- backup` and `restore`: the database side (one snapshot read page by page;
 * one transaction to replace everything). The file and its checks are in backup-file.ts.
 */

/**
 * Rows per query: bounds the memory at any scale (a date is about 500 bytes of JSON, a visitor's
 * state up to 64 KiB).
 */
const PAGE_ROWS = 1000;

export interface BackupSummary {
  counts: Array<[table: string, rows: number]>;
  /** Files of uploaded photos (issue 20). */
  photos: number;
  bytes: number;
  seconds: number;
}
export interface RestoreSummary extends BackupSummary {
  createdAt: string;
  source: string;
  contentVersion: string;
}

/**
 * Writes the backed-up tables, and the files of the uploaded photos in `photoDir` (issue 20), to
 * `file`, a new file; a failed backup leaves nothing behind. `photoDir` null: there is none (a
 * database without photos only).
 */
export async function backupDatabase(db: Database, file: string, photoDir: string | null): Promise<BackupSummary> {
  const started = performance.now();
  if (existsSync(file)) throw new BackupError(`${file} already exists: name a new file or move the old one away.`);
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  try {
    const { counts, photos } = await db.transaction(async (tx) => {
      // One snapshot for all tables, even while a portal writes to the same PostgreSQL.
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      await tx.query(`SET LOCAL TIME ZONE 'UTC'`);
      const shapes = await tableShapes(tx);
      const tables = BACKED_UP_TABLES.map((name) => shapes.get(name)!);
      const counts: Array<[string, number]> = [];
      for (const { name } of tables) counts.push([name, await rowCount(tx, name)]);
      const [version] = await tx.query<{ version: string }>('SELECT version::text AS version FROM content_version');
      const photos = await photoFilesToBackUp(tx, photoDir).catch((error: Error) => {
        throw new BackupError(`Nothing backed up: ${error.message}`);
      });
      const header: Header = {
        format: FORMAT,
        version: FORMAT_VERSION,
        migration: await latestMigration(tx),
        created_at: new Date().toISOString(),
        source: db.kind,
        content_version: version?.version ?? '0',
        tables: tables.map(({ name }) => name),
        photos: photos.length,
      };
      await pipeline(
        Readable.from(backupLines(tx, header, tables, counts, photoLines(photoDir ?? '', photos))),
        createGzip(),
        // Readable by the owner only: the file holds password hashes.
        createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
      );
      return { counts, photos: photos.length };
    });
    const handle = await open(partial, 'r+');
    await handle.sync().finally(() => handle.close());
    if (existsSync(file)) throw new BackupError(`${file} already exists: name a new file or move the old one away.`);
    await rename(partial, file);
    return { counts, photos, bytes: statSync(file).size, seconds: (performance.now() - started) / 1000 };
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
  photos: AsyncGenerator<string>,
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
  yield* photos;
}

/**
 * Replaces the backed-up tables with the contents of `file`, all or nothing: the whole file is
 * checked first, then written in one transaction. The photos' files go into `photoDir` as they
 * come (named by their content, so a file already there is the same), and once the restore is
 * committed the files of photos it does not name are deleted.
 */
export async function restoreDatabase(db: Database, file: string, photoDir: string | null): Promise<RestoreSummary> {
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
  if (header.photos > 0 && photoDir === null) {
    throw new BackupError(
      `Nothing restored: ${file} holds ${header.photos} photo files, and no folder for them was given.`,
    );
  }
  const counts: Array<[string, number]> = [];
  const contentVersion = await db.transaction(async (tx) => {
    // Readers carry on with the old data until the commit; writers wait for it.
    const locked = [...BACKED_UP_TABLES, 'sessions', 'one_time_tokens', 'registrations', 'content_version'];
    await tx.query(`LOCK TABLE ${locked.map(quote).join(', ')} IN EXCLUSIVE MODE`).catch((error: Error) => {
      // A portal's write that waits for a table the restore holds, while holding one it needs.
      throw new BackupError(`Nothing restored: the tables could not be locked (${error.message}); try again.`);
    });
    const [before] = await tx.query<{ version: string }>('SELECT version::text AS version FROM content_version');
    // The rows come back as they were, the markets' revisions too (migration 0012 counts writes to
    // dates otherwise); the change log's triggers stay quiet, and the log is emptied below instead.
    await tx.query(`SELECT set_config('portal.restoring', 'on', true)`);
    for (const name of ['sessions', 'one_time_tokens', 'registrations', ...[...BACKED_UP_TABLES].reverse()]) {
      await tx.query(`DELETE FROM ${quote(name)}`);
    }
    let table: TableShape | undefined;
    await readingFile(file, async () => {
      for await (const part of backupParts(file, header.migration, shapes, false)) {
        if ('table' in part) {
          table = shapes.get(part.table.table)!;
          counts.push([table.name, part.table.rows]);
        } else if ('rows' in part) await insertRows(tx, table!, part.rows);
        else if ('photo' in part) await writeRestoredPhoto(photoDir!, part.photo);
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
    // The change log (migration 0011) starts afresh from this version: a `since` before it gets everything.
    const [after] = await tx.query<{ version: string }>(
      `UPDATE content_version SET version = greatest(version, $1::bigint, $2::bigint) + 1
       RETURNING version::text AS version`,
      [before?.version ?? '0', header.content_version],
    );
    const version = after?.version ?? '';
    await tx.query(`UPDATE content_version SET log_floor = version`);
    await tx.query('DELETE FROM content_changes');
    await tx.query('DELETE FROM content_commits');
    return version;
  });
  if (photoDir !== null) await removePhotosNotIn(db, photoDir);
  return {
    counts,
    photos: header.photos,
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
