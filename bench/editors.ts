import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE, startSession } from '../src/server/auth/sessions.ts';
import type { Database } from '../src/server/db/database.ts';
import { insertMarket, insertMarketDates, newMarket, newMarketDate } from '../src/server/db/queries/markets.ts';
import { Editor } from './load-editor.ts';

/** How the editors get their session: by default one made in the database; else a real login. */
export interface EditorLogin {
  /** The hash of the password every editor has (hashPassword). */
  passwordHash: string;
  /** Logs editor `index` in (POST /api/login) and answers the Cookie header of its session. */
  logIn(email: string, index: number): Promise<string>;
}

/** One user with a live session and one market (with one date) in each of `count` municipalities. */
export async function createEditors(db: Database, count: number, login?: EditorLogin): Promise<Editor[]> {
  const places = await db.query<{ gkz: string }>('SELECT gkz FROM municipalities ORDER BY gkz LIMIT $1', [count]);
  return Promise.all(
    places.map(async ({ gkz }, index) => {
      const userId = randomUUID();
      const email = `lastprobe-${index + 1}@gemeinde.example`;
      await db.query(
        `INSERT INTO users (id, email, password_hash, gkz, email_confirmed_at) VALUES ($1, $2, $3, $4, now())`,
        [userId, email, login?.passwordHash ?? 'load test: no password', gkz],
      );
      // A session counts only while the address is on the municipality's list (issue 15, M8).
      await db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, gkz]);
      const market = newMarket(gkz, { title: `Lastprobe ${index + 1}`, type: 'wochenmarkt', location: 'Hauptplatz' });
      await insertMarket(db, market);
      await insertMarketDates(db, [newMarketDate(market.id, { date_start: '2027-01-02', date_end: '2027-01-02' })]);
      const cookie = login ? await login.logIn(email, index) : `${SESSION_COOKIE}=${await startSession(db, userId)}`;
      return new Editor({ index, cookie, market });
    }),
  );
}
