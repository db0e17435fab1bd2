import { CommandError, runCommand } from '../src/server/admin/commands.ts';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { DatabaseStartError } from '../src/server/db/database.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { importBundledMasterDataIfEmpty } from '../src/server/master-data/import.ts';

/** `npm run admin -- <command>`: the provider's operator commands (README, "Operator commands"). */
try {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await importBundledMasterDataIfEmpty(db);
    for (const line of await runCommand(db, process.argv.slice(2))) console.log(line);
  } finally {
    await db.close();
  }
} catch (error) {
  if (error instanceof CommandError || error instanceof ConfigError || error instanceof DatabaseStartError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
