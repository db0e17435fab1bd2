import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DirectoryPage } from '../../lib/directory/listing.ts';
import type { MarketRecord } from '../../lib/market.ts';
import type { Database } from '../db/database.ts';
import { insertMarket, insertMarketDates, newMarket, newMarketDate } from '../db/queries/markets.ts';
import { openDatabase } from '../db/open.ts';
import { importBundledMasterDataIfEmpty } from '../master-data/import.ts';
import type { ImageDownload } from './image-download.ts';
import { startPublisher, type Publisher, type PublisherOptions } from './publisher.ts';
import type * as searchPartsModule from './search-parts.ts';
import { searchPartOf } from './search-parts.ts';

/** Holds every search index made while `hold` is set: Pagefind under a busy day's load. */
const indexing = vi.hoisted(() => ({ hold: undefined as Promise<void> | undefined }));
vi.mock('./search-parts.ts', async (importOriginal) => {
  const original = await importOriginal<typeof searchPartsModule>();
  return {
    ...original,
    updateSearchIndex: async (...made: Parameters<typeof original.updateSearchIndex>) => {
      await indexing.hold;
      return original.updateSearchIndex(...made);
    },
  };
});

/** Issue 17: what the publisher publishes, and when. One embedded database in memory. */
const folder = mkdtempSync(path.join(tmpdir(), 'publisher-'));
let db: Database;
const started: Publisher[] = [];
let caches = 0;
const start = async (pollMs = 60_000, download?: ImageDownload, more: Partial<PublisherOptions> = {}) => {
  // A cache of its own: a stopped publisher's publish under way still ends, and tidies its cache.
  const imageCache = path.join(folder, `images-${(caches += 1)}`);
  // Never busy unless a test says so: the test's own thread at work must not delay what it waits for.
  const keptIn = path.join(folder, `kept-${caches}`);
  const options = {
    imageCache,
    keptIn,
    debounceMs: 50,
    pollMs,
    busy: () => false,
    ...(download && { download }),
    ...more,
  };
  const publisher = startPublisher(db, options);
  await publisher.ready;
  started.push(publisher);
  return publisher;
};
const year = new Date().getFullYear() + 1;
async function addMarket(title: string, image: MarketRecord['image'] = null) {
  const market = newMarket('62219', { title, type: 'kirtag', location: 'Hauptplatz', image });
  const date = newMarketDate(market.id, { date_start: `${year}-07-25`, date_end: `${year}-07-25` });
  await db.transaction(async (tx) => {
    await insertMarket(tx, market);
    await insertMarketDates(tx, [date]);
  });
  return { market, date };
}

