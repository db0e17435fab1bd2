import { randomUUID } from 'node:crypto';
import { runCommand } from '../../src/server/admin/commands.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { countMarkets } from '../../src/server/db/queries/market-ids.ts';
import { AUSTRIA, generateMarkets } from '../../src/server/demo/austria-scale.ts';
import { importBundledMasterDataIfEmpty } from '../../src/server/master-data/import.ts';
import { CLERK, OPERATOR } from './clerk.ts';

/**
 * Before the portal of `npm run bench:clerk` starts: Austria's 6,000 generated markets (as `npm
 * run generate -- --markets 6000` makes them), a confirmed clerk of Graz, allowed as an operator
 * would allow them, and the provider's operator (issue 55); the embedded database admits one
 * process at a time.
 */
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await importBundledMasterDataIfEmpty(db);
  if ((await countMarkets(db)) === 0) {
    const started = performance.now();
    const made = await generateMarkets(db, { ...AUSTRIA, year: new Date().getFullYear() });
    console.log(
      `Generated ${made.markets} markets, ${made.dates} dates in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  }
  for (const user of [CLERK, OPERATOR]) {
    await runCommand(db, ['allow-email', user.gkz, user.email]);
    await db.query(
      `INSERT INTO users (id, email, password_hash, gkz, email_confirmed_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (email) DO NOTHING`,
      [randomUUID(), user.email, await hashPassword(user.password), user.gkz],
    );
  }
  await runCommand(db, ['make-operator', OPERATOR.email]);
} finally {
  await db.close();
}
