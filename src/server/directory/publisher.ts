import { setImmediate as requestsFirst, setTimeout as sleep } from 'node:timers/promises';
import {
  marketsOf,
  pagesOf,
  type Directory,
  type DirectoryMunicipality,
  type DirectoryPage,
} from '../../lib/directory/directory.ts';
import { viennaDay } from '../../lib/market-rules.ts';
import type { Database } from '../db/database.ts';
import { readPublished, type Published } from '../db/published.ts';
import { contentVersion } from '../db/queries/markets.ts';
import { listMunicipalities } from '../db/queries/places.ts';
import type { ImageDownload } from './image-download.ts';
import { copiesOf, imagesWithoutCopy, marketImageFiles } from './market-images.ts';
import { pageVersions } from './page-versions.ts';
import { directoryOf, imageAddressesOf } from './read-directory.ts';
import { RememberedRecords } from './search-index.ts';
import { watchBusy } from './busy-watch.ts';
import { isCurrent, searchParts, updateSearchIndex, type SearchIndex, type SearchParts } from './search-parts.ts';

/** One published state of the directory: what every page, the sitemap and the search show. */
export interface PublishedDirectory {
  version: string;
  /** What it was made from; the next publish reads only what changed since (db/published.ts). */
  snapshot: Published;
  directory: Directory;
  /** Every page by its path without a language prefix. */
  pages: ReadonlyMap<string, DirectoryPage>;
  /**
   * What the page at a path (without a language prefix) shows, as a short hash (page-versions.ts);
   * for the sitemap and the embeddable lists, the content version and the day.
   */
  pageVersion: (path: string) => string;
  /** Each public market's page, by the market's id. */
  marketPaths: ReadonlyMap<string, string>;
  /**
   * Every municipality on file by its code, also those without markets (issue 23: a municipality's
   * embedded list says "no markets yet", an unknown code is a 404), with its directory entry if any.
   */
  municipalities: ReadonlyMap<string, { name: string; listed: DirectoryMunicipality | undefined }>;
  /** The image copies its pages show (names below /markt-bilder/). */
  images: ReadonlySet<string>;
  /**
   * The search index, in parts (search-parts.ts): a change that leaves what it holds alone (a
   * date after the next one) keeps it, a market's change makes its part again. It follows the
   * pages a few seconds later (searchFollower).
   */
  search: SearchIndex;
  publishedAt: Date;
}

export interface PublishStatus {
  published_version: string;
  /** A change is known that is not public yet. */
  pending: boolean;
  published_at: string;
}

export interface Publisher {
  current(): PublishedDirectory;
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
  stop(): void;
}

export interface PublisherOptions {
  /** Where the image copies are (build-site.ts, marketImageCache). */
  imageCache: string;
  /** Saves within this time of each other are published together. */
  debounceMs?: number;
  /** How often the content version is checked for changes made by other processes. */
  pollMs?: number;
  /**
   * Fetches copies of images the directory shows without one (a new market's, or a changed
   * address), beside the requests, and publishes them when they arrive. Without it only copies
   * at hand are shown (tests, bench).
   */
  download?: ImageDownload;
  now?: () => Date;
  log?: (message: string) => void;
  /** Whether the portal is busy now: publishes rest and the search index waits meanwhile (busy-watch.ts; tests). */
  busy?: () => boolean;
  /** How long the search index waits for a lull at most, once it is behind the pages. */
  searchWaitsForLullMs?: number;
}

/**
 * Under a full load the search index waits for a lull at most this long once it is behind the
 * pages: indexing beside issue 18's load took 36 s and slowed every reader and clerk by a third
 * while it ran, even at the lowest priority (decision record 0038). Pages and apps are current
 * meanwhile; the search is at most this and one index behind them.
 */
export const SEARCH_WAITS_FOR_LULL_MS = 2 * 60_000;

