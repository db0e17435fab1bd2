import { runCommand } from '../src/server/admin/commands.ts';
import { loadConfig } from '../src/server/config.ts';
import { restrictFileModes } from '../src/server/file-modes.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { importBundledMasterDataIfEmpty } from '../src/server/master-data/import.ts';
import { photoDirOf } from '../src/server/photos/photo-store.ts';
import { runOperatorCommand } from './operator-command.ts';

/** `npm run admin -- <command>`: the provider's operator commands (README, "Operator commands"). */
await runOperatorCommand('Usage: npm run admin -- <command> (README, "Operator commands")', async () => {
  const config = loadConfig();
  for (const warning of restrictFileModes(config.DATA_DIR)) console.warn(warning);
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await importBundledMasterDataIfEmpty(db);
    const photoDir = photoDirOf(config.DATA_DIR);
    for (const line of await runCommand(db, process.argv.slice(2), undefined, photoDir)) console.log(line);
  } finally {
    await db.close();
  }
});
