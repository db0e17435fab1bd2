/**
 * Saves a second through the market service on PostgreSQL, N clerks at once (issue 18: saves must
 * not queue on the one content_version row until commit). Each clerk saves a date of its own
 * market again and again, as the editor does; the figure is committed saves per second.
 *
 *   DATABASE_URL=postgres://… node bench/content-saves.ts [--clients 50] [--seconds 10]
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startSession } from '../src/server/auth/sessions.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { insertMarket, insertMarketDates, newMarket, newMarketDate } from '../src/server/db/queries/markets.ts';
import { importBundledMasterDataIfEmpty } from '../src/server/master-data/import.ts';
import { createMarketService } from '../src/server/services/markets.ts';

const { values } = parseArgs({ options: { clients: { type: 'string' }, seconds: { type: 'string' } } });
const clients = Number(values.clients ?? 50);
const seconds = Number(values.seconds ?? 10);
const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) throw new Error('Set DATABASE_URL to a throwaway PostgreSQL database.');

const db = await openDatabase({ databaseUrl, dataDir: null });
await importBundledMasterDataIfEmpty(db);
const [municipality] = await db.query<{ gkz: string }>('SELECT gkz FROM municipalities ORDER BY gkz LIMIT 1');
const gkz = municipality!.gkz;
const markets = createMarketService({ db, clock: () => new Date() });

const clerks = await Promise.all(
  Array.from({ length: clients }, async () => {
    const userId = randomUUID();
    const email = `bench-${userId}@gemeinde.example`;
    await db.query(
      `INSERT INTO users (id, email, password_hash, gkz, email_confirmed_at) VALUES ($1, $2, 'bench', $3, now())`,
      [userId, email, gkz],
    );
    // A session counts only while the address is on the municipality's list (issue 15, M8).
    await db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, gkz]);
    const market = newMarket(gkz, { title: 'Benchmarkt', type: 'bauernmarkt', location: 'Ort' });
    const date = newMarketDate(market.id, { date_start: '2027-06-05', date_end: '2027-06-05' });
    await insertMarket(db, market);
    await insertMarketDates(db, [date]);
    return { session: await startSession(db, userId), marketId: market.id, dateId: date.id, version: 1 };
  }),
);

let saves = 0;
const until = performance.now() + seconds * 1000;
await Promise.all(
  clerks.map(async (clerk) => {
    for (let n = 0; performance.now() < until; n += 1) {
      const saved = await markets.saveMarketDate(clerk.session, {
        input: {
          id: clerk.dateId,
          version: clerk.version,
          wko_market_id: clerk.marketId,
          date_start: '2027-06-05',
          date_end: '2027-06-05',
          time_from: null,
          time_to: null,
          status: 'takes_place',
          type: 'regular',
          note: `Anmerkung ${n}`,
          hidden: false,
        },
      });
      clerk.version = saved.wko_market_dates[clerk.dateId]!.version;
      saves += 1;
    }
  }),
);
console.log(`${clients} clerks, ${seconds} s: ${saves} saves, ${(saves / seconds).toFixed(1)} saves/s`);
await db.close();
