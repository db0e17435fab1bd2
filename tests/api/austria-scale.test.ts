import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_TYPES } from '../../src/lib/market.ts';
import { generateMarkets } from '../../src/server/demo/austria-scale.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the Austria-scale generator', () => {
  it('spreads markets of every type over the municipalities, with rule dates inside their season', async () => {
    const made = await generateMarkets(server.db, { markets: 400, datesPerMarket: 10, year: 2027, seed: 7 });
    expect(made.markets).toBe(400);
    expect(made.dates).toBeGreaterThan(400 * 8);
    expect(made.dates).toBeLessThan(400 * 12);

    const types = await server.db.query<{ type: string }>('SELECT DISTINCT type FROM markets');
    expect(types.map(({ type }) => type).sort()).toEqual([...MARKET_TYPES].sort());
    const [places] = await server.db.query<{ n: number }>('SELECT count(DISTINCT gkz)::int AS n FROM markets');
    expect(places?.n).toBe(400);
    const outside = await server.db.query(
      `SELECT 1 FROM market_dates d JOIN markets m ON m.id = d.market_id
        WHERE m.rule IS NOT NULL AND (d.date_start < m.date_start OR d.date_end > m.date_end)`,
    );
    expect(outside).toEqual([]);
    const [cancelled] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM market_dates WHERE status = 'cancelled' AND type = 'cancelled'`,
    );
    expect(cancelled?.n).toBeGreaterThan(0);
  });

  it('gives the same records for the same seed', async () => {
    const ids = () => server.db.query<{ id: string }>('SELECT id FROM markets ORDER BY id');
    const before = await ids();
    await server.db.query('DELETE FROM markets');
    await generateMarkets(server.db, { markets: 400, datesPerMarket: 10, year: 2027, seed: 7 });
    expect(await ids()).toEqual(before);
  });
});
