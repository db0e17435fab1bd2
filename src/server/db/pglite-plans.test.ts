import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { prepareDatabase } from '../prepare-database.ts';
import type { Database, Queryable } from './database.ts';
import { openDatabase } from './open.ts';
import { datesAmong } from './queries/content-changes.ts';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ dataDir: null, template: inject('pgliteTemplate') });
  await prepareDatabase(db, loadConfig({ SEED_DEMO: '0', DATA_DIR: '/nonexistent' }), new Date());
  // Austria scale, quickly: three markets in each municipality with ten dates each, triggers off.
  await db.exec(`
    SET session_replication_role = replica;
    INSERT INTO markets (id, gkz, title, type, schedule)
      SELECT gkz || '-' || n, gkz, 'Markt ' || n, 'wochenmarkt', 'dates' FROM municipalities, generate_series(1, 3) n;
    INSERT INTO market_dates (id, market_id, date_start, date_end)
      SELECT id || '-' || n, id, DATE '2027-01-01' + n * 7, DATE '2027-01-01' + n * 7 FROM markets, generate_series(1, 10) n;
    SET session_replication_role = DEFAULT;
    ANALYZE`);
}, 60_000);
afterAll(() => db.close());

/** The plan of `sql` for these values, as the prepared statement is planned when it runs with them. */
async function planOf(sql: string, params: unknown[]): Promise<string> {
  const rows = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('the embedded database’s plans at Austria scale', () => {
  it('joins a publish’s few hundred dates to their markets by index, not by reading every market', async () => {
    const markets = await db.query<{ id: string }>('SELECT id FROM markets ORDER BY id LIMIT 20');
    const dates = await db.query<{ id: string }>('SELECT id FROM market_dates ORDER BY id DESC LIMIT 30');
    let sql = '';
    const recorder: Queryable = { query: (text) => ((sql = text), Promise.resolve([])), exec: () => Promise.resolve() };
    await datesAmong(recorder, '2027-01-01', [], []);
    const params = ['2027-01-01', markets.map((row) => row.id), dates.map((row) => row.id)];
    expect(await planOf(sql, params)).not.toMatch(/Seq Scan on markets/);
    expect(await datesAmong(db, '2027-01-01', params[1] as string[], params[2] as string[])).toHaveLength(230);
  });
});
