import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startPortal } from '../../scripts/portal-process.ts';
import { openDatabase } from '../../src/server/db/open.ts';

/**
 * Issue 18: the embedded database has no autovacuum, so nothing told its planner how large the
 * tables are (reltuples -1, "never counted"): one municipality's dates were read by scanning all
 * of Austria's. The portal counts them as it starts.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-statistics-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('counts the embedded database’s tables for its planner as it starts', async () => {
  const portal = startPortal(dataDir);
  await portal.url;
  await portal.stop();
  const db = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    const tables = await db.query<{ relname: string; reltuples: number }>(
      `SELECT relname, reltuples FROM pg_class WHERE relname IN ('markets', 'market_dates', 'municipalities', 'sessions')`,
    );
    expect(tables).toHaveLength(4);
    expect(tables.filter((table) => table.reltuples < 0)).toEqual([]);
  } finally {
    await db.close();
  }
}, 120_000);
