import { publicationDirOf, type Config } from './config.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open.ts';
import { redact } from './db/postgres.ts';
import { refreshStatistics, tablesNeverCounted } from './db/queries/housekeeping.ts';
import { prepareDatabase } from './prepare-database.ts';
import { DEMO_EMAIL } from './demo/demo-data.ts';
import { buildPortal, marketImageCache } from './directory/build-site.ts';
import { downloadImage } from './directory/image-download.ts';
import { startPublisher } from './directory/publisher.ts';
import { loadPages } from './http/pages.ts';
import { startServer } from './http/server.ts';
import { createContentService } from './services/content.ts';

/** How long after the portal listens its own preparations wait. */
const AFTER_THE_FIRST_REQUESTS_MS = 5_000;

/**
 * The portal once its environment is valid (main.ts): build the pages (with --build), open and
 * migrate the database (`opening`, started by main.ts already without a build), fill an empty one,
 * and serve.
 */
export async function runPortal(config: Config, built: boolean, opening: Promise<Database> | null): Promise<void> {
  if (built) await buildPortal();
  const pages = await loadPages().catch(async (error: unknown) => {
    // A database opened meanwhile is closed first: its lock is not left behind.
    await opening?.then(
      (db) => db.close(),
      () => {},
    );
    throw error;
  });
  const db = await (opening ?? openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  const { imported, seeded } = await prepareDatabase(db, config, new Date());
  // A new database is counted before it serves (issue 18: its planner read one municipality's dates by
  // scanning all of Austria's); any other a moment after the start.
  const countedNow = (await tablesNeverCounted(db)) && (await countTables(db));
  if (imported)
    console.log(
      `Imported ${imported.municipalities} municipalities in ${imported.districts} districts (Statistik Austria).`,
    );

  // Issue 17: the directory is published from the database, and again a moment after each change.
  const imageCache = marketImageCache(config);
  // Image hosts never hold up the start (issue 15, M7): missing copies are fetched beside the requests.
  // The portal listens while it publishes first (server.ts holds the requests until then).
  const publisher = startPublisher(db, {
    imageCache,
    download: downloadImage,
    keptIn: publicationDirOf(config),
  });
  const content = createContentService(db, { publisher });
  const running = await startServer({ config, db, pages, publisher, imageCache, content }).catch(
    async (error: unknown) => {
      await publisher.stop();
      await db.close();
      throw error;
    },
  );
  // From here on a stop finishes the requests in flight, also those waiting for the first publish.
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
  await publisher.ready.catch(async (error: unknown) => {
    await running.close();
    await publisher.stop();
    await db.close();
    throw error;
  });
  console.log(
    `Markets directory portal at ${running.url} (database: ${config.DATABASE_URL ? redact(config.DATABASE_URL) : `embedded, ${config.DATA_DIR}`})`,
  );
  // Issue 50: the portal answers first. The planner's counts of a database counted before (at Austria
  // scale a second of the database's thread) and the whole content answers (29 MB of JSON, compressed
  // on the thread pool) come a moment later, so the first requests (a health check, the directory) do
  // not queue behind them.
  setTimeout(() => {
    void (countedNow ? Promise.resolve(true) : countTables(db))
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
}

/** Counts the tables for the embedded database's planner; without the counts the portal answers, only slower. */
async function countTables(db: Database): Promise<boolean> {
  try {
    await refreshStatistics(db);
    return true;
  } catch (error) {
    console.warn(`Counting the tables for the planner failed (the portal runs, with slower reads): ${String(error)}`);
    return false;
  }
}
