import { join } from 'node:path';
import type { Config } from '../src/server/config.ts';
import type { Database } from '../src/server/db/database.ts';
import { insertMarket, insertMarketDates, newMarket, newMarketDate } from '../src/server/db/queries/markets.ts';
import { startPublisher } from '../src/server/directory/publisher.ts';
import { loadPages } from '../src/server/http/pages.ts';
import { startServer } from '../src/server/http/server.ts';

export interface PublishFigures {
  /** From the commit of a new market to its public page answering 200 (debounce included). */
  saveToPublic: number;
  /** The publisher's own work until the page is public: reading the snapshot, the pages. */
  publishing: number;
  /** Its whole work for that change, the search index (published after the pages) included. */
  publishingWithSearch: number;
  /** The first rendering of its page. */
  firstRender: number;
}

/**
 * Issue 17: the time from a save to the public page, as a visitor sees it: a new market (the
 * case that used to be a 404 until the next build) committed, the publisher told as the market
 * service tells it, then the page asked for until it answers. Uses the portal's built pages
 * (`npm run build`) and a server in this process on `db`.
 */
export async function measurePublish(db: Database, config: Config, gkz: string): Promise<PublishFigures> {
  const imageCache = join(config.DATA_DIR, 'market-images');
  const publisher = await startPublisher(db, { imageCache });
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
    for (;;) {
      const path = publisher.current().marketPaths.get(market.id);
      if (path) {
        const asked = performance.now();
        const answer = await fetch(`${server.url}${path}`);
        await answer.arrayBuffer();
        if (answer.status === 200) {
          const done = performance.now();
          // The debounce is waiting, not work: the publisher's work is what follows it.
          const debounce = 1;
          return {
            saveToPublic: (done - started) / 1000,
            publishing: (asked - started) / 1000 - debounce,
            publishingWithSearch: ((await settled) - started) / 1000 - debounce,
            firstRender: (done - asked) / 1000,
          };
        }
      }
      if (performance.now() - started > 120_000) throw new Error('The new market was not public after two minutes.');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await server.close();
    publisher.stop();
  }
}
