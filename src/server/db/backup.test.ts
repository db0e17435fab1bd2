import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importBundledMasterDataIfEmpty } from '../master-data/import.ts';
import { BACKED_UP_TABLES, backupDatabase, BackupError, LEFT_OUT_TABLES, restoreDatabase } from './backup.ts';
import type { Database } from './database.ts';
import { migrationNames } from './migrate.ts';
import { openDatabase } from './open.ts';
import sharp from 'sharp';
import { encodePhoto } from '../photos/photo-encoding.ts';
import { createPhotoStore } from '../photos/photo-store.ts';

/** The newest migration, which a fresh database is at. */
const LATEST_MIGRATION = migrationNames().at(-1)!;

let source: Database;
let target: Database;
const dir = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
const file = path.join(dir, 'backup.jsonl.gz');
/** Issue 20: the uploaded photos' folders of the two portals. */
const sourcePhotos = mkdtempSync(path.join(tmpdir(), 'portal-photos-source-'));
const targetPhotos = mkdtempSync(path.join(tmpdir(), 'portal-photos-target-'));
const STALE = `${'f'.repeat(32)}-10x10.jpg`;
let photoFiles: string[] = [];

beforeAll(async () => {
  const template = inject('pgliteTemplate');
  [source, target] = await Promise.all([
    openDatabase({ dataDir: null, template }),
    openDatabase({ dataDir: null, template }),
  ]);
  await importBundledMasterDataIfEmpty(source);
  await source.exec(`
    UPDATE municipalities SET other_postcodes = '{8230,8231}', phone = 'Tel. "1" \\ ü' WHERE gkz = '62219';
    INSERT INTO users (id, email, password_hash, gkz, email_confirmed_at, created_at) VALUES
      ('7d9f1c2e-0000-4000-8000-000000000001', 'a@hartberg.at', '$argon2id$x', '62219', NULL, '2026-03-29 01:30:00.123456+01');
    INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ('t', '7d9f1c2e-0000-4000-8000-000000000001', now());
    INSERT INTO visitors (id, readable_id, state, user_id) VALUES
      ('7d9f1c2e-0000-4000-8000-000000000002', 'V-1', '{"a": [1, 2.5, null], "ü": {"deep": true}, "big": 12345678901234567890}',
       '7d9f1c2e-0000-4000-8000-000000000001');
    INSERT INTO markets (id, gkz, title, type, schedule, rule, date_start, date_end) VALUES
      ('m1', '62219', 'Wochenmarkt', 'wochenmarkt', 'regular', '{"freq": "weekly"}', '2027-01-01', '2027-12-31');
    INSERT INTO market_dates (id, market_id, date_start, date_end, time_from, replaces_date) VALUES
      ('d1', 'm1', '2027-01-02', '2027-01-02', '08:00', '2027-01-01');
    INSERT INTO market_changes (market_id, user_email, changed_at, action, changes) VALUES
      ('m1', 'a@hartberg.at', now(), 'created', '{}'), ('m1', 'a@hartberg.at', now(), 'updated', '{"title": ["a", "b"]}');
    INSERT INTO page_views (day, path, language, views) VALUES ('2027-01-01', '/', 'de', 3);
    UPDATE content_version SET version = 41;
  `);
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#4a8a3c' } })
    .png()
    .toBuffer();
  const encoded = await encodePhoto(png, '62219');
  if (typeof encoded === 'string') throw new Error(encoded);
  await createPhotoStore(sourcePhotos).write(encoded.files);
  photoFiles = [...encoded.files.keys()].sort();
  await source.query(`INSERT INTO market_photos (name, gkz, bytes, created_at) VALUES ($1, '62219', $2, now())`, [
    encoded.photo.name,
    encoded.bytes,
  ]);
  // The target portal has a photo the backup does not know, and a file that is no photo's.
  mkdirSync(targetPhotos, { recursive: true });
  writeFileSync(path.join(targetPhotos, STALE), 'old');
  writeFileSync(path.join(targetPhotos, 'notes.txt'), 'kept');
}, 60_000);
afterAll(() => Promise.all([source.close(), target.close()]));

const everything = (db: Database) =>
  db.transaction(async (tx) => {
    await tx.query(`SET LOCAL TIME ZONE 'UTC'`);
    const tables: Record<string, unknown[]> = {};
    for (const table of BACKED_UP_TABLES) tables[table] = await tx.query(`SELECT * FROM ${table} ORDER BY 1, 2`);
    return tables;
  });
const version = async (db: Database) =>
  (await db.query<{ v: string }>('SELECT version::text AS v FROM content_version'))[0]!.v;

