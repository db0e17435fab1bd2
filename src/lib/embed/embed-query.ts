import { MARKET_TYPES, type MarketType } from '../market.ts';

/** At most this many markets in one list: more fits no sidebar, and bounds what a query can ask for. */
export const MAX_COUNT = 100;

/** What an embedding website may narrow the list to (issue 23: `?typ=<type>&anzahl=<n>`). */
export interface EmbedFilters {
  /** Only markets of these types; all when empty. Sorted and without repeats. */
  types: MarketType[];
  /** At most this many markets; all when null. */
  count: number | null;
}

export type EmbedQuery =
  | {
      ok: true;
      filters: EmbedFilters;
      /** The same filters always give the same key (the page cache's). */ key: string;
    }
  | { ok: false; error: 'embed.badType' | 'embed.badCount'; value: string };

/**
 * Reads the filters of an embedded list. A wrong value is refused (400 with the reason in the page's
 * language), not ignored: the website's author sees the mistake at once instead of a list that
 * silently shows something else. Other parameters (a CMS's cache buster) are ignored and make no
 * page of their own.
 */
export function parseEmbedQuery(params: URLSearchParams): EmbedQuery {
  const types = new Set<MarketType>();
  for (const given of params.getAll('typ')) {
    for (const value of given.split(',')) {
      const type = value.trim();
      if (!(MARKET_TYPES as readonly string[]).includes(type)) return { ok: false, error: 'embed.badType', value };
      types.add(type as MarketType);
    }
  }
  const counts = params.getAll('anzahl');
  let count: number | null = null;
  if (counts.length > 0) {
    const value = counts.join(',');
    if (counts.length > 1 || !/^[1-9]\d{0,2}$/.test(value) || Number(value) > MAX_COUNT)
      return { ok: false, error: 'embed.badCount', value };
    count = Number(value);
  }
  const filters = { types: MARKET_TYPES.filter((type) => types.has(type)), count };
  return { ok: true, filters, key: embedQueryKey(filters) };
}

/** The canonical query of the filters ("" without any), so `?anzahl=3&typ=kirtag` and its reverse share a page. */
export function embedQueryKey({ types, count }: EmbedFilters): string {
  const params = new URLSearchParams();
  if (types.length > 0) params.set('typ', types.join(','));
  if (count !== null) params.set('anzahl', String(count));
  const query = params.toString().replace(/%2C/g, ',');
  return query ? `?${query}` : '';
}

/** A municipality's code as Statistik Austria gives it: five digits, the first its state (1–9). */
export const GKZ_SHAPE = /^[1-9]\d{4}$/;
