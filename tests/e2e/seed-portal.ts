import { randomUUID } from 'node:crypto';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { bookOf } from '../../src/lib/book/book.ts';
import { viennaDay } from '../../src/lib/market-rules.ts';
import { runCommand } from '../../src/server/admin/commands.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { loadConfig } from '../../src/server/config.ts';
import { insertMarket, insertMarketDates, newMarket, newMarketDate } from '../../src/server/db/queries/markets.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { readDirectory } from '../../src/server/directory/read-directory.ts';
import { prepareDatabase } from '../../src/server/prepare-database.ts';
import { recordEdition } from '../../src/server/services/book-editions.ts';
import { OPERATOR } from './helpers/operator-account.ts';
import { RUNNING } from './helpers/running-market.ts';

/**
 * Before the end-to-end portal starts (the embedded database admits one process at a time), on a
 * database begun from the run's template (helpers/global-setup.ts):
 * - the staff addresses of the account journeys, allowed as `npm run admin import-allowed` does;
 * - the demo data, as the portal's first start makes it;
 * - the provider's operator (issue 22), a registered and confirmed user of the provider's own
 *   municipality, made an operator with `make-operator` as the provider would;
 * - issue 53: a clerk of Bregenz with an Advent market that began three days ago and runs ten days
 *   more, which no call can make (a date may not begin before today);
 * - issue 55: this year's book sent to print (edition `<year>-1`) before that market was added, so
 *   that the edition's change page has something to say.
 */
const config = loadConfig();
const db = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  template: process.env['E2E_TEMPLATE'],
});
const confirmedUser = async (email: string, password: string, gkz: string) => {
  await runCommand(db, ['allow-email', gkz, email]);
  await db.query(
    `INSERT INTO users (id, email, password_hash, gkz, email_confirmed_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (email) DO NOTHING`,
    [randomUUID(), email, await hashPassword(password), gkz],
  );
};
try {
  for (const line of await runCommand(db, ['import-allowed', 'tests/e2e/allowed-staff.csv'])) console.log(line);
  const now = new Date();
  await prepareDatabase(db, { ...config, SEED_DEMO: true }, now);
  await confirmedUser(OPERATOR.email, OPERATOR.password, OPERATOR.gkz);
  for (const line of await runCommand(db, ['make-operator', OPERATOR.email])) console.log(line);

  const year = Number(viennaDay(now).slice(0, 4));
  await recordEdition(db, bookOf(await readDirectory(db, now, year), year), now);

  await confirmedUser(RUNNING.email, RUNNING.password, RUNNING.gkz);
  const today = parseISO(viennaDay(now));
  const market = newMarket(RUNNING.gkz, { title: RUNNING.title, type: 'weihnachtsmarkt', location: 'Kornmarktplatz' });
  await insertMarket(db, market);
  await insertMarketDates(db, [
    newMarketDate(market.id, {
      date_start: format(addDays(today, -3), 'yyyy-MM-dd'),
      date_end: format(addDays(today, 10), 'yyyy-MM-dd'),
      time_from: '16:00',
      time_to: '21:00',
    }),
  ]);
} finally {
  await db.close();
}
