import type { CalendarDownload } from '../../../src/server/services/imports.ts';
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
  /**
   * Moves the clock by `ms` and makes `request`, waiting for the purge an earlier request started
   * and then for the one this request starts: none waits for it on its own, and a poll with a
   * timeout failed on a busy CI machine.
   */
  afterPurge<T>(ms: number, request: () => Promise<T>): Promise<T>;
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
  { dataDir = null, calendarDownload }: { dataDir?: string | null; calendarDownload?: CalendarDownload } = {},
): Promise<TestServer> {
  const { db, done } = await databaseForTest(dataDir);
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
    ...(calendarDownload ? { calendarDownload } : {}),
  });
  return {
    url: running.url,
    db,
    mails,
    securityLog,
    clock,
    housekeeping,
    async afterPurge(ms, request) {
      await housekeeping.maybePurge();
      clock.advance(ms);
      const answer = await request();
      await housekeeping.maybePurge();
      return answer;
    },
    fetch: (path, init) => fetch(new URL(path, running.url), init),
    async close() {
      await running.close();
      await done();
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
 * A fresh database of the test project's kind with the master data, opened before a file's tests
 * (`use` is given it) and done with after them: for tests of the database's own rules.
 * `testProcedures` are modules of the test's own procedures for the database's thread.
 */
export function useFreshDatabase(use: (db: Database) => void, testProcedures: readonly string[] = []): void {
  let done = async () => {};
  beforeAll(async () => {
    const fresh = await databaseForTest(null, testProcedures);
    done = fresh.done;
    use(fresh.db);
  });
  afterAll(() => done());
}

/**
 * A fresh database with the master data for one test file; `done` closes it. An embedded one in
 * memory is not closed but emptied back to the template's rows and kept for the next file of this
 * worker (vitest.config.ts keeps modules between files): opening one costs about 2 s of a core
 * (its thread, PostgreSQL’s start, the dump read), emptying it a fraction of that (issue 51).
 */
async function databaseForTest(
  dataDir: string | null,
  testProcedures: readonly string[] = [],
): Promise<{ db: Database; done: () => Promise<void> }> {
  const { settings, drop } = await freshDatabase();
  const reusable = settings.template !== undefined && dataDir === null && testProcedures.length === 0;
  const spare = reusable ? spares.pop() : undefined;
  // A test of the embedded database's files begins from an empty folder, as a first start does.
  const db =
    spare?.db ??
    (await openDatabase({ ...(dataDir ? { databaseUrl: settings.databaseUrl } : settings), dataDir, testProcedures }));
  if (!spare) await importBundledMasterDataIfEmpty(db);
  const rows = spare?.rows ?? (reusable ? await keepTemplateRows(db) : undefined);
  return {
    db,
    async done() {
      if (
        rows &&
        (await backToTemplate(db, rows).then(
          () => true,
          () => false,
        ))
      )
        spares.push({ db, rows });
      else await db.close();
      await drop();
    },
  };
}

/** What a database begun from the template holds, kept in the worker (not as tables a test would see). */
interface TemplateRows {
  /** Tables with rows: the columns an insert may name (not the generated ones), and the rows as JSON. */
  /** Every table of the portal, to empty. */
  tables: string[];
  filled: { table: string; columns: string; rows: string }[];
  /** The planner's counts of each table and index (a start counts tables never counted: housekeeping.ts). */
  planner: string;
}

const spares: { db: Database; rows: TemplateRows }[] = [];

async function keepTemplateRows(db: Database): Promise<TemplateRows> {
  const tables = await db.query<{ table: string; columns: string }>(
    `SELECT quote_ident(c.relname) AS table,
       string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FILTER (WHERE a.attgenerated = '') AS columns
     FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
     GROUP BY c.relname`,
  );
  const filled: TemplateRows['filled'] = [];
  for (const { table, columns } of tables) {
    const [kept] = await db.query<{ rows: string | null }>(`SELECT json_agg(t)::text AS rows FROM public.${table} t`);
    if (kept?.rows) filled.push({ table, columns, rows: kept.rows });
  }
  const [planner] = await db.query<{ counts: string }>(
    `SELECT json_agg(json_build_object('oid', oid, 'reltuples', reltuples, 'relpages', relpages,
       'relallvisible', relallvisible))::text AS counts
     FROM pg_class WHERE relnamespace = 'public'::regnamespace`,
  );
  return { tables: tables.map(({ table }) => table), filled, planner: planner?.counts ?? '[]' };
}

/**
 * Every table of the portal as the template had it, its identities counting from the start again
 * (the portal's sequences are all identity columns); triggers off, so nothing counts as a change.
 */
async function backToTemplate(db: Database, { tables, filled, planner }: TemplateRows): Promise<void> {
  await db.exec('SET session_replication_role = replica');
  await db.exec(`TRUNCATE ${tables.map((table) => `public.${table}`).join(', ')} RESTART IDENTITY CASCADE`);
  for (const { table, columns, rows } of filled)
    await db.query(
      `INSERT INTO public.${table} (${columns}) OVERRIDING SYSTEM VALUE
       SELECT ${columns} FROM json_populate_recordset(null::public.${table}, $1::json)`,
      [rows],
    );
  await db.exec('SET session_replication_role = DEFAULT');
  // What the planner and the statistics know, and the log since a checkpoint, as a new one has them.
  await db.exec(
    `DELETE FROM pg_statistic WHERE starelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace)`,
  );
  await db.query(
    `UPDATE pg_class c SET reltuples = kept.reltuples, relpages = kept.relpages, relallvisible = kept.relallvisible
     FROM json_to_recordset($1::json) AS kept(oid oid, reltuples real, relpages int, relallvisible int)
     WHERE c.oid = kept.oid`,
    [planner],
  );
  await db.exec('SELECT pg_stat_force_next_flush()'); // this file's counts, so that the reset takes them too
  await db.exec('SELECT pg_stat_reset(); CHECKPOINT');
}
