import { addDays } from 'date-fns/addDays';
import { formatISO } from 'date-fns/formatISO';
import { getISODay } from 'date-fns/getISODay';
import { isMatch } from 'date-fns/isMatch';
import type { Translate } from '../translate.ts';
import { MARKET_TYPES, type MarketType } from '../market.ts';
import type { Directory, DirectoryDate, DirectoryMarket, DirectoryMunicipality, DirectoryState } from './directory.ts';
import type { PlaceFound, Places } from './places.ts';
import { byFound, firstDateIn, listOf, wordsOf } from './search-listing.ts';

/** Results on one page of the search (issue 52: 20 a page, the true total, pages to every result). */
export const RESULTS_PER_PAGE = 20;
/** The radii a visitor chooses from, in km; a link may ask for any whole number up to the largest. */
export const RADII_KM = [5, 10, 20, 50, 100] as const;
export const DEFAULT_RADIUS_KM = 20;
/** Days a link may name instead of dates, so that "this weekend" stays this weekend when shared. */
export const WHEN = ['heute', 'morgen', 'wochenende'] as const;
export type When = (typeof WHEN)[number];

/** What a visitor searches for: `/verzeichnis/suche?q=&ort=&km=&von=&bis=&wann=&typ=&land=&seite=`. */
export interface SearchQuery {
  text: string;
  type: MarketType | null;
  state: number | null;
  /** A municipality's gkz, postcode or name as asked ('' for none), and the radius around it. */
  place: string;
  km: number;
  /** Days as asked: `from`–`to` (YYYY-MM-DD, either open), or else `when`. */
  from: string | null;
  to: string | null;
  when: When | null;
  /** From 1. */
  page: number;
}

/** One market found, with what its line in the results shows. */
export interface Found {
  market: DirectoryMarket;
  municipality: DirectoryMunicipality;
  state: DirectoryState;
  /**
   * Its first date in the days asked (from today on when none were): one that takes place or may,
   * else a cancelled one, which a visitor who planned to go should see. Null: none this year and next.
   */
  next: DirectoryDate | null;
  /** From the place asked, centre to centre; null when no place was asked. */
  distanceKm: number | null;
}

export interface SearchResults {
  /** How many markets match, on every page. */
  total: number;
  /** The page shown (the last one when more was asked for), and how many there are. */
  page: number;
  pages: number;
  found: Found[];
  /** The days searched, `to` null for open (the directory's end). */
  days: { from: string; to: string | null };
  /** What the place asked stands for; without one, null. Not one place: nothing is searched. */
  place: PlaceFound | null;
}

/** The federal states' codes (Statistik Austria), the search's state filter. */
export const STATE_CODES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const LONGEST_TEXT = 200;
const LARGEST_RADIUS_KM = RADII_KM[RADII_KM.length - 1]!;

