import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { publicationDirOf, type Config } from '../src/server/config.ts';
import type { Database } from '../src/server/db/database.ts';
import { insertMarket, insertMarketDates, newMarket, newMarketDate } from '../src/server/db/queries/markets.ts';
import { startPublisher, type Publisher } from '../src/server/directory/publisher.ts';
import { loadPages } from '../src/server/http/pages.ts';
import { startServer } from '../src/server/http/server.ts';

export interface PublishFigures {
  /** From the commit of a new market to its public page answering 200 (debounce included). */
  saveToPublic: number;
  /** The publisher's own work until the page is public: reading the snapshot, the pages. */
  publishing: number;
  /** Its whole work for that change, until it settled (the snapshot kept on disk included). */
  publishingWhole: number;
  /** The first rendering of its page. */
  firstRender: number;
  /** The publisher's whole work for a changed title, then for an added date (issue 17). */
  titleChange: number;
  dateChange: number;
  /** The longest the publisher held the server's thread at once during those two (ms): requests wait that long. */
  longestHold: number;
}

/** The debounce is waiting, not work: the publisher's work is what follows it (publisher.ts). */
const DEBOUNCE_S = 1;

/**
 * Issue 17: the time from a save to the public page, as a visitor sees it: a new market (the
 * case that used to be a 404 until the next build) committed, the publisher told as the market
 * service tells it, then the page asked for until it answers. Then the publisher's work for
 * that market's changed title and for a date added after its next one. Uses the portal's built pages (`npm run build`) and a server
 * in this process on `db`.
 */
export async function measurePublish(db: Database, config: Config, gkz: string): Promise<PublishFigures> {
  const imageCache = join(config.DATA_DIR, 'market-images');
  const publisher = startPublisher(db, { imageCache, keptIn: publicationDirOf(config) });
  await publisher.ready;
  const server = await startServer({ db, config, pages: await loadPages(), publisher, imageCache });
  try {
    const market = newMarket(gkz, { title: `Messmarkt ${Date.now()}`, type: 'kirtag', location: 'Hauptplatz' });
    const year = new Date().getFullYear() + 1;
    const started = performance.now();
    await db.transaction(async (tx) => {
      await insertMarket(tx, market);
      await insertMarketDates(tx, [
        newMarketDate(market.id, { date_start: `${year}-07-25`, date_end: `${year}-07-25` }),
      ]);
    });
    publisher.changed();
    const settled = publisher.settled().then(() => performance.now());
    let created: Omit<PublishFigures, 'titleChange' | 'dateChange' | 'longestHold'> | undefined;
    while (!created) {
      const path = publisher.current().marketPaths.get(market.id);
      if (path) {
        const asked = performance.now();
        const answer = await fetch(`${server.url}${path}`);
        await answer.arrayBuffer();
        if (answer.status === 200) {
          const done = performance.now();
          created = {
            saveToPublic: (done - started) / 1000,
            publishing: (asked - started) / 1000 - DEBOUNCE_S,
            publishingWhole: ((await settled) - started) / 1000 - DEBOUNCE_S,
            firstRender: (done - asked) / 1000,
          };
        }
      }
      if (performance.now() - started > 120_000) throw new Error('The new market was not public after two minutes.');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const title = await work(publisher, () =>
      db.query('UPDATE markets SET title = $1 WHERE id = $2', [`${market.title} am Anger`, market.id]),
    );
    const date = await work(publisher, () =>
      insertMarketDates(db, [newMarketDate(market.id, { date_start: `${year}-08-01`, date_end: `${year}-08-01` })]),
    );
    const longestHold = Math.max(title.longestHold, date.longestHold);
    return { ...created, titleChange: title.seconds, dateChange: date.seconds, longestHold };
  } finally {
    await server.close();
    await publisher.stop();
  }
}

/**
 * The publisher's work for one committed change, until everything is public,
 * and the longest it held the thread at once (the event loop's longest delay meanwhile).
 */
async function work(publisher: Publisher, change: () => Promise<unknown>) {
  const started = performance.now();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  await change();
  publisher.changed();
  await publisher.settled();
  loop.disable();
  return { seconds: (performance.now() - started) / 1000 - DEBOUNCE_S, longestHold: loop.max / 1e6 };
}
