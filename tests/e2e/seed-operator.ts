import { randomUUID } from 'node:crypto';
import { runCommand } from '../../src/server/admin/commands.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { OPERATOR } from './helpers/operator-account.ts';

/**
 * Before the end-to-end portal starts: the provider's operator (issue 22), a registered and
 * confirmed user of the provider's own municipality, made an operator with `make-operator` as the
 * provider would (the embedded database admits one process at a time).
 */
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await runCommand(db, ['allow-email', OPERATOR.gkz, OPERATOR.email]);
  await db.query(
    `INSERT INTO users (id, email, password_hash, gkz, email_confirmed_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (email) DO NOTHING`,
    [randomUUID(), OPERATOR.email, await hashPassword(OPERATOR.password), OPERATOR.gkz],
  );
  for (const line of await runCommand(db, ['make-operator', OPERATOR.email])) console.log(line);
} finally {
  await db.close();
}
