// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): a backup of one database restored into the other.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookOf } from '../../src/lib/book/book.ts';
import { CommandError, runCommand } from '../../src/server/admin/commands.ts';
import { BACKED_UP_TABLES } from '../../src/server/db/backup.ts';
import type { Database } from '../../src/server/db/database.ts';
import { migrationNames } from '../../src/server/db/migrate.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { contentVersion } from '../../src/server/db/queries/markets.ts';
import { AUSTRIA, generateMarkets } from '../../src/server/demo/austria-scale.ts';
import { readDirectory } from '../../src/server/directory/read-directory.ts';
import { recordEdition } from '../../src/server/services/book-editions.ts';
import { GKZ_A, GKZ_B, loggedInUser } from './helpers/fixtures.ts';
import { freshDatabase, startTestServer, type TestServer } from './helpers/test-server.ts';

/** The newest migration, which a fresh database is at. */
const LATEST_MIGRATION = migrationNames().at(-1)!;

/**
 * Backup and restore at Austria scale (README, "Backup and restore"). The copy goes into a fresh
 * database of the other kind when there is one (PGlite ↔ PostgreSQL), so the file is shown to
 * be database-independent in both directions across the two API projects.
 */
const thisKind = process.env['TEST_DATABASE'] === 'postgres' ? 'postgres' : 'pglite';
const otherKind = thisKind === 'postgres' || !process.env['TEST_DATABASE_URL'] ? 'pglite' : 'postgres';

let server: TestServer;
let clerk: { cookie: string };
let clerkDateId = '';
const dir = mkdtempSync(path.join(tmpdir(), 'portal-backup-api-'));
const file = path.join(dir, 'austria.jsonl.gz');
let backupLine = '';
let original: Record<string, string>;
let versionAtBackup = '';

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server;
  await generateMarkets(db, { ...AUSTRIA, year: 2027 });
  await runCommand(db, ['allow-email', GKZ_A, 'marktamt@hartberg.at']);
  clerk = await loggedInUser(db, GKZ_A);
  await loggedInUser(db, GKZ_B);
  // Through the API, so the history, the visitors and the page views are what the portal writes.
  const saved = await post('save_market', {
    title: 'Kirtag am Hauptplatz',
    type: 'kirtag',
    schedule: 'dates',
    location: 'Hartberg',
    first_date: { date_start: '2027-07-25', date_end: '2027-07-26' },
  });
  const { wko_market_dates } = (saved as { data: { wko_market_dates: Record<string, unknown> } }).data;
  clerkDateId = Object.keys(wko_market_dates)[0]!;
  for (const language of ['1', '2', '3']) {
    const visitor = randomUUID();
    await post('create_visitor', { visitor_id_js: visitor, sys_languages_id: language });
    await post('update_visitor', { visitor_id_js: visitor, state: { keyword: 'Kirtag', year: 2027, ü: [1.5, null] } });
  }
  // Issue 55: a printed edition, whose snapshot is bytes (bytea), travels with the backup.
  await recordEdition(db, bookOf(await readDirectory(db, new Date('2027-01-01T12:00:00Z'), 2027), 2027), new Date());
  for (const view of ['/verzeichnis', '/verzeichnis', '/en/info']) {
    await post('page_view', { path: view, language: view.startsWith('/en') ? 'en' : 'de' });
  }
  backupLine = (await runCommand(db, ['backup', file])).join('\n');
  original = await fingerprints(db);
  versionAtBackup = await contentVersion(db);
}, 120_000);
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function post(call: string, body: unknown): Promise<unknown> {
  const response = await server.fetch(`/api/${call}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', Cookie: clerk.cookie },
  });
  expect(response.ok, `${call}: ${response.status}`).toBe(true);
  return response.status === 204 ? null : response.json();
}

/** Rows and an md5 of every backed-up table, independent of row order, collation and time zone. */
function fingerprints(db: Database): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL TIME ZONE 'UTC'`);
    const result: Record<string, string> = {};
    for (const table of BACKED_UP_TABLES) {
      const [row] = await tx.query<{ rows: number; md5: string }>(
        `SELECT count(*)::int AS rows,
           md5(coalesce(string_agg(row_to_json(t)::text, E'\\n' ORDER BY row_to_json(t)::text COLLATE "C"), '')) AS md5
         FROM ${table} t`,
      );
      result[table] = `${row!.rows} rows, md5 ${row!.md5}`;
    }
    return result;
  });
}

/** A new database of `kind` as a portal's first start leaves it (migrated, with the master data), dropped again on close. */
async function emptyDatabase(kind: 'pglite' | 'postgres'): Promise<{ db: Database; close(): Promise<void> }> {
  const { settings, drop } = await freshDatabase(kind);
  const db = await openDatabase({ ...settings, dataDir: null });
  return {
    db,
    close: async () => {
      await db.close();
      await drop();
    },
  };
}

const datesContent = async () => {
  const response = await server.fetch('/api/get_content/1');
  return { etag: response.headers.get('etag'), text: await response.text() };
};
const refusal = (args: string[]) =>
  runCommand(server.db, args).then(
    () => '',
    (error: unknown) => (error instanceof CommandError ? error.message : `not a CommandError: ${String(error)}`),
  );

