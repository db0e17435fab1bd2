import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { DATE_COLUMNS, MARKET_COLUMNS, PUBLISHED_MARKET } from '../db/queries/markets.ts';

/** Raise it when what a kept snapshot holds changes in a way the inputs below miss. */
const KEPT_SHAPE = 1;

/**
 * What the code that writes the kept snapshot (DATA_DIR/publication) makes of the database, as a
 * short hash: the columns read, the rule of what is public and the newest migration. A file
 * another version of the portal wrote (an upgrade) is not read: its records could miss a field or
 * show a market no longer public.
 */
export const KEPT_FORMAT = createHash('sha256')
  .update(JSON.stringify([KEPT_SHAPE, MARKET_COLUMNS, DATE_COLUMNS, PUBLISHED_MARKET, newestMigration()]))
  .digest('hex')
  .slice(0, 16);

function newestMigration(): string {
  return (
    readdirSync(new URL('../db/migrations/', import.meta.url))
      .sort()
      .at(-1) ?? ''
  );
}