describe('backup', () => {
  it('classifies every table as backed up or left out', async () => {
    const tables = await source.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1`,
    );
    expect(tables.map(({ name }) => name)).toEqual([...BACKED_UP_TABLES, ...LEFT_OUT_TABLES].sort());
  });

  it('round-trips every type exactly, moves identities on and raises the content version', async () => {
    await target.query('UPDATE content_version SET version = 7');
    const backedUp = await backupDatabase(source, file, sourcePhotos);
    expect(backedUp.counts).toContainEqual(['market_changes', 2]);
    expect(backedUp.photos).toBe(9);
    expect(readdirSync(dir)).toEqual(['backup.jsonl.gz']);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const restored = await restoreDatabase(target, file, targetPhotos);
    expect(restored.counts).toEqual(backedUp.counts);
    // Issue 20: the photos' files come back byte for byte; a file of a photo not restored goes.
    expect(readdirSync(targetPhotos).sort()).toEqual([...photoFiles, 'notes.txt'].sort());
    for (const name of photoFiles) {
      expect(readFileSync(path.join(targetPhotos, name)).equals(readFileSync(path.join(sourcePhotos, name)))).toBe(
        true,
      );
    }
    expect(await everything(target)).toEqual(await everything(source));
    expect(Number(await version(target))).toBeGreaterThan(41);
    expect(await target.query('SELECT * FROM sessions')).toEqual([]);
    const [next] = await target.query<{ id: string }>(
      `INSERT INTO market_changes (market_id, user_email, changed_at, action, changes)
       VALUES ('m1', 'x@y.at', now(), 'deleted', '{}') RETURNING id::int AS id`,
    );
    expect(next?.id).toBe(3);
    const [visitor] = await target.query<{ big: string }>(`SELECT state->>'big' AS big FROM visitors`);
    expect(visitor?.big).toBe('12345678901234567890');
  });

  it('refuses to overwrite a file, and leaves nothing when it cannot write', async () => {
    await expect(backupDatabase(source, file, sourcePhotos)).rejects.toThrow(`${file} already exists`);
    await expect(backupDatabase(source, path.join(dir, 'no', 'such.gz'), sourcePhotos)).rejects.toThrow(
      /^Cannot write .*such\.gz: no such file or folder\.$/,
    );
    expect(readdirSync(dir)).toEqual(['backup.jsonl.gz']);
  });
});

describe('restore refuses, changing nothing,', () => {
  const lines = () => gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
  const write = (name: string, content: string | Buffer) => {
    const target = path.join(dir, name);
    writeFileSync(target, typeof content === 'string' ? gzipSync(content) : content);
    return target;
  };
  /** The line after page_views' last row (the header names every table too): the tables of issue 22 follow it. */
  const afterPageViews = () => lines().findIndex((line, index) => index > 0 && line.includes('"operator_actions"'));
  const withHeader = (change: Record<string, unknown>) => {
    const [header, ...rest] = lines();
    return [JSON.stringify({ ...(JSON.parse(header!) as object), ...change }), ...rest].join('\n');
  };

  it.each([
    ['a missing file', () => path.join(dir, 'missing.gz'), /cannot read .*missing\.gz: no such file or folder\.$/],
    ['a folder', () => dir, /^Nothing restored: .* is not a file\.$/],
    ['a file that is no gzip', () => write('plain', Buffer.from('a;b\n')), /plain is damaged or not a backup .*gzip/],
    ['a file cut short', () => write('cut', readFileSync(file).subarray(0, 2000)), /cut is damaged or not a backup/],
    ['another gzip', () => write('other', '{"hello": 1}\n'), /other is not a backup of this portal/],
    ['another format version', () => write('v1', withHeader({ version: 1 })), /format version 1, this portal reads 2/],
    [
      'a photo line naming a path',
      () => write('path', [...lines().slice(0, -1), '{"file":"../../etc/passwd","data":""}'].join('\n')),
      /path is damaged \(photo line 9 is not a photo file of the portal\)/,
    ],
    ['a photo missing', () => write('nophoto', lines().slice(0, -1).join('\n')), /it ends in its photos/],
    [
      'an older schema',
      () => write('old', withHeader({ migration: '0003_market_changes.sql' })),
      new RegExp(
        `made at migration 0003_market_changes\\.sql, this database is at ${LATEST_MIGRATION.replace('.', '\\.')}: restore it with the portal version that made it`,
      ),
    ],
    [
      'a newer schema',
      () => write('new', withHeader({ migration: '9999_future.sql' })),
      /update the portal to the version that made it, then restore/,
    ],
    [
      'a missing row',
      () =>
        write(
          'short',
          lines()
            .slice(0, afterPageViews() - 1)
            .join('\n'),
        ),
      /short is damaged \(it ends in table page_views\)/,
    ],
    ['an extra line', () => write('long', [...lines(), '{}'].join('\n')), /long is damaged \(it has more lines/],
    [
      'a row the database refuses',
      () =>
        write(
          'refused',
          [
            ...lines().slice(0, afterPageViews() - 1),
            '{"day":"2027-01-01","path":"/","language":"xx","views":1}',
            ...lines().slice(afterPageViews()),
          ].join('\n'),
        ),
      /the database refused a row of page_views: .*check constraint/,
    ],
  ])('%s', async (_, make, message) => {
    const before = await everything(target);
    const versionBefore = await version(target);
    const error = await restoreDatabase(target, make(), targetPhotos).catch((error: unknown) => error);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/^Nothing restored: /);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
    expect(await everything(target)).toEqual(before);
    expect(await version(target)).toBe(versionBefore);
  });
});

describe('photos in a backup (issue 20)', () => {
  it('are refused without a folder to put them in, changing nothing', async () => {
    const error = await restoreDatabase(target, file, null).catch((error: unknown) => error);
    expect((error as Error).message).toMatch(
      /^Nothing restored: .* holds 9 photo files, and no folder for them was given\.$/,
    );
  });

  it('cannot be backed up without their folder', async () => {
    await expect(backupDatabase(source, path.join(dir, 'without.gz'), null)).rejects.toThrow(
      'Nothing backed up: The database has uploaded photos, but no folder for them was given.',
    );
    expect(readdirSync(dir)).not.toContain('without.gz');
  });
});