beforeAll(async () => {
  db = await openDatabase({ dataDir: null });
  await importBundledMasterDataIfEmpty(db);
}, 30_000);
// A publisher left polling would publish beside the next test's, on the same image cache.
afterEach(() => {
  for (const publisher of started.splice(0)) void publisher.stop();
});
afterAll(async () => {
  await db.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the publisher', () => {
  it('is there before its first publish: a listener told of it, a change meanwhile published after it (issue 50)', async () => {
    const publisher = startPublisher(db, {
      imageCache: path.join(folder, 'images-first'),
      keptIn: path.join(folder, 'kept-first'),
      debounceMs: 50,
      busy: () => false,
    });
    started.push(publisher);
    expect(publisher.isReady()).toBe(false);
    expect(() => publisher.current()).toThrow();
    const told: string[] = [];
    publisher.onPublished((snapshot) => told.push(snapshot.version));
    const { market } = await addMarket('Kirtag beim Start');
    publisher.changed();
    await publisher.ready;
    expect(publisher.isReady()).toBe(true);
    expect(told).toEqual([publisher.current().version]);
    await publisher.settled();
    expect(publisher.current().marketPaths.has(market.id)).toBe(true);
    expect(publisher.status().pending).toBe(false);
  });

  it('knows of another process’s change when asked for its status, and publishes it then', async () => {
    const here = await start();
    const there = await start();
    const { market } = await addMarket('Kirtag von nebenan');
    here.changed(); // saved through the other process: this one is not told
    expect(there.status().pending).toBe(false);
    expect((await there.checkedStatus()).pending).toBe(true);
    await there.settled();
    expect(there.status().pending).toBe(false);
    expect(there.current().marketPaths.has(market.id)).toBe(true);
    expect(there.current().version).toBe(here.current().version);
  });

  it('publishes a burst of changes together, and a date change without rebuilding the search index', async () => {
    const publisher = await start();
    const before = publisher.current();
    const first = await addMarket('Kirtag eins');
    publisher.changed();
    await addMarket('Kirtag zwei');
    publisher.changed();
    expect(publisher.status().pending).toBe(true);
    await publisher.settled();
    const after = publisher.current();
    expect(publisher.status()).toMatchObject({ pending: false, published_version: after.version });
    expect(after.version).not.toBe(before.version);
    expect(after.marketPaths.size).toBe(before.marketPaths.size + 2);
    expect(after.pages.has(after.marketPaths.get(first.market.id)!)).toBe(true);
    expect(after.search).not.toBe(before.search);

    // A second date: the pages change, what the search holds does not.
    await insertMarketDates(db, [
      newMarketDate(first.market.id, { date_start: `${year}-08-01`, date_end: `${year}-08-01` }),
    ]);
    publisher.changed();
    await publisher.settled();
    expect(publisher.current().version).not.toBe(after.version);
    expect(publisher.current().search).toBe(after.search);
  }, 60_000);

  it("makes again only the search index's part that holds a new market (issue 17: Austria scale)", async () => {
    const publisher = await start();
    await addMarket('Kirtag zum Aufwärmen'); // at least one market in the directory
    publisher.changed();
    await publisher.settled();
    const before = publisher.current().search;
    const { market } = await addMarket('Kirtag im eigenen Teil');
    publisher.changed();
    await publisher.settled();
    const after = publisher.current().search;
    const part = searchPartOf(market.id);
    expect(after.parts.get(part)).toBeDefined();
    expect(after.parts.get(part)).not.toBe(before.parts.get(part));
    for (const [other, key] of after.parts) if (other !== part) expect(key).toBe(before.parts.get(other));
  }, 60_000);

  it('restarts from what it kept on disk: its search index served at once, and the change made meanwhile published (issue 50)', async () => {
    const keptIn = path.join(folder, 'kept-restart');
    const first = await start(60_000, undefined, { keptIn });
    await addMarket('Kirtag vor dem Neustart');
    first.changed();
    await first.settled();
    const index = first.current().search;
    await first.stop(); // writes the snapshot
    const { market } = await addMarket('Kirtag nach dem Neustart');
    // Pagefind held: a restart that waited for a new index would not get past its start.
    let release = () => {};
    indexing.hold = new Promise((resolve) => (release = resolve));
    try {
      const again = await start(60_000, undefined, { keptIn });
      expect(again.current().search).toEqual(index);
      expect(again.current().marketPaths.has(market.id)).toBe(true); // the change since, from the log
      release();
      await again.settled();
      expect(again.current().search.parts.get(searchPartOf(market.id))).not.toBe(
        index.parts.get(searchPartOf(market.id)),
      );
    } finally {
      indexing.hold = undefined;
      release();
    }
  }, 60_000);

  it('publishes what another process saved, by the content version, as that process does', async () => {
    const here = await start(100);
    const there = await start(100);
    const { market } = await addMarket('Kirtag von drüben');
    there.changed(); // only the process that saved hears of it
    await there.settled();
    const until = Date.now() + 5000;
    while (here.current().version !== there.current().version && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await here.settled();
    expect(here.current().version).toBe(there.current().version);
    expect(here.current().marketPaths.get(market.id)).toBe(there.current().marketPaths.get(market.id));
  }, 60_000);

  it('publishes a change while the search index of the one before is still being made (issue 18)', async () => {
    const publisher = await start();
    await addMarket('Kirtag zum Aufwärmen');
    publisher.changed();
    await publisher.settled();
    let release = () => {};
    indexing.hold = new Promise((resolve) => (release = resolve));
    try {
      const first = await addMarket('Kirtag vor dem Suchindex');
      publisher.changed();
      await until(() => publisher.current().marketPaths.has(first.market.id));
      const second = await addMarket('Kirtag während des Suchindex');
      publisher.changed();
      // Pagefind at the lowest priority takes a minute under a full load (decision record 0024,
      // "The search index").
      await until(() => publisher.current().marketPaths.has(second.market.id));
      expect(publisher.status().pending).toBe(false);
      const before = publisher.current().search;
      release();
      await publisher.settled();
      const search = publisher.current().search;
      expect(search).not.toBe(before);
      for (const { market } of [first, second])
        expect(search.parts.get(searchPartOf(market.id))).not.toBe(before.parts.get(searchPartOf(market.id)));
    } finally {
      release();
      indexing.hold = undefined;
    }
  }, 60_000);

  it('makes the search index of a change saved under load in a lull, or once it waited as long as it may (issue 18)', async () => {
    await addMarket('Kirtag vor der Hauptverkehrszeit'); // the first index holds a market
    let busy = true;
    const publisher = await start(60_000, undefined, { busy: () => busy });
    await publisher.settled(); // the first index, which waits for no lull: there was none before it
    const before = publisher.current().search;
    const { market } = await addMarket('Kirtag zur Hauptverkehrszeit');
    publisher.changed();
    await until(() => publisher.current().marketPaths.has(market.id)); // the pages go out at once
    await new Promise((resolve) => setTimeout(resolve, 1500)); // longer than the publisher looks at the load
    expect(publisher.current().search).toBe(before);
    busy = false;
    await publisher.settled();
    const search = publisher.current().search;
    expect(search).not.toBe(before);
    expect(search.parts.get(searchPartOf(market.id))).not.toBe(before.parts.get(searchPartOf(market.id)));

    // A load without a lull: the index waits only as long as it may.
    const loaded = await start(60_000, undefined, { busy: () => true, searchWaitsForLullMs: 300 });
    await loaded.settled();
    const later = await addMarket('Kirtag ohne Pause');
    const unchanged = loaded.current().search.parts.get(searchPartOf(later.market.id));
    loaded.changed();
    await loaded.settled();
    expect(loaded.current().search.parts.get(searchPartOf(later.market.id))).not.toBe(unchanged);
  }, 60_000);

  it("fetches a new market's image and publishes its copy, without waiting for the next start", async () => {
    const download = vi.fn<ImageDownload>((url) =>
      Promise.resolve(url.endsWith('neu.jpg') ? { bytes: Buffer.from('bild'), extension: 'jpg' } : null),
    );
    const publisher = await start(60_000, download);
    const image = {
      url: 'https://gemeinde.at/neu.jpg',
      alt: 'Stände am Hauptplatz',
      description: '',
      focal_x: 50,
      focal_y: 50,
    };
    const { market } = await addMarket('Kirtag mit Bild', image);
    publisher.changed();
    const copyOf = () => publisher.current().pages.get(publisher.current().marketPaths.get(market.id) ?? '');
    // The copy is published by the publish after the download, which under a full test run may rest
    // 25 times the last publish's work first (publishDelay): seconds, not one. Looked at between
    // any two steps of that publish, the page names a copy only once it is among the files served:
    // the publish must not change the directory it is about to replace.
    const until = Date.now() + 40_000;
    const unserved = new Set<string>();
    while (!imageFileOf(copyOf()) && Date.now() < until) {
      await new Promise((resolve) => setImmediate(resolve));
      const file = imageFileOf(copyOf());
      if (file && !publisher.current().images.has(path.basename(file))) unserved.add(file);
    }
    expect(imageFileOf(copyOf())).toMatch(/^\/markt-bilder\/[0-9a-f]{32}\.jpg$/);
    expect(unserved).toEqual(new Set());
    expect(download).toHaveBeenCalledWith('https://gemeinde.at/neu.jpg', expect.anything());

    // An image that cannot be fetched is not asked for again at every publish.
    await addMarket('Kirtag mit fehlendem Bild', { ...image, url: 'https://weg.at/fehlt.jpg' });
    publisher.changed();
    await publisher.settled();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await addMarket('Kirtag ohne Bild');
    publisher.changed();
    await publisher.settled();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(download.mock.calls.filter(([url]) => url.includes('fehlt')).length).toBe(1);
  }, 60_000);
});

/** Waits up to 5 s for `done`, which the test then expects. */
async function until(done: () => boolean) {
  const end = Date.now() + 5000;
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(done()).toBe(true);
}

function imageFileOf(page: DirectoryPage | undefined): string | undefined {
  return page?.kind === 'market' ? page.market.image_file : undefined;
}
