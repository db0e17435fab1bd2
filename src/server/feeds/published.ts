import type { Database } from '../db/database.ts';
import { readPublished, type Published } from '../db/published.ts';
import { contentVersion } from '../db/queries/markets.ts';

/** The published data, read again only when the content version has moved on, and then only what changed. */
export function createPublishedSource(db: Database): { current(): Promise<Published> } {
  let cached: Published | undefined;
  let reading: Promise<Published> | undefined;
  return {
    async current() {
      if (cached && cached.version === (await contentVersion(db))) return cached;
      reading ??= readPublished(db, cached).finally(() => (reading = undefined));
      cached = await reading;
      return cached;
    },
  };
}
