// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): processes starting at once on one database, which only PostgreSQL admits.
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { prepareDatabase } from '../../src/server/prepare-database.ts';
import { freshDatabase } from './helpers/test-server.ts';

/**
 * Issue 18, scale-out: after an upgrade systemd starts every portal process at once on the same
 * empty (or older) database. Each opens it, migrates it and fills it when empty; the schema,
 * the master data and the demo markets must each be made once, whichever process comes first.
 */
const opened: Database[] = [];
let drop = async () => {};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
  await drop();
});

describe('several processes starting at once', () => {
  it('fill an empty database once', async () => {
    const fresh = await freshDatabase(undefined, { empty: true });
    drop = fresh.drop;
    const config = loadConfig({ SEED_DEMO: '1' });
    // Two handles like two processes (the embedded database in memory has one handle only).
    const first = await openDatabase({ ...fresh.settings, dataDir: null });
    const second = fresh.settings.databaseUrl ? await openDatabase({ ...fresh.settings, dataDir: null }) : first;
    opened.push(...new Set([first, second]));
    const now = new Date();
    const prepared = await Promise.all([first, second, first, second].map((db) => prepareDatabase(db, config, now)));

    expect(prepared.filter((one) => one.seeded)).toHaveLength(1);
    expect(prepared.filter((one) => one.imported)).toHaveLength(1);
    const [markets] = await first.query<{ n: number; titles: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT title)::int AS titles FROM markets',
    );
    expect(markets?.n).toBeGreaterThan(0);
    expect(markets?.n).toBe(markets?.titles);
  });
});
