import { randomBytes, randomUUID } from 'node:crypto';
import { hashToken, SESSION_COOKIE } from '../../../src/server/auth/sessions.ts';
import type { Queryable } from '../../../src/server/db/database.ts';
import {
  insertMarket,
  insertMarketDates,
  newMarket,
  newMarketDate,
  type NewMarket,
  type NewMarketDate,
} from '../../../src/server/db/queries/markets.ts';

/** Two real municipalities for the isolation tests: Hartberg (Steiermark) and Krems an der Donau. */
export const GKZ_A = '62219';
export const GKZ_B = '30101';

/**
 * A confirmed user of `gkz` with a live session; returns the Cookie header that carries it.
 * `confirmed: false` makes one whose address is not proven (issue 49: as registered before
 * registrations waited for their mail, or restored from such a backup).
 */
export async function loggedInUser(
  db: Queryable,
  gkz: string,
  { confirmed = true }: { confirmed?: boolean } = {},
): Promise<{ userId: string; email: string; cookie: string }> {
  const userId = randomUUID();
  const email = `staff-${userId.slice(0, 8)}@gemeinde.example`;
  await db.query(
    `INSERT INTO users (id, email, password_hash, gkz, email_confirmed_at)
     VALUES ($1, $2, 'not-a-real-hash', $3, CASE WHEN $4 THEN now() END)`,
    [userId, email, gkz, confirmed],
  );
  // A session counts only while the address is on its municipality's list (issue 15, M8).
  await db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, gkz]);
  const token = randomBytes(32).toString('base64url');
  await db.query(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [
    hashToken(token),
    userId,
  ]);
  return { userId, email, cookie: `${SESSION_COOKIE}=${token}` };
}

export async function addMarket(
  db: Queryable,
  gkz: string,
  fields: Partial<NewMarket> = {},
  dates: Array<Partial<NewMarketDate>> = [{}],
): Promise<{ market: NewMarket; dates: NewMarketDate[] }> {
  const market = newMarket(gkz, { title: `Testmarkt ${gkz}`, type: 'bauernmarkt', location: 'Testort', ...fields });
  const records = dates.map((date) =>
    newMarketDate(market.id, {
      date_start: '2027-06-05',
      date_end: '2027-06-05',
      time_from: '08:00',
      time_to: '12:00',
      ...date,
    }),
  );
  await insertMarket(db, market);
  await insertMarketDates(db, records);
  return { market, dates: records };
}

export async function count(db: Queryable, table: 'visitors' | 'markets' | 'market_dates'): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return row?.n ?? 0;
}
