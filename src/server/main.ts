import { createServer } from 'node:net';
import { loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/open.ts';
import { restrictFileModes } from './file-modes.ts';
import { explain } from './start-errors.ts';

/**
 * `npm start` (with --build) and `npm run serve`: validate the environment, then run the portal
 * (run-portal.ts). Every failure an operator can fix ends the process with one line saying what to
 * do, the taken port at once, before a build or the database. Without a build the database's
 * thread opens the database while the portal's modules load (issue 50: about a second of a start
 * at Austria scale); a build opens it after, as it reads it.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  await assertPortFree(config);
  for (const warning of restrictFileModes(config.DATA_DIR)) console.warn(warning);
  const built = process.argv.includes('--build');
  const opening = built ? null : openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  opening?.catch(() => {}); // told where run-portal.ts waits for it
  const { runPortal } = await import('./run-portal.ts');
  await runPortal(config, built, opening);
}

/** The port is free now (the server's own listen still says so if another program takes it meanwhile). */
async function assertPortFree(config: Config): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(config.PORT, config.HOST, () => probe.close(() => resolve()));
  });
}

main().catch((error: unknown) => {
  const message = explain(error);
  console.error(message ? `Cannot start: ${message}` : error);
  process.exit(1);
});
