import { createServer } from 'node:net';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DatabaseStartError } from './db/database.ts';
import { openDatabase } from './db/open.ts';
import { redact } from './db/postgres.ts';
import { refreshStatistics } from './db/queries/housekeeping.ts';
import { prepareDatabase } from './prepare-database.ts';
import { DEMO_EMAIL } from './demo/demo-data.ts';
import { restrictFileModes } from './file-modes.ts';
import { BuildError, buildPortal, marketImageCache } from './directory/build-site.ts';
import { downloadImage } from './directory/image-download.ts';
import { startPublisher } from './directory/publisher.ts';
import { loadPages, PagesMissingError } from './http/pages.ts';
import { startServer } from './http/server.ts';
import { createContentService } from './services/content.ts';

/** How long after the portal listens its own preparations wait (main). */
const AFTER_THE_FIRST_REQUESTS_MS = 5_000;

/**
 * `npm start` (with --build) and `npm run serve`: validate the environment, build the pages,
 * open and migrate the database, fill an empty one, and serve. Every failure an operator can
 * fix ends the process with one line saying what to do.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  for (const warning of restrictFileModes(config.DATA_DIR)) console.warn(warning);
  const built = process.argv.includes('--build');
  if (built) {
    await assertPortFree(config);
    await buildPortal();
  }
  const pages = await loadPages();
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const { imported, seeded } = await prepareDatabase(db, config, new Date());
  if (imported)
    console.log(
      `Imported ${imported.municipalities} municipalities in ${imported.districts} districts (Statistik Austria).`,
    );

  // Issue 17: the directory is published from the database, and again a moment after each change.
  const imageCache = marketImageCache(config);
  // Image hosts never hold up the start (issue 15, M7): missing copies are fetched beside the requests.
  const publisher = await startPublisher(db, {
    imageCache,
    download: downloadImage,
    keptIn: path.join(config.DATA_DIR, 'publication'),
  });
  const content = createContentService(db);
  const running = await startServer({ config, db, pages, publisher, imageCache, content }).catch(
    async (error: unknown) => {
      await publisher.stop();
      await db.close();
      throw error;
    },
  );
  console.log(
    `Markets directory portal at ${running.url} (database: ${config.DATABASE_URL ? redact(config.DATABASE_URL) : `embedded, ${config.DATA_DIR}`})`,
  );
  // Issue 50: the portal answers first. The planner's counts and the content answers (at Austria
  // scale 1 s and 1.6 s of the database's thread) come a moment later, so the first requests (a
  // health check, the directory) do not queue behind them; without them it answers, only slower.
  setTimeout(() => {
    void refreshStatistics(db)
      .catch((error: unknown) =>
        console.warn(
          `Counting the tables for the planner failed (the portal runs, with slower reads): ${String(error)}`,
        ),
      )
      .then(() => content.prepare())
      .catch((error: unknown) =>
        console.warn(`Making the content answers ahead failed (the first app's call makes them): ${String(error)}`),
      );
  }, AFTER_THE_FIRST_REQUESTS_MS).unref();
  if (seeded) {
    console.log(
      `Demo data created. Register the demo account at ${running.url}/anmelden with ${DEMO_EMAIL} and a password of your choice, then open the link in the mail whose file the log names next (no mail server needed).`,
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests in flight, then stopping.`);
    setTimeout(() => process.exit(1), 10_000).unref();
    await running.close();
    await publisher.stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** Fails before a long build when the port is taken. */
async function assertPortFree(config: Config): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(config.PORT, config.HOST, () => probe.close(() => resolve()));
  });
}

function explain(error: unknown): string | null {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseStartError ||
    error instanceof PagesMissingError ||
    error instanceof BuildError
  ) {
    return error.message;
  }
  const { code, port, address } = error as { code?: string; port?: number; address?: string };
  if (code === 'EADDRINUSE')
    return `Port ${port} on ${address} is already in use: stop the other program or set PORT to a free port.`;
  if (code === 'EACCES' && port !== undefined) return `Port ${port} needs privileges: set PORT to a number above 1023.`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `HOST ${address ?? ''} is not an address of this machine.`;
  return null;
}

main().catch((error: unknown) => {
  const message = explain(error);
  console.error(message ? `Cannot start: ${message}` : error);
  process.exit(1);
});