describe(`backup and restore (${thisKind} → ${otherKind})`, () => {
  it('backs up Austria-scale data and restores it row for row into a fresh database', async () => {
    expect(backupLine).toMatch(
      /^Backed up 18 tables, \d+ rows \(states 9, districts 94, municipalities 2095, allowed_emails 3, users 2, visitors 3, markets 6001, market_dates \d{5}, market_changes 1, page_views 2, operator_actions 1, campaigns 0, campaign_confirmations 0, campaign_municipalities 0, market_photos 0, book_editions 1, market_sources 0, calendar_subscriptions 0\) and 0 photo files to .+ \(\d+\.\d MB\) in \d+\.\d s\.$/,
    );
    const fresh = await emptyDatabase(otherKind);
    try {
      const [line] = await runCommand(fresh.db, ['restore', file]);
      expect(line).toMatch(
        new RegExp(
          `^Restored 18 tables, \\d+ rows \\(states 9, .*\\) and 0 photo files from .+ \\(\\d+\\.\\d MB, made \\S+ on ${thisKind}\\) in \\d+\\.\\d s; sessions ended, content version now \\d+\\.$`,
        ),
      );
      expect(await fingerprints(fresh.db)).toEqual(original);
      expect(BigInt(await contentVersion(fresh.db))).toBeGreaterThan(BigInt(versionAtBackup));
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it('replaces changed data, ends sessions, and the running server answers the restored content at once', async () => {
    const { db } = server;
    const [other] = await db.query<{ id: string; market_id: string }>(
      `SELECT d.id, d.market_id FROM market_dates d JOIN markets m ON m.id = d.market_id
        WHERE NOT d.hidden AND d.status <> 'cancelled' AND NOT m.hidden AND m.status = 'active' AND d.id <> $1
        ORDER BY d.id LIMIT 1`,
      [clerkDateId],
    );
    await db.query(`UPDATE market_dates SET note = 'geändert' WHERE id = $1`, [clerkDateId]);
    await db.query('DELETE FROM markets WHERE id = $1', [other!.market_id]);
    await db.query(`UPDATE municipalities SET phone = '+43 1' WHERE gkz = $1`, [GKZ_B]);
    await loggedInUser(db, GKZ_B);
    await post('page_view', { path: '/fr/info', language: 'fr' });
    // The server now holds the changed content in its cache, keyed on the content version.
    const changed = await datesContent();
    expect(changed.text).toContain('geändert');
    expect(changed.text).not.toContain(other!.id);
    const versionBefore = BigInt(await contentVersion(db));
    expect((await server.fetch('/api/get_account', { headers: { Cookie: clerk.cookie } })).status).toBe(200);

    await runCommand(db, ['restore', file]);

    expect(await fingerprints(db)).toEqual(original);
    const version = BigInt(await contentVersion(db));
    expect(version).toBeGreaterThan(versionBefore);
    expect(version).toBeGreaterThan(BigInt(versionAtBackup));
    const restored = await datesContent();
    expect(restored.etag).not.toBe(changed.etag);
    expect(restored.text).not.toContain('geändert');
    expect(restored.text).toContain(other!.id);
    expect((await server.fetch('/api/get_account', { headers: { Cookie: clerk.cookie } })).status).toBe(401);
  }, 60_000);

  it('changes nothing for a damaged file, one of another schema, or a missing one, and says why in one line', async () => {
    const before = await fingerprints(server.db);
    const versionBefore = await contentVersion(server.db);
    const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
    const variant = (name: string, content: Buffer) => {
      writeFileSync(path.join(dir, name), content);
      return path.join(dir, name);
    };
    const [header, ...rows] = lines;
    const older = JSON.stringify({ ...(JSON.parse(header!) as object), migration: '0003_market_changes.sql' });
    // page_views' last row breaks a rule: the database refuses it after the rows before it went in.
    const lastPageView = rows.findIndex((line) => line.includes('"operator_actions"')) - 1;
    const refusedRow = JSON.stringify({ ...(JSON.parse(rows[lastPageView]!) as object), language: 'xx' });
    const cases: Array<[string, RegExp]> = [
      [
        variant('cut.gz', readFileSync(file).subarray(0, 100_000)),
        /^Nothing restored: .*cut\.gz is damaged or not a backup of this portal \(gzip: unexpected end of file\)\.$/,
      ],
      [
        variant('older.gz', gzipSync([older, ...rows].join('\n'), { level: 1 })),
        new RegExp(
          `^Nothing restored: .*older\\.gz was made at migration 0003_market_changes\\.sql, this database is at ${LATEST_MIGRATION.replace('.', '\\.')}: restore it with the portal version that made it, then update the portal\\.$`,
        ),
      ],
      [
        variant(
          'refused.gz',
          gzipSync([header, ...rows.slice(0, lastPageView), refusedRow, ...rows.slice(lastPageView + 1)].join('\n'), {
            level: 1,
          }),
        ),
        /^Nothing restored: the database refused a row of page_views: .*constraint/,
      ],
      [path.join(dir, 'missing.gz'), /^Nothing restored: cannot read .*missing\.gz: no such file or folder\.$/],
    ];
    for (const [variantFile, message] of cases) {
      const said = await refusal(['restore', variantFile]);
      expect(said).toMatch(message);
      expect(said).not.toContain('\n');
    }
    expect(await fingerprints(server.db)).toEqual(before);
    expect(await contentVersion(server.db)).toBe(versionBefore);
  }, 60_000);

  it('backup refuses to overwrite a file and leaves no partial file behind', async () => {
    const files = readdirSync(dir).sort();
    expect(await refusal(['backup', file])).toBe(`${file} already exists: name a new file or move the old one away.`);
    expect(await refusal(['backup', path.join(dir, 'gone', 'b.gz')])).toMatch(
      /^Cannot write .*: no such file or folder\.$/,
    );
    expect(readdirSync(dir).sort()).toEqual(files);
  });
});
