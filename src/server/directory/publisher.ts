import path from 'node:path';
import { viennaDay } from '../../lib/market-rules.ts';
import type { Database } from '../db/database.ts';
import { contentVersion } from '../db/queries/markets.ts';
import type { ImageDownload } from './image-download.ts';
import { imageFetcher } from './image-fetcher.ts';
import { publish, type PublishedDirectory } from './published-directory.ts';
import { keptSnapshot } from './snapshot-store.ts';
import type { Published } from '../db/published.ts';

export interface PublishStatus {
  published_version: string;
  /** A change is known that is not public yet. */
  pending: boolean;
  published_at: string;
}

export interface Publisher {
  /**
   * Resolves once the first snapshot is published (rejects when it cannot be: the start fails).
   * Until then the portal answers its health check and holds every other request (http/server.ts).
   */
  ready: Promise<void>;
  /** Whether the first snapshot is published; the others below need it, but onPublished and stop. */
  isReady(): boolean;
  current(): PublishedDirectory;
  /** Calls `listener` with the snapshot published now, and with each one published after it. */
  onPublished(listener: (snapshot: Published) => void): void;
  /** After a committed change made through this process (the market service's onChange). */
  changed(): void;
  status(): PublishStatus;
  /**
   * The status once the database's content version is checked: a change made through another
   * process counts as pending here too, and is published now rather than at the next poll.
   */
  checkedStatus(): Promise<PublishStatus>;
  /** Resolves once every change known when it was called is public (tests, bench). */
  settled(): Promise<void>;
  /** Stops its checks; resolves once what a restart starts from is on disk. */
  stop(): Promise<void>;
}

export interface PublisherOptions {
  /** Where the image copies are (build-site.ts, marketImageCache). */
  imageCache: string;
  /** Saves within this time of each other are published together. */
  debounceMs?: number;
  /** Saves made while a publish runs are published no sooner than this after it began (PUBLISH_SPACING_MS). */
  spacingMs?: number;
  /**
   * How often the content version is checked for changes made by other processes (one tiny query):
   * the content answers are this snapshot's too (services/content.ts), and an app's next call
   * shows another process's save within a couple of seconds.
   */
  pollMs?: number;
  /**
   * Fetches copies of images the directory shows without one (a new market's, or a changed
   * address), beside the requests, and publishes them when they arrive. Without it only copies
   * at hand are shown (tests, bench).
   */
  download?: ImageDownload;
  now?: () => Date;
  log?: (message: string) => void;
  /** Where the publication is kept (DATA_DIR/publication): the snapshot's records a restart starts from (snapshot-store.ts). */
  keptIn: string;
}

/**
 * Saves made while a publish runs are published no sooner than this after it began (issue 50): a
 * stream of saves is published every few seconds, while a lone save, on one process or through
 * another's (scale-out), is still published a debounce after it. Under the load test, where 50
 * clerks save without a pause, a publish every 2–3 s left less of the two cores to the readers
 * (decision record 0024, "Publishing under a stream of saves"); 5 s keep a save on its public page
 * within 6.5 s at p95, where the budget is 10 s.
 */
const PUBLISH_SPACING_MS = 5000;

/**
 * Issue 17, "the public directory is live": the portal serves the directory from the snapshot
 * published last and publishes a new one a moment after a change — its own (debounced, so a burst
 * of saves is published together) or another process's (the content version, checked every few
 * seconds), and when the day changes. A snapshot's pages are swapped in whole, so no request sees
 * a mix of two versions, and rendered once per version (src/middleware.ts); the search reads the
 * same snapshot (lib/directory/search.ts). Under a stream of saves one publish is
 * under way at a time and the next, no sooner than PUBLISH_SPACING_MS after it began, takes every
 * save made meanwhile.
 */
export function startPublisher(db: Database, options: PublisherOptions): Publisher {
  const { imageCache, debounceMs = 1000, spacingMs = PUBLISH_SPACING_MS, pollMs = 1000 } = options;
  const { now = () => new Date(), log = console.error } = options;
  const snapshot = keptSnapshot(path.join(options.keptIn, 'snapshot.v8'), log);
  let current: PublishedDirectory | undefined;
  const listeners: ((snapshot: Published) => void)[] = [];
  const published = () => {
    if (!current) throw new Error('Nothing is published yet.');
    return current;
  };
  let stopped = false;
  const images = imageFetcher(imageCache, options.download, log, () => schedule());
  let pending = true; // until the first publish
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  /** The last publish failed (the database away): the next check tries again. */
  let failed = false;
  let waiting: (() => void)[] = [];
  /** Resolves `settled()` once no publish is under way or due. */
  const settle = () => {
    if (running || timer) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  /** Serves what a publish made. */
  const adopt = (made: PublishedDirectory) => {
    current = made;
    for (const listener of listeners) listener(current.snapshot);
    snapshot.published(current.snapshot);
    if (!stopped) images.fetchMissing(current.directory); // no image copies after the stop
  };

  const run = async () => {
    timer = undefined;
    again = false;
    const began = Date.now();
    try {
      await ready;
      adopt(await publish(db, imageCache, now(), current));
      failed = false;
    } catch (error) {
      // What was published stays; the next check tries again.
      failed = true;
      log(`Publishing the directory failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    running = undefined;
    // Saves made while it ran: a stream of them is published no sooner than a spacing after this one began.
    if (again) schedule(Math.max(debounceMs, began + spacingMs - Date.now()));
    else {
      pending = failed; // the clerk is not told "published" while it is not
      settle();
    }
  };
  const schedule = (after = debounceMs) => {
    if (stopped) return;
    pending = true;
    if (running) again = true;
    else
      timer ??= setTimeout(() => {
        running = run();
      }, after);
  };

  /** Schedules a publish when the database or the day has moved on from what is published. */
  const check = async () => {
    if (running || timer || !current) return;
    const version = await contentVersion(db);
    if (failed || version !== current.version || viennaDay(now()) !== viennaDay(current.publishedAt)) schedule();
  };
  const poll = setInterval(() => {
    void check().catch(() => {}); // a database away for a moment: the next check
  }, pollMs);
  poll.unref();
  const ready = (async () => {
    const stored = await snapshot.load();
    const first = await publish(db, imageCache, now(), undefined, stored).catch((error: unknown) => {
      if (!stored) throw error;
      log(`The kept snapshot could not be read on, so everything is read (${String(error)}).`);
      return publish(db, imageCache, now(), undefined);
    });
    adopt(first);
    pending = running !== undefined || timer !== undefined; // a change while it was made: published next
    settle();
  })();
  ready.catch(() => {}); // its callers are told (run-portal.ts fails the start); not an unhandled rejection meanwhile

  const status = () => ({
    published_version: published().version,
    pending,
    published_at: published().publishedAt.toISOString(),
  });
  return {
    ready,
    isReady: () => current !== undefined,
    current: published,
    onPublished(listener) {
      listeners.push(listener);
      if (current) listener(current.snapshot);
    },
    changed: () => schedule(),
    status,
    async checkedStatus() {
      // Behind a proxy the clerk's next request may come here, not to the process that saved (issue 18).
      await check().catch(() => {}); // unreachable now: what this process knows
      return status();
    },
    // After the first publish: rejects with it when it failed.
    settled: () => ready.then(() => (pending ? new Promise((resolve) => waiting.push(resolve)) : undefined)),
    stop() {
      stopped = true;
      clearInterval(poll);
      clearTimeout(timer);
      // After the publish under way, so its snapshot is the one kept.
      return ready
        .catch(() => {})
        .then(() => running)
        .then(() => snapshot.stop());
    },
  };
}
