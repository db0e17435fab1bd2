import type { Database } from '../db/database.ts';
import { readPublished, type Published } from '../db/published.ts';
import { contentVersion } from '../db/queries/markets.ts';
import { isDatabaseUnavailable } from '../db/unavailable-error.ts';

/**
 * The published data, read again only when the content version has moved on, and then only what
 * changed. With the database away the data read last is served (issue 50: the feeds stay up).
 */
export function createPublishedSource(db: Database): { current(): Promise<Published> } {
  let cached: Published | undefined;
  let reading: Promise<Published> | undefined;
  const read = async () => {
    if (cached && cached.version === (await contentVersion(db))) return cached;
    reading ??= readPublished(db, cached).finally(() => (reading = undefined));
    cached = await reading;
    return cached;
  };
  return {
    current: () =>
      read().catch((error: unknown) => {
        if (cached && isDatabaseUnavailable(error)) return cached;
        throw error;
      }),
  };
}
