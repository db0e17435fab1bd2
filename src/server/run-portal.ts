import { chmod, mkdir, readdir, realpath, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { ConfigError, publicationDirOf, type Config } from './config.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open.ts';
import { redact } from './db/postgres.ts';
import { refreshStatistics, tablesNeverCounted } from './db/queries/housekeeping.ts';
import { prepareDatabase } from './prepare-database.ts';
import { DEMO_EMAIL } from './demo/demo-data.ts';
import { buildPortal, marketImageCache } from './directory/build-site.ts';
import { downloadImage } from './directory/image-download.ts';
import { startPublisher } from './directory/publisher.ts';
import { searchIndexDirOf } from './directory/search-index-store.ts';
import { openToReaders } from './directory/whole-file.ts';
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
  if (built) {
    await assertPortFree(config);
    await buildPortal();
  }
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
  const publication = await openPublication(config);
  // Image hosts never hold up the start (issue 15, M7): missing copies are fetched beside the requests.
  // The portal listens while it publishes first (server.ts holds the requests until then).
  const publisher = startPublisher(db, {
    imageCache,
    download: downloadImage,
    keptIn: publication,
    searchAfterMs: AFTER_THE_FIRST_REQUESTS_MS,
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

/** Fails before a long build when the port is taken. */
async function assertPortFree(config: Config): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(config.PORT, config.HOST, () => probe.close(() => resolve()));
  });
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

/**
 * The publication's folder and its search index, readable by others: nginx may serve the index's
 * parts from a PUBLICATION_DIR outside DATA_DIR (docs/deployment.md; a part written later is opened
 * as it is written, search-index-worker.ts). Never DATA_DIR, nor a folder holding it, also through
 * a link: those hold the database and the mails.
 */
async function openPublication(config: Config): Promise<string> {
  const publication = publicationDirOf(config);
  const index = searchIndexDirOf(publication);
  const refuse = (reason: string, error?: unknown) => {
    const code = error instanceof Error ? ` (${(error as NodeJS.ErrnoException).code ?? error.message})` : '';
    return new ConfigError(`The publication's folder ${path.resolve(publication)} ${reason}${code} (PUBLICATION_DIR).`);
  };
  try {
    await mkdir(index, { recursive: true });
  } catch (error) {
    throw refuse('cannot be made', error);
  }
  const fromPublication = path.relative(
    await realpath(publication),
    await realpath(config.DATA_DIR).catch(() => path.resolve(config.DATA_DIR)),
  );
  if (fromPublication === '' || !(fromPublication === '..' || fromPublication.startsWith(`..${path.sep}`)))
    throw refuse('is DATA_DIR or holds it: set PUBLICATION_DIR to a folder of its own');
  try {
    await chmod(publication, 0o755);
    await chmod(index, 0o755);
  } catch (error) {
    throw refuse("cannot be opened to readers: the portal's user must own it", error);
  }
  // A part is opened whole before it is renamed into place: only one written before that still needs
  // it (at Austria scale opening every file of every part took half a second of each start).
  for (const part of await readdir(index)) {
    const folder = path.join(index, part);
    if (((await stat(folder).catch(() => null))?.mode ?? 0o755) & 0o005) continue;
    await openToReaders(folder);
  }
  return publication;
}
