import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { adminQuery } from './postgres-admin.ts';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/open.ts';
import { importBundledMasterDataIfEmpty } from '../../src/server/master-data/import.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database with the master data, dumped: each test's begins from it. */
    pgliteTemplate: string;
    /** The name of a migrated PostgreSQL database with the master data, on TEST_DATABASE_URL's server. */
    postgresTemplate: string | null;
  }
}

/**
 * Issue 51: a fresh database was migrated and given Statistik Austria's lists for every test file,
 * 4-8 s each on a busy 2-core machine (PGlite's initdb most of it). Instead one is
 * made per run and each test begins from a copy: PGlite's from a dump of its folder, PostgreSQL's
 * by `CREATE DATABASE … TEMPLATE`. The dump is kept between runs in node_modules/.cache, under
 * the hash of what makes it (migrations, master data, their code, PGlite's version). Measured on
 * two cores: Vitest's run 1,146 s before, 951 s after.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  project.provide('pgliteTemplate', await pgliteTemplate());
  project.provide('postgresTemplate', null);
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (project.config.env?.['TEST_DATABASE'] !== 'postgres' || !adminUrl) return;
  const name = `portal_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  await importBundledMasterDataIfEmpty(db);
  await db.close();
  project.provide('postgresTemplate', name);
  return () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAKERS = ['src/server/db/migrations', 'src/server/db/migrate.ts', 'src/server/master-data'];

async function pgliteTemplate(): Promise<string> {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    await readFile(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as {
    version: string;
  };
  hash.update(pglite.version);
  for (const maker of MAKERS) {
    const at = path.join(ROOT, maker);
    const files = maker.endsWith('.ts') ? [at] : (await readdir(at)).sort().map((name) => path.join(at, name));
    for (const file of files) hash.update(path.relative(ROOT, file)).update(await readFile(file));
  }
  const dump = path.join(ROOT, 'node_modules/.cache/portal-tests', `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (
    await readFile(dump).then(
      () => true,
      () => false,
    )
  )
    return dump;
  const folder = path.join(tmpdir(), `portal-template-${randomBytes(6).toString('hex')}`);
  try {
    const db = await openDatabase({ dataDir: folder });
    await importBundledMasterDataIfEmpty(db);
    await db.close();
    const made = await PGlite.create(path.join(folder, 'pglite'));
    const tar = Buffer.from(await (await made.dumpDataDir('none')).arrayBuffer());
    await made.close();
    await mkdir(path.dirname(dump), { recursive: true });
    const part = `${dump}.${process.pid}`;
    await writeFile(part, tar);
    await rename(part, dump); // whole or not there: another run may be reading it
    return dump;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
