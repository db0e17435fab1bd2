import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { addMarket, GKZ_A, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer } from './helpers/test-server.ts';

/**
 * Issue 51: an embedded database a test file is done with is emptied back to the template's rows
 * and handed to the next file of the worker (helpers/test-server.ts). What the next file gets must
 * be what a database begun from the template holds: every table's rows, every sequence.
 */
async function contents(db: Database): Promise<Record<string, unknown>> {
  const tables = await db.query<{ table: string }>(
    `SELECT quote_ident(tablename) AS table FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
  );
  const rows: Record<string, unknown> = {};
  for (const { table } of tables) {
    const [kept] = await db.query<{ rows: unknown }>(
      `SELECT coalesce(json_agg(t ORDER BY t::text), '[]') AS rows FROM public.${table} t`,
    );
    rows[table] = kept?.rows;
  }
  rows['planner'] = await db.query(
    `SELECT relname, reltuples, relpages, relallvisible,
       (SELECT count(*)::int FROM pg_statistic WHERE starelid = c.oid) AS statistics
     FROM pg_class c WHERE relnamespace = 'public'::regnamespace ORDER BY 1`,
  );
  rows['sequences'] = await db.query(
    `SELECT sequencename, last_value::text FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
  );
  return rows;
}

describe('an embedded database handed to the next test file', () => {
  it('holds what the template does, after a file changed rows, master data, sequences and the planner’s counts', async () => {
    const first = await startTestServer();
    const before = await contents(first.db);
    const { userId } = await loggedInUser(first.db, GKZ_A);
    await addMarket(first.db, GKZ_A, { title: 'Kirtag am Anger' });
    await first.db.query(`UPDATE municipalities SET name = 'Umbenannt' WHERE gkz = $1`, [GKZ_A]);
    await first.db.query(`UPDATE users SET language = 'en' WHERE id = $1`, [userId]);
    await first.db.query(`SELECT nextval(format('%I.%I', schemaname, sequencename)) FROM pg_sequences`);
    await first.db.exec('ANALYZE');
    expect(await contents(first.db)).not.toEqual(before);
    const used = first.db;
    await first.close();

    const next = await startTestServer();
    expect(next.db).toBe(used);
    expect(await contents(next.db)).toEqual(before);
    await next.close();
  });
});
