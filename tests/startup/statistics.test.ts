import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { startPortal } from '../../scripts/portal-process.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { databaseFromTemplate } from '../setup/pglite-template.ts';

/**
 * Issue 18: the embedded database has no autovacuum, so nothing told its planner how large the
 * tables are (reltuples -1, "never counted"): one municipality's dates were read by scanning all
 * of Austria's. The portal counts them as it starts.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-statistics-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const TABLES = ['market_dates', 'markets', 'municipalities', 'sessions'];

async function neverCounted(): Promise<string[]> {
  const db = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    const tables = await db.query<{ relname: string }>(
      `SELECT relname FROM pg_class WHERE relname = ANY($1) AND reltuples < 0 ORDER BY relname`,
      [TABLES],
    );
    return tables.map((table) => table.relname);
  } finally {
    await db.close();
  }
}

it('counts the embedded database’s tables for its planner as it starts', async () => {
  // The run's template (migrated, with the master data), whose tables were never counted, as a new
  // database's are: a start from it skips initdb, the migrations and the lists (issue 51).
  await databaseFromTemplate(dataDir, inject('pgliteTemplate'));
  expect(await neverCounted()).toEqual(TABLES);
  const portal = startPortal(dataDir, { SEED_DEMO: '0' });
  await portal.url;
  await portal.stop();
  expect(await neverCounted()).toEqual([]);
}, 120_000);
