import type { Translate } from '../translate.ts';
import { MARKET_TYPES, type MarketType } from '../market.ts';
import { shownTextsOf } from '../market-fields.ts';
import { sortKeyOf } from './collation.ts';
import type { Directory, DirectoryDate, DirectoryMarket, DirectoryMunicipality, DirectoryState } from './directory.ts';
import { marketsOf } from './listing.ts';
import { districtNameOf, stateNameOf } from './names.ts';
import { nextDateOf } from './next-date.ts';

/** Results on one page of the search (issue 52: 20 a page, the true total, pages to every result). */
export const RESULTS_PER_PAGE = 20;

/** What a visitor searches for: `/verzeichnis/suche?q=&typ=&land=&seite=`. */
export interface SearchQuery {
  text: string;
  type: MarketType | null;
  state: number | null;
  /** From 1. */
  page: number;
}

/** One market found, with what its line in the results shows. */
export interface Found {
  market: DirectoryMarket;
  municipality: DirectoryMunicipality;
  state: DirectoryState;
  /** Its next date from today on, null when none is left this year and next. */
  next: DirectoryDate | null;
}

export interface SearchResults {
  /** How many markets match, on every page. */
  total: number;
  /** The page shown (the last one when more was asked for), and how many there are. */
  page: number;
  pages: number;
  found: Found[];
}

/** The federal states' codes (Statistik Austria), the search's state filter. */
export const STATE_CODES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const LONGEST_TEXT = 200;
const MOST_WORDS = 10;

/** The query of a search's address; anything it cannot read is left out, never an error. */
export function searchQueryOf(params: URLSearchParams): SearchQuery {
  const type = params.get('typ') ?? '';
  const state = Number(params.get('land'));
  const page = Number(params.get('seite'));
  return {
    text: (params.get('q') ?? '').trim().slice(0, LONGEST_TEXT),
    type: (MARKET_TYPES as readonly string[]).includes(type) ? (type as MarketType) : null,
    state: STATE_CODES.includes(state) ? state : null,
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** Whether the query asks for anything: an empty one shows the form alone. */
export function asksForAnything(query: SearchQuery): boolean {
  return query.text !== '' || query.type !== null || query.state !== null;
}

/**
 * The published directory's markets that match every word of the text (in the market's title,
 * type, texts, municipality, postcode, district or state, in the visitor's language; a part of a
 * word counts, so "markt" finds the Bauernmarkt and "823" the postcodes 8230–8239) and the
 * filters, by their next date, then by title; the markets without one come last. Server-side on
 * the snapshot the pages show, so a shared link and a browser without JavaScript get the same
 * results (issue 52). A search walks the markets in an order worked out once per publication
 * and day, with their words in the page's language beside them, and sorts nothing.
 */
export function searchDirectory(
  directory: Pick<Directory, 'states'>,
  query: SearchQuery,
  today: string,
  t: Translate,
): SearchResults {
  const words = wordsOf(query.text);
  const { listed, wordsIn } = inOrder(directory, today);
  const texts = words.length > 0 ? wordsIn(t) : [];
  const matching: Found[] = [];
  listed.forEach(({ state, municipality, market, next }, index) => {
    if ((query.state !== null && state.code !== query.state) || (query.type !== null && market.type !== query.type))
      return;
    const text = texts[index];
    if (text !== undefined && !words.every((word) => text.includes(word))) return;
    matching.push({ market, municipality, state, next });
  });
  const pages = Math.max(1, Math.ceil(matching.length / RESULTS_PER_PAGE));
  const page = Math.min(query.page, pages);
  const from = (page - 1) * RESULTS_PER_PAGE;
  return { total: matching.length, page, pages, found: matching.slice(from, from + RESULTS_PER_PAGE) };
}

type Listed = ReturnType<typeof marketsOf> extends Iterable<infer T> ? T & { next: DirectoryDate | null } : never;

interface InOrder {
  today: string;
  listed: readonly Listed[];
  /** Each listed market's words in a language, at its place in the list. */
  wordsIn: (t: Translate) => readonly string[];
}

/**
 * Every market with its next date, by that date and then by title (from its first letter,
 * without case and accents: collation.ts's German order at its first level), and its words in
 * each language asked for, worked out once per publication and day. At Austria scale a search
 * that sorted its results with the collator took 12–16 ms ("markt", 4,430 of 6,000), one that
 * looked up each market's words 5 ms under the built portal; walking these lists, under 1 ms.
 */
function inOrder(directory: Pick<Directory, 'states'>, today: string): InOrder {
  const made = orders.get(directory.states);
  if (made?.today === today) return made;
  const listed = [...marketsOf(directory)].map((entry) => {
    const next = nextDateOf(entry.market.dates, today);
    const title = kept(entry.market, '', () => sortKeyOf(entry.market.title));
    return { ...entry, next, order: `${next?.date_start ?? 'none'}\u0000${title}\u0000${entry.market.path}` };
  });
  listed.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  const languages = new Map<Translate, readonly string[]>();
  const wordsIn = (t: Translate) => {
    let texts = languages.get(t);
    if (!texts) languages.set(t, (texts = listed.map((entry) => wordsOfListed(entry, t))));
    return texts;
  };
  const order = { today, listed, wordsIn };
  orders.set(directory.states, order);
  return order;
}

const orders = new WeakMap<object, InOrder>();

/** A market's words, its municipality's and its district's, one per line: no word spans two. */
function wordsOfListed({ state, district, municipality, market }: Listed, t: Translate): string {
  const own = kept(market, t(`market.type.${market.type}`), (type) =>
    [market.title, type, ...Object.values(shownTextsOf(market))].join(' '),
  );
  const place = kept(municipality, '', () => `${municipality.postcode} ${municipality.name}`);
  // A district is made anew with each publication, a municipality kept while its address stays.
  const stateName = stateNameOf(state.code, t);
  const region = kept(district, stateName, () => `${districtNameOf(district.name)} ${stateName}`);
  return `${own}\n${place}\n${region}`;
}

/** Lower case, without accents, ß as ss: "Gößnitz" is found by "gossnitz" and by "Gößnitz". */
function plain(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');
}

/** The text's words, each once, at most ten: every one is looked for in every market. */
function wordsOf(text: string): string[] {
  return [...new Set(plain(text).split(/[^\p{L}\p{N}]+/u))].filter(Boolean).slice(0, MOST_WORDS);
}

/**
 * The words of a market (`label`: its type's name in the page's language; '': its title as it
 * sorts), a municipality or a district (`label`: its state's name), plain, made once: a market or
 * municipality is the same object while unchanged (buildDirectory), so a search after a publish
 * makes them only for what changed.
 */
function kept(of: object, label: string, words: (label: string) => string): string {
  let byLabel = keptWords.get(of);
  if (!byLabel) keptWords.set(of, (byLabel = new Map<string, string>()));
  let text = byLabel.get(label);
  if (text === undefined) byLabel.set(label, (text = plain(words(label))));
  return text;
}

const keptWords = new WeakMap<object, Map<string, string>>();
