import type { MarketDateRecord, MarketRecord } from '../../lib/market.ts';
import { MARKET_TEXT_FIELDS } from '../../lib/market-fields.ts';

/** Market fields a clerk edits; the history compares these. */
export const MARKET_FIELDS = [
  'title',
  ...MARKET_TEXT_FIELDS.map(({ name }) => name),
  'type',
  'schedule',
  'rule',
  'status',
  'date_start',
  'date_end',
  'website',
  'phone',
  'email',
  'image',
  'hidden',
] as const satisfies readonly (keyof MarketRecord)[];
/** Date fields a clerk edits. */
export const DATE_FIELDS = [
  'date_start',
  'date_end',
  'time_from',
  'time_to',
  'status',
  'type',
  'note',
  'hidden',
] as const satisfies readonly (keyof MarketDateRecord)[];

/**
 * Field by field, old → new; a creation has every given field with old null. An empty text and
 * nothing are the same to a clerk, so a field that stays empty is no change.
 */
export function differences<T extends object, K extends keyof T & string>(
  before: T | null,
  after: T,
  fields: readonly K[],
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of fields) {
    const old = before ? before[field] : null;
    if (canonical(emptyAsNull(old)) !== canonical(emptyAsNull(after[field]))) changes[field] = [old, after[field]];
  }
  return changes;
}

function emptyAsNull(value: unknown): unknown {
  return value === '' ? null : value;
}

/** JSON with sorted keys: the database gives jsonb objects back in its own key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}
