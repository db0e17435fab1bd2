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

const STATE_CODES = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]);
const LONGEST_TEXT = 200;

/** The query of a search's address; anything it cannot read is left out, never an error. */
export function searchQueryOf(params: URLSearchParams): SearchQuery {
  const type = params.get('typ') ?? '';
  const state = Number(params.get('land'));
  const page = Number(params.get('seite'));
  return {
    text: (params.get('q') ?? '').trim().slice(0, LONGEST_TEXT),
    type: (MARKET_TYPES as readonly string[]).includes(type) ? (type as MarketType) : null,
    state: STATE_CODES.has(state) ? state : null,
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
 * filters, sorted by their next date, then by title; the markets without one come last.
 * Server-side on the snapshot the pages show, so a shared link and a browser without JavaScript
 * get the same results (issue 52).
 */
export function searchDirectory(
  directory: Pick<Directory, 'states'>,
  query: SearchQuery,
  today: string,
  t: Translate,
): SearchResults {
  const words = wordsOf(query.text);
  const rank = titleRanksOf(directory);
  const matching: (Found & { day: string; rank: number })[] = [];
  for (const state of directory.states) {
    if (query.state !== null && state.code !== query.state) continue;
    const stateName = stateNameOf(state.code, t);
    for (const district of state.districts)
      for (const municipality of district.municipalities) {
        const place = kept(municipality, stateName, () =>
          [municipality.postcode, municipality.name, districtNameOf(district.name), stateName].join(' '),
        );
        for (const market of municipality.markets) {
          if (query.type !== null && market.type !== query.type) continue;
          const type = t(`market.type.${market.type}`);
          const own = kept(market, type, () => [market.title, type, ...Object.values(shownTextsOf(market))].join(' '));
          if (!words.every((word) => own.includes(word) || place.includes(word))) continue;
          const next = nextDateOf(market.dates, today);
          // A market without a next date comes last.
          matching.push({
            market,
            municipality,
            state,
            next,
            day: next?.date_start ?? 'none',
            rank: rank.get(market)!,
          });
        }
      }
  }
  matching.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.rank - b.rank));
  const pages = Math.max(1, Math.ceil(matching.length / RESULTS_PER_PAGE));
  const page = Math.min(query.page, pages);
  const from = (page - 1) * RESULTS_PER_PAGE;
  return {
    total: matching.length,
    page,
    pages,
    found: matching.slice(from, from + RESULTS_PER_PAGE).map(({ market, municipality, state, next }) => ({
      market,
      municipality,
      state,
      next,
    })),
  };
}

/** Lower case, without accents, ß as ss: "Gößnitz" is found by "gossnitz" and by "Gößnitz". */
function plain(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');
}

function wordsOf(text: string): string[] {
  return plain(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Each market's place when all are sorted by title (then address), worked out once per published
 * directory: a broad search ("markt", 4,430 of 6,000 at Austria scale) that compared titles took
 * 12–16 ms a request, one that compares places 3–4 ms. A title sorts from its first letter,
 * without case and accents: collation.ts's German order at its first level.
 */
function titleRanksOf(directory: Pick<Directory, 'states'>): ReadonlyMap<DirectoryMarket, number> {
  let ranks = titleRanks.get(directory.states);
  if (ranks) return ranks;
  const markets = [...marketsOf(directory)].map(({ market }) => ({
    market,
    key: kept(market, '', () => sortKeyOf(market.title)),
  }));
  markets.sort((a, b) => compareText(a.key, b.key) || compareText(a.market.path, b.market.path));
  ranks = new Map(markets.map(({ market }, index) => [market, index]));
  titleRanks.set(directory.states, ranks);
  return ranks;
}

const titleRanks = new WeakMap<object, ReadonlyMap<DirectoryMarket, number>>();

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A market's or a municipality's words in one language (`label`: its type's or its state's name in
 * it; a market's title as it sorts: ''), plain, made once: a market or municipality is the same
 * object while unchanged (buildDirectory), so a search after a publish makes them only for what
 * changed.
 */
function kept(of: object, label: string, words: (label: string) => string): string {
  let byLabel = keptWords.get(of);
  if (!byLabel) keptWords.set(of, (byLabel = new Map<string, string>()));
  let text = byLabel.get(label);
  if (text === undefined) byLabel.set(label, (text = plain(words(label))));
  return text;
}

const keptWords = new WeakMap<object, Map<string, string>>();
