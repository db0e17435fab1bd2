// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): a municipality's hidden records, read through each database's own driver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentMarket, MarketDateRecord } from '../../src/lib/market.ts';
import { addMarket, GKZ_A, GKZ_B, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

type Dates = Record<string, MarketDateRecord>;
type Groups = Record<string, Record<string, ContentMarket>>;
interface Own {
  wko_markets: Groups;
  wko_market_dates: Dates;
}

let server: TestServer;
const ids: Record<string, string> = {};
let cookieA = '';

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server;
  const published = await addMarket(db, GKZ_A, { title: 'Bauernmarkt A' }, [
    {},
    { date_start: '2027-06-12', date_end: '2027-06-12', hidden: true },
  ]);
  ids['published'] = published.market.id;
  ids['hiddenDate'] = published.dates[1]!.id;
  const hidden = await addMarket(db, GKZ_A, { title: 'Versteckt A', hidden: true });
  ids['hidden'] = hidden.market.id;
  ids['hiddenMarketDate'] = hidden.dates[0]!.id;
  // Hartberg's district (622): in the same part of the national answer as the clerk's own records.
  ids['neighbour'] = (await addMarket(db, '62205', { title: 'Nachbarmarkt' })).market.id;
  ids['other'] = (await addMarket(db, GKZ_B, { title: 'Kirtag B', type: 'kirtag' })).market.id;
  cookieA = (await loggedInUser(db, GKZ_A)).cookie;
});
afterAll(() => server.close());

const own = async (headers: Record<string, string>) => {
  const response = await server.fetch('/api/get_own_content', { headers });
  return { response, body: (await response.json()) as { data: Own } };
};

/** What get_content and get_content_stops with include_hidden_records=1 give of one municipality's records. */
async function nationalOf(gkz: string, headers: Record<string, string>): Promise<Own> {
  const read = async <T>(call: string) =>
    ((await (await server.fetch(`/api/${call}/1?include_hidden_records=1`, { headers })).json()) as { data: T }).data;
  const { wko_markets: groups } = await read<{ wko_markets: Groups }>('get_content_stops');
  const { wko_market_dates: dates } = await read<{ wko_market_dates: Dates }>('get_content');
  const mine = (markets: Record<string, ContentMarket>) =>
    Object.fromEntries(Object.entries(markets).filter(([, market]) => market.gkz === gkz));
  const marketIds = new Set(Object.keys(mine(groups['2'] ?? {})));
  return {
    wko_markets: Object.fromEntries(Object.entries(groups).map(([group, markets]) => [group, mine(markets)])),
    wko_market_dates: Object.fromEntries(Object.entries(dates).filter(([, date]) => marketIds.has(date.wko_market_id))),
  };
}

describe('get_own_content', () => {
  it("answers the session's municipality only, hidden records too, in every language group", async () => {
    const { response, body } = await own({ Cookie: cookieA });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(body.data.wko_markets).sort()).toEqual(['1', '2', '3']);
    for (const group of ['1', '2', '3'])
      expect(Object.keys(body.data.wko_markets[group]!).sort()).toEqual([ids['published'], ids['hidden']].sort());
    expect(body.data.wko_markets['1']![ids['hidden']!]).toMatchObject({ hidden: true, type_label: "Farmers' market" });
    expect(Object.keys(body.data.wko_market_dates)).toEqual(
      expect.arrayContaining([ids['hiddenDate'], ids['hiddenMarketDate']]),
    );
    expect(Object.keys(body.data.wko_market_dates)).toHaveLength(3);
  });

  it('gives the very records get_content and get_content_stops give with include_hidden_records=1', async () => {
    const asked = { Cookie: cookieA };
    expect((await own(asked)).body.data).toEqual(await nationalOf(GKZ_A, asked));
  });

  it('decides on hidden records as include_hidden_records=1 does, also for an address not yet confirmed', async () => {
    const unconfirmed = await loggedInUser(server.db, GKZ_A);
    await server.db.query('UPDATE users SET email_confirmed_at = NULL WHERE id = $1', [unconfirmed.userId]);
    const asked = { Cookie: unconfirmed.cookie };
    const { body } = await own(asked);
    expect(body.data).toEqual(await nationalOf(GKZ_A, asked));
    // Issue 49: an address not proven reads nothing unpublished.
    expect(Object.keys(body.data.wko_markets['2']!)).toEqual([ids['published']]);
    expect(Object.keys(body.data.wko_market_dates)).not.toContain(ids['hiddenDate']);
  });

  it('shows a change at once, made by another process too', async () => {
    const asked = { Cookie: cookieA };
    await own(asked);
    await server.db.query(`UPDATE markets SET title = 'Umbenannt A', version = version + 1 WHERE id = $1`, [
      ids['published'],
    ]);
    const { body } = await own(asked);
    expect(body.data.wko_markets['2']![ids['published']!]).toMatchObject({ title: 'Umbenannt A' });
  });

  it('answers 401 not_logged_in without a session, or with a forged one', async () => {
    for (const headers of [{}, { Cookie: 'session=forged-token-that-is-long-enough-000' }]) {
      const response = await server.fetch('/api/get_own_content', { headers });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_logged_in');
    }
  });
});
