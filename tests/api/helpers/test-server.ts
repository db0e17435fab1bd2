import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { createHousekeeping, type Housekeeping } from '../../../src/server/auth/housekeeping.ts';
import { loadConfig } from '../../../src/server/config.ts';
import type { Database, DatabaseSettings } from '../../../src/server/db/database.ts';
import { openDatabase } from '../../../src/server/db/open.ts';
import { startServer } from '../../../src/server/http/server.ts';
import type { Mail } from '../../../src/server/mail/mailer.ts';
import type { SecurityLine } from '../../../src/server/security-log.ts';
import { importBundledMasterDataIfEmpty } from '../../../src/server/master-data/import.ts';
import { adminQuery } from '../../setup/postgres-admin.ts';
import { createContentService } from '../../../src/server/services/content.ts';

export interface TestServer {
  url: string;
  db: Database;
  /** Every mail the server sent, newest last. */
  mails: Mail[];
  /** Every security log line the server wrote (issue 15, M9), oldest first. */
  securityLog: SecurityLine[];
  /** The server's clock; move it forward to let tokens expire. */
  clock: { now: Date; advance(ms: number): void };
  /** The server's purge; `maybePurge()` answers the running one, for a test to wait on. */
  housekeeping: Housekeeping;
  /** fetch against the server; a relative path is taken under the server's URL. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The real server on a free port with a fresh database: embedded PGlite in memory (or in
 * `dataDir`, for a test of its files), or a new database on the PostgreSQL server of
 * TEST_DATABASE_URL (dropped again on close). `environment` replaces variables of the test
 * configuration (undefined: unset).
 */
export async function startTestServer(
  environment: Record<string, string | undefined> = {},
  { dataDir = null }: { dataDir?: string | null } = {},
): Promise<TestServer> {
  const { settings, drop } = await freshDatabase();
  // A test of the embedded database's files begins from an empty folder, as a first start does.
  const db = await openDatabase({ ...(dataDir ? { databaseUrl: settings.databaseUrl } : settings), dataDir });
  await importBundledMasterDataIfEmpty(db);
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: '0',
    PUBLIC_BASE_URL: 'http://portal.test',
    ...environment,
  });
  const mails: Mail[] = [];
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const mailer = { send: (mail: Mail) => Promise.resolve(void mails.push(mail)) };
  const securityLog: SecurityLine[] = [];
  const housekeeping = createHousekeeping(db, () => clock.now);
  const running = await startServer({
    config,
    db,
    mailer,
    clock: () => clock.now,
    securityLog: (line) => void securityLog.push(line),
    housekeeping,
    content: createContentService(db, { wholeRests: 0 }), // a read right after a save sees it, as the tests expect
  });
  return {
    url: running.url,
    db,
    mails,
    securityLog,
    clock,
    housekeeping,
    fetch: (path, init) => fetch(new URL(path, running.url), init),
    async close() {
      await running.close();
      await db.close();
      await drop();
    },
  };
}

/**
 * A database for one test, begun from the run's template (tests/setup/template-databases.ts): the
 * embedded one in memory, or a new database on the PostgreSQL server of TEST_DATABASE_URL, as the
 * project under test says unless `kind` is given; `empty`: a database never opened, as a first
 * start finds it. `settings` opens it (with `dataDir: null`).
 */
export async function freshDatabase(
  kind: 'pglite' | 'postgres' = process.env['TEST_DATABASE'] === 'postgres' ? 'postgres' : 'pglite',
  { empty = false }: { empty?: boolean } = {},
): Promise<{ settings: Omit<DatabaseSettings, 'dataDir'>; drop: () => Promise<void> }> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (kind !== 'postgres' || !adminUrl)
    return { settings: empty ? {} : { template: inject('pgliteTemplate') }, drop: async () => {} };
  const template = empty ? null : inject('postgresTemplate');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    settings: { databaseUrl: url.toString() },
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A new database of the test project's kind with the master data, opened before a file's tests
 * (`use` is given it) and closed and dropped after them: for tests of the database's own rules.
 * `testProcedures` are modules of the test's own procedures for the database's thread.
 */
export function useFreshDatabase(use: (db: Database) => void, testProcedures: readonly string[] = []): void {
  let db: Database | undefined;
  let drop = async () => {};
  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    db = await openDatabase({ ...fresh.settings, dataDir: null, testProcedures });
    await importBundledMasterDataIfEmpty(db);
    use(db);
  });
  afterAll(async () => {
    await db?.close();
    await drop();
  });
}
