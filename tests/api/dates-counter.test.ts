// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): triggers of migration 0016 in one transaction, on each database's version of PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../src/server/db/database.ts';
import { changesBetween, contentVersionAndFloor } from '../../src/server/db/queries/content-changes.ts';
import { addMarket, GKZ_A } from './helpers/fixtures.ts';
import { useFreshDatabase } from './helpers/test-server.ts';

/**
 * Migration 0016: a date's save moves its market's dates counters without logging the market as
 * changed (the counters are not content), and only for that UPDATE: a change of the market itself
 * in the same transaction, before or after, is logged as ever.
 */
describe('the dates counters beside the change log', () => {
  let db: Database;
  useFreshDatabase((opened) => (db = opened));

  /** What `work` changed, as the change log tells it, and the market's dates counter before and after. */
  const logged = async (marketId: string, work: (tx: Queryable) => Promise<void>) => {
    const revision = async () =>
      (await db.query<{ n: number }>('SELECT dates_revision AS n FROM markets WHERE id = $1', [marketId]))[0]!.n;
    const before = { version: (await contentVersionAndFloor(db)).version, revision: await revision() };
    await db.transaction(work);
    const after = { version: (await contentVersionAndFloor(db)).version, revision: await revision() };
    return {
      changes: await changesBetween(db, before.version, after.version),
      counted: after.revision - before.revision,
    };
  };
  const changeDate = async (tx: Queryable, id: string, note: string) => {
    await tx.query('UPDATE market_dates SET note = $2 WHERE id = $1', [id, note]);
  };
  const renameMarket = async (tx: Queryable, id: string, title: string) => {
    await tx.query('UPDATE markets SET title = $2 WHERE id = $1', [id, title]);
  };

  it('a date saved counts on its market and logs the date alone', async () => {
    const { market, dates } = await addMarket(db, GKZ_A, { title: 'Zählermarkt' });
    const { changes, counted } = await logged(market.id, (tx) => changeDate(tx, dates[0]!.id, 'Mit Musik'));
    expect(counted).toBe(1);
    expect(changes.dateIds).toEqual([dates[0]!.id]);
    expect(changes.marketIds).toEqual([]);
  });

  it('a market renamed after one of its dates in the same transaction is logged', async () => {
    const { market, dates } = await addMarket(db, GKZ_A, { title: 'Vorher' });
    const { changes, counted } = await logged(market.id, async (tx) => {
      await changeDate(tx, dates[0]!.id, 'Neu');
      await renameMarket(tx, market.id, 'Nachher');
    });
    expect(counted).toBe(1);
    expect(changes.marketIds).toEqual([market.id]);
    expect(changes.dateIds).toEqual([dates[0]!.id]);
  });

  it('a market renamed before one of its dates in the same transaction is logged', async () => {
    const { market, dates } = await addMarket(db, GKZ_A, { title: 'Vorher' });
    const { changes } = await logged(market.id, async (tx) => {
      await renameMarket(tx, market.id, 'Nachher');
      await changeDate(tx, dates[0]!.id, 'Neu');
    });
    expect(changes.marketIds).toEqual([market.id]);
  });

  it('a date save failing while its market is counted leaves the next change of the market logged', async () => {
    const { market, dates } = await addMarket(db, GKZ_A, { title: 'Gesperrt' });
    // Refuses the counters' UPDATE of this one market from now on, inside the window the setting is on.
    await db.exec(`CREATE FUNCTION test_refuse_counting() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.title = 'Gesperrt' AND NEW.dates_revision <> OLD.dates_revision THEN RAISE EXCEPTION 'refused'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_refuse_counting BEFORE UPDATE ON markets FOR EACH ROW EXECUTE FUNCTION test_refuse_counting();`);
    const { changes, counted } = await logged(market.id, async (tx) => {
      await tx.query('SAVEPOINT failing');
      await expect(changeDate(tx, dates[0]!.id, 'Neu')).rejects.toThrow(/refused/);
      await tx.query('ROLLBACK TO SAVEPOINT failing');
      await renameMarket(tx, market.id, 'Wieder offen');
    });
    expect(counted).toBe(0);
    expect(changes.marketIds).toEqual([market.id]);
    expect(changes.dateIds).toEqual([]);
  });
});