/**
 * Issue 17, "the public directory is live": the portal serves the directory from the snapshot
 * published last and publishes a new one a moment after a change — its own (debounced, so a burst
 * of saves is published together) or another process's (the content version, checked every few
 * seconds), and when the day changes. A snapshot's pages are swapped in whole, so no request sees
 * a mix of two versions, and rendered once per version (src/middleware.ts); its search index
 * follows a few seconds later when what it holds changed.
 */
export async function startPublisher(db: Database, options: PublisherOptions): Promise<Publisher> {
  const { imageCache, debounceMs = 1000, pollMs = 5000, now = () => new Date(), log = console.error } = options;
  const { searchWaitsForLullMs = SEARCH_WAITS_FOR_LULL_MS } = options;
  const searchRecords = new RememberedRecords(); // kept from one publish to the next
  const first = await publish(db, imageCache, searchRecords, now(), undefined);
  let current: PublishedDirectory = { ...first.pages, search: await updateSearchIndex(first.parts) };
  const load = options.busy ? { busy: options.busy, stop: () => {} } : watchBusy();
  let stopped = false;
  const images = imageFetcher(imageCache, options.download, log, () => schedule());
  let pending = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  /** The last publish failed (its search index, or the database away): the next check tries again. */
  let failed = false;
  let waiting: (() => void)[] = [];
  /** Resolves `settled()` once no publish is under way or due and the search index has followed. */
  const settle = () => {
    if (running || timer || search.busy()) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  const search = searchFollower({
    index: () => current.search,
    made: (index) => (current = { ...current, search: index }),
    failed: (error) => {
      if (stopped) return; // an index given up when the publisher stopped (lull)
      failed = true;
      log(`Making the search index failed: ${error instanceof Error ? error.message : String(error)}`);
    },
    done: settle,
    lull: async (behindSince) => {
      for (;;) {
        // A stopped publisher's index is given up, not made at full speed beside what comes next.
        if (stopped) throw new Error('The publisher stopped.');
        const left = behindSince + searchWaitsForLullMs - performance.now();
        if (left <= 0 || !load.busy()) return;
        await sleep(Math.min(LULL_CHECK_MS, left), undefined, { ref: false });
      }
    },
  });

  /**
   * When the last publish ended and how long it took (ms, performance.now()). Its search index,
   * made after it, waits for a lull instead (searchFollower).
   */
  let last = { end: -Infinity, duration: 0 };
  const run = async () => {
    timer = undefined;
    again = false;
    const started = performance.now();
    try {
      const { pages, parts } = await publish(db, imageCache, searchRecords, now(), current);
      current = { ...pages, search: current.search };
      failed = false;
      search.follow(parts);
      images.fetchMissing(current.directory);
    } catch (error) {
      // What was published stays; the next check tries again.
      failed = true;
      log(`Publishing the directory failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    running = undefined;
    const end = performance.now();
    last = { end, duration: end - started };
    if (again) schedule();
    else {
      pending = failed; // the clerk is not told "published" while it is not
      settle();
    }
  };
  const schedule = () => {
    if (stopped) return;
    pending = true;
    if (running) again = true;
    else
      timer ??= setTimeout(
        () => {
          running = run();
        },
        publishDelay(debounceMs, last, performance.now(), load.busy()),
      );
  };

  /** Schedules a publish when the database or the day has moved on from what is published. */
  const check = async () => {
    if (running || timer) return;
    const version = await contentVersion(db);
    if (failed || version !== current.version || viennaDay(now()) !== viennaDay(current.publishedAt)) schedule();
  };
  const poll = setInterval(() => {
    void check().catch(() => {}); // a database away for a moment: the next check
  }, pollMs);
  poll.unref();
  images.fetchMissing(current.directory);

  const status = () => ({
    published_version: current.version,
    pending,
    published_at: current.publishedAt.toISOString(),
  });
  return {
    current: () => current,
    changed: schedule,
    status,
    async checkedStatus() {
      // Behind a proxy the clerk's next request may come here, not to the process that saved (issue 18).
      await check().catch(() => {}); // unreachable now: what this process knows
      return status();
    },
    settled: () => (pending || search.busy() ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve()),
    stop() {
      stopped = true;
      load.stop();
      clearInterval(poll);
      clearTimeout(timer);
    },
  };
}

/**
 * While the portal is busy the publisher rests 25 times its last work. A publish costs the readers
 * and clerks more than its own work (the changed pages are rendered again as visitors ask for
 * them): at Austria scale under issue 18's load a publish took 0.5-0.9 s. With a rest of three
 * times that (a publish every 3 s) the clerks' median save took 287-330 ms, with ten (every
 * 7-10 s) 248 ms (decision record 0028); with 25 (every 15-18 s, within issue 17's minute) the
 * readers' p99 was lower again (decision record 0038).
 */
const REST_PER_WORK = 25;
/**
 * Before the portal counts as busy a publish still rests 3 times its last work. The busy watch
 * looks over five seconds, so in the first seconds of a sudden load two publishes could go out one
 * right after the other, each slowed to 1-2 s; in two of issue 18's load runs most of the clerks'
 * slowest saves came in those seconds (decision record 0043). A quiet portal's publish (140-210 ms
 * at Austria scale) rests less than the debounce: it still goes out after the debounce alone.
 */
const QUIET_REST_PER_WORK = 3;
/** A rest is never longer: a publish slowed by a saturated machine must not hold a change past issue 17's minute. */
const LONGEST_REST_MS = 30_000;

/**
 * How long a publish waits once scheduled: the debounce, so a burst goes out together, and a rest
 * after the last publish in proportion to its work, long while the portal is busy (busy-watch.ts),
 * so a working day's stream of saves leaves the readers and editors their CPU (issue 18). On a
 * quiet portal a save goes out after the debounce alone.
 */
export function publishDelay(
  debounceMs: number,
  last: { end: number; duration: number },
  at: number,
  busy: boolean,
): number {
  const rest = (busy ? REST_PER_WORK : QUIET_REST_PER_WORK) * last.duration;
  return Math.max(debounceMs, Math.min(LONGEST_REST_MS, last.end + rest - at));
}

/** An address that could not be fetched is tried again after this long (the nightly run tries them all). */
const IMAGE_RETRY_MS = 60 * 60 * 1000;

/**
 * Issue 17: a new market's image is published with it, not at the next start. Missing copies are
 * fetched one batch at a time, within the image step's deadline and budget (issue 15, M7), and
 * an address that failed is not asked for again at every publish.
 */
function imageFetcher(
  imageCache: string,
  download: ImageDownload | undefined,
  log: (message: string) => void,
  arrived: () => void,
) {
  const triedAt = new Map<string, number>();
  let fetching = false;
  return {
    fetchMissing(directory: Directory): void {
      if (!download || fetching) return;
      const at = Date.now();
      for (const [url, tried] of triedAt) if (at - tried > IMAGE_RETRY_MS) triedAt.delete(url);
      const urls = imagesWithoutCopy(directory).filter((url) => !triedAt.has(url));
      if (urls.length === 0) return;
      for (const url of urls) triedAt.set(url, at);
      fetching = true;
      copiesOf(urls, imageCache, download)
        .then(
          (copies) => {
            if ([...copies.values()].some(Boolean)) arrived();
          },
          (error: unknown) =>
            log(`Fetching market images failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => (fetching = false));
    },
  };
}

/** How often a search index waiting for a lull looks again. */
const LULL_CHECK_MS = 1000;

/**
 * Issue 18: the search index follows the pages, one index at a time, always of the newest pages'
 * parts, and never holds up the next publish (decision record 0028). Pagefind works at the lowest
 * priority (decision record 0027), and while the portal is busy it waits for a lull (`lull`, given
 * when the index fell behind the pages).
 */
function searchFollower(on: {
  index: () => SearchIndex;
  made: (index: SearchIndex) => void;
  failed: (error: unknown) => void;
  done: () => void;
  lull: (behindSince: number) => Promise<void>;
}) {
  let wanted: SearchParts | undefined;
  /** When the parts wanted first differed from the index (performance.now()). */
  let behindSince = 0;
  let making: Promise<void> | undefined;
  const make = async () => {
    while (wanted && !isCurrent(wanted, on.index())) {
      const since = behindSince;
      await on.lull(since);
      const parts = wanted; // the newest, also those handed on while it waited
      wanted = undefined;
      // Before each part too: an index begun in a lull waits when the load comes back.
      on.made(await updateSearchIndex(parts, on.index(), () => on.lull(since)));
    }
    wanted = undefined;
  };
  return {
    /** Makes the index of `parts` once the one being made is done, unless newer parts come first. */
    follow(parts: SearchParts): void {
      if (!wanted) behindSince = performance.now();
      wanted = parts;
      making ??= make()
        .catch((error: unknown) => {
          wanted = undefined; // the next publish, at the next check, asks again
          on.failed(error);
        })
        .finally(() => {
          making = undefined;
          on.done();
        });
    },
    busy: () => making !== undefined,
  };
}

/**
 * Reads the one snapshot (db/published.ts) and makes everything a visitor can see of it, and the
 * parts of its search index (search-parts.ts: at Austria scale Pagefind takes seconds for all of
 * them, a fraction of that for one, and a date after a market's next one changes none). The
 * pages carry the previous search index until the parts' is made (searchFollower).
 *
 * Its steps are each a block of the server's thread: between them the requests waiting meanwhile
 * are answered first. At Austria scale the longest block went from 200 to 159 ms (`npm run
 * bench:directory`); under issue 18's load the three steps had held the thread 260 ms at once.
 */
async function publish(
  db: Database,
  imageCache: string,
  searchRecords: RememberedRecords,
  at: Date,
  previous: PublishedDirectory | undefined,
): Promise<{ pages: Omit<PublishedDirectory, 'search'>; parts: SearchParts }> {
  const published = await readPublished(db, previous?.snapshot);
  // Master data bumps the content version (migration 0010): a list read after a change is
  // republished at the next check, as the version differs.
  const onFile = await listMunicipalities(db);
  // Only copies at hand here: missing ones are fetched beside the requests (imageFetcher).
  const { files } = await marketImageFiles(imageAddressesOf(published), imageCache, 'copies only');
  await requestsFirst();
  const directory = directoryOf(published, at, { previous: previous?.directory, imageFiles: files });
  await requestsFirst();
  const markets = [...marketsOf(directory)].map(({ market }) => market);
  const directoryPages = new Map(pagesOf(directory));
  const today = viennaDay(at);
  const versions = pageVersions(directory, directoryPages, today);
  const versionOf = (path: string) => versions.get(path) ?? '';
  await requestsFirst();
  const parts = searchParts(directory, today, { records: searchRecords, versionOf });
  const pages = {
    version: published.version,
    snapshot: published,
    directory,
    pages: directoryPages,
    pageVersion: (path: string) => versions.get(path) ?? `${published.version}-${today}`,
    marketPaths: new Map(markets.map((market) => [market.id, market.path])),
    municipalities: municipalitiesOf(directory, onFile),
    images: new Set(markets.flatMap((market) => market.image_file?.split('/').pop() ?? [])),
    publishedAt: at,
  };
  return { pages, parts };
}

function municipalitiesOf(directory: Directory, onFile: readonly { gkz: string; name: string }[]) {
  const listed = new Map<string, DirectoryMunicipality>();
  for (const state of directory.states)
    for (const district of state.districts)
      for (const municipality of district.municipalities) listed.set(municipality.gkz, municipality);
  return new Map(onFile.map(({ gkz, name }) => [gkz, { name, listed: listed.get(gkz) }]));
}
