import { randomBytes } from 'node:crypto';
import { adminQuery } from './postgres-admin.ts';
import { pgliteTemplate } from './pglite-template.ts';
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
