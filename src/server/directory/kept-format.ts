import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { DATE_COLUMNS, MARKET_COLUMNS, PUBLISHED_MARKET } from '../db/queries/markets.ts';

/** Raise it when what a kept snapshot or search index holds changes in a way the inputs below miss. */
const KEPT_SHAPE = 1;

/**
 * What the code that writes the kept snapshot and search index (DATA_DIR/publication) makes of the
 * database, as a short hash: the columns read, the rule of what is public, the newest migration and
 * Pagefind's version. A file another version of the portal wrote (an upgrade) is not read: its
 * records could miss a field or show a market no longer public, its index parts would be merged
 * with another Pagefind's.
 */
export const KEPT_FORMAT = createHash('sha256')
  .update(JSON.stringify([KEPT_SHAPE, MARKET_COLUMNS, DATE_COLUMNS, PUBLISHED_MARKET, newestMigration(), pagefind()]))
  .digest('hex')
  .slice(0, 16);

function newestMigration(): string {
  return (
    readdirSync(new URL('../db/migrations/', import.meta.url))
      .sort()
      .at(-1) ?? ''
  );
}

function pagefind(): string {
  const manifest = new URL('../package.json', import.meta.resolve('pagefind'));
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}