/** The query of a search's address; anything it cannot read is left out, never an error. */
export function searchQueryOf(params: URLSearchParams): SearchQuery {
  const type = params.get('typ') ?? '';
  const state = Number(params.get('land'));
  const km = Number(params.get('km') || DEFAULT_RADIUS_KM);
  const page = Number(params.get('seite'));
  const when = params.get('wann') ?? '';
  const [from, to] = [dayOrNull(params.get('von')), dayOrNull(params.get('bis'))];
  // Days given the wrong way round are read the right way: the visitor meant the days between.
  const ordered = from && to && to < from ? [to, from] : [from, to];
  return {
    text: (params.get('q') ?? '').trim().slice(0, LONGEST_TEXT),
    type: (MARKET_TYPES as readonly string[]).includes(type) ? (type as MarketType) : null,
    state: STATE_CODES.includes(state) ? state : null,
    place: (params.get('ort') ?? '').trim().slice(0, LONGEST_TEXT),
    km: Number.isSafeInteger(km) && km >= 1 && km <= LARGEST_RADIUS_KM ? km : DEFAULT_RADIUS_KM,
    // Days chosen win over a named one: the form sends both, and the dates are what was typed last.
    ...(!from && !to && (WHEN as readonly string[]).includes(when)
      ? { from: null, to: null, when: when as When }
      : { from: ordered[0]!, to: ordered[1]!, when: null }),
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** The address's query of a search, as its form sends it: the pages' links and the feeds' addresses. */
export function searchParamsOf(query: SearchQuery, page = query.page): URLSearchParams {
  const params = new URLSearchParams();
  if (query.text) params.set('q', query.text);
  if (query.place) params.set('ort', query.place);
  if (query.place && query.km !== DEFAULT_RADIUS_KM) params.set('km', String(query.km));
  if (query.when) params.set('wann', query.when);
  if (query.from) params.set('von', query.from);
  if (query.to) params.set('bis', query.to);
  if (query.type) params.set('typ', query.type);
  if (query.state) params.set('land', String(query.state));
  if (page > 1) params.set('seite', String(page));
  return params;
}

/** The furthest page of a search whose rendering is kept; further ones are rendered each time. */
const LAST_KEPT_PAGE = 20;

/**
 * A search's query as the key its page is kept under (server/http/page-files.ts), or null when the
 * page is rendered for each request: words, days and a place by name can be spelt in endless ways,
 * and no address may fill the disk. What is kept is a finite set of pages, like the directory's:
 * a place by its code (gkz or postcode), a radius, "when", a type, a state, the first pages.
 */
export function keptSearchKey(params: URLSearchParams): string | null {
  const query = searchQueryOf(params);
  const bounded =
    !query.text && !query.from && !query.to && /^(\d{4,5})?$/.test(query.place) && query.page <= LAST_KEPT_PAGE;
  return bounded ? searchParamsOf(query).toString() : null;
}

function dayOrNull(text: string | null): string | null {
  return text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text) && isMatch(text, 'yyyy-MM-dd') ? text : null;
}

/** Whether the query asks for anything: an empty one shows the form alone. */
export function asksForAnything(query: SearchQuery): boolean {
  return (
    query.text !== '' ||
    query.type !== null ||
    query.state !== null ||
    query.place !== '' ||
    query.from !== null ||
    query.to !== null ||
    query.when !== null
  );
}

/** The days a query asks for, from `today` (a Vienna day) on: `to` null is open, before `today` empty. */
export function daysOf(query: Pick<SearchQuery, 'from' | 'to' | 'when'>, today: string): SearchResults['days'] {
  const day = (offset: number) => formatISO(addDays(`${today}T12:00:00`, offset), { representation: 'date' });
  switch (query.when) {
    case 'heute':
      return { from: today, to: today };
    case 'morgen':
      return { from: day(1), to: day(1) };
    case 'wochenende': {
      // On Saturday and Sunday, the days of this weekend that are left; before it, the coming one.
      const weekday = getISODay(`${today}T12:00:00`);
      return weekday >= 6 ? { from: today, to: day(7 - weekday) } : { from: day(6 - weekday), to: day(7 - weekday) };
    }
    case null:
      // What is on: days gone are not searched (the year's dates are on the market's page).
      return { from: query.from && query.from > today ? query.from : today, to: query.to };
  }
}

/** Every market a query finds, in order, with the days and the place it was read as. */
export interface Finding {
  found: Found[];
  days: SearchResults['days'];
  place: PlaceFound | null;
}

/**
 * The published directory's markets that match every word of the text (in the market's title,
 * type, texts, municipality, postcode, district or state, in the visitor's language; a part of a
 * word counts, so "markt" finds the Bauernmarkt and "823" the postcodes 8230–8239), the filters,
 * the place's radius and the days: by their first date in those days, then by distance, then by
 * title; without days asked, those with no date ahead come last. Server-side on the snapshot the
 * pages show, so a shared link and a browser without JavaScript get the same results (issue 52),
 * and the open-data feed answers the same filters with the same list (feeds/open-data.ts).
 */
export function findMarkets(
  directory: Pick<Directory, 'states'>,
  query: Omit<SearchQuery, 'page'>,
  today: string,
  t: Translate,
  places: Places,
): Finding {
  const days = daysOf(query, today);
  const place = query.place === '' ? null : places.find(query.place);
  if (place && place.kind !== 'one') return { found: [], days, place };
  const words = wordsOf(query.text);
  const listing = listOf(directory);
  const { listed } = listing;
  const texts = words.length > 0 ? listing.wordsIn(t) : [];
  const daysAsked = query.when !== null || query.from !== null || query.to !== null;
  // Without days or a place the order is the one from today, worked out once a day: nothing to sort.
  const fromToday = !daysAsked && !place ? listing.fromToday(today) : undefined;
  // Around a place only the markets within its radius are looked at.
  const near = place ? listing.near(place.place, query.km, places) : undefined;
  const matching: (Found & { rank: number })[] = [];
  for (const rank of fromToday?.order ?? near?.keys() ?? listed.keys()) {
    const { state, municipality, market } = listed[rank]!;
    if ((query.state !== null && state.code !== query.state) || (query.type !== null && market.type !== query.type))
      continue;
    const distance = near?.get(rank) ?? null;
    const text = texts[rank];
    if (text !== undefined && !words.every((word) => text.includes(word))) continue;
    const next = fromToday ? fromToday.next[rank]! : firstDateIn(market.dates, days.from, days.to);
    if (next === null && daysAsked) continue;
    matching.push({ market, municipality, state, next, distanceKm: distance, rank });
  }
  if (!fromToday) matching.sort(byFound);
  return {
    found: matching.map(({ market, municipality, state, next, distanceKm }) => ({
      market,
      municipality,
      state,
      next,
      distanceKm,
    })),
    days,
    place,
  };
}

/** One page of what a query finds: the last one when more was asked for. */
export function searchDirectory(
  directory: Pick<Directory, 'states'>,
  query: SearchQuery,
  today: string,
  t: Translate,
  places: Places,
): SearchResults {
  const { found, days, place } = findMarkets(directory, query, today, t, places);
  const pages = Math.max(1, Math.ceil(found.length / RESULTS_PER_PAGE));
  const page = Math.min(query.page, pages);
  const from = (page - 1) * RESULTS_PER_PAGE;
  return { total: found.length, page, pages, found: found.slice(from, from + RESULTS_PER_PAGE), days, place };
}
