import type { MarketRecord } from '../../lib/market.ts';
import type { PublishedDate } from './published.ts';

/** `kept` (in `order` already) and `added` as one list in `order`. */
export function mergedInOrder<T>(kept: readonly T[], added: T[], order: (a: T, b: T) => number): T[] {
  added.sort(order);
  const merged: T[] = [];
  let k = 0;
  let a = 0;
  while (k < kept.length && a < added.length) merged.push(order(kept[k]!, added[a]!) <= 0 ? kept[k++]! : added[a++]!);
  while (k < kept.length) merged.push(kept[k++]!);
  while (a < added.length) merged.push(added[a++]!);
  return merged;
}

/**
 * The orders a snapshot keeps, the same however it was read: by code unit, not by the database's
 * collation, which PGlite and PostgreSQL may not share (readers that show a list sort it for
 * their language, e.g. `byFirstLetter`).
 */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const byTitle = (a: MarketRecord, b: MarketRecord) => byCodeUnit(a.title, b.title) || byCodeUnit(a.id, b.id);
/** Dates by day, then id: as a snapshot keeps them, and as a save answers several. */
export const byDay = (a: Pick<PublishedDate, 'date_start' | 'id'>, b: Pick<PublishedDate, 'date_start' | 'id'>) =>
  byCodeUnit(a.date_start, b.date_start) || byCodeUnit(a.id, b.id);
