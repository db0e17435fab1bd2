import { distanceKm } from '../geo/centres.ts';
import type { Translate } from '../translate.ts';
import { shownTextsOf } from '../market-fields.ts';
import { sortKeyOf } from './collation.ts';
import type { Directory, DirectoryDate } from './directory.ts';
import { marketsOf } from './listing.ts';
import { districtNameOf, stateNameOf } from './names.ts';
import type { Place, Places } from './places.ts';
import { plainText } from './plain-text.ts';
import type { Found } from './search.ts';

/**
 * What the search (search.ts) looks through, made once per publication: every market in title
 * order with its words in each language, its order from today on, the markets around a place;
 * and the order of what it found.
 */

/** Words of a search's text looked for at most. */
const MOST_WORDS = 10;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** By the date shown, then distance, then title: the results' order (ties keep the list's). */
export const byFound = (a: Pick<Found, 'next' | 'distanceKm'> & { rank: number }, b: typeof a) =>
  compare(a.next?.date_start ?? '~', b.next?.date_start ?? '~') ||
  (a.distanceKm ?? 0) - (b.distanceKm ?? 0) ||
  a.rank - b.rank;

/** The first date that touches the days and is not cancelled, else the first cancelled one. */
export function firstDateIn(dates: readonly DirectoryDate[], from: string, to: string | null): DirectoryDate | null {
  let cancelled: DirectoryDate | null = null;
  for (const date of dates) {
    if (date.date_end < from) continue;
    if (to !== null && date.date_start > to) break;
    if (date.status !== 'cancelled') return date;
    cancelled ??= date;
  }
  return cancelled;
}

type Listed = ReturnType<typeof marketsOf> extends Iterable<infer T> ? T : never;

interface Listing {
  /** Every market, by title (from its first letter, without case and accents), then address. */
  listed: readonly Listed[];
  /** Each listed market's words in a language, at its place in the list. */
  wordsIn: (t: Translate) => readonly string[];
  /** Each listed market's date from `today` on (by its place in the list), and the places in their order. */
  fromToday: (today: string) => { next: readonly (DirectoryDate | null)[]; order: readonly number[] };
  /** The markets within `km` of a place, by their place in `listed`, each with its distance. */
  near: (place: Place, km: number, places: Places) => ReadonlyMap<number, number>;
}

/** Places and radii whose markets a listing keeps at most; beyond, it begins again. */
const MOST_PLACES_KEPT = 1000;

/**
 * The markets within `km` of a place (its own at 0), each municipality's distance worked out once:
 * at Austria scale a search around a place looked at all 6,000 markets for each request (3–4 ms
 * under load, when the page's version is worked out and again when it is rendered).
 */
function marketsNear(listed: readonly Listed[], place: Place, km: number, places: Places): Map<number, number> {
  const distances = new Map<string, number>();
  const near = new Map<number, number>();
  listed.forEach(({ municipality: { gkz } }, rank) => {
    let distance = distances.get(gkz);
    if (distance === undefined) {
      const there = places.byGkz.get(gkz)?.centre;
      distance = gkz === place.gkz ? 0 : place.centre && there ? distanceKm(place.centre, there) : Infinity;
      distances.set(gkz, distance);
    }
    if (distance <= km) near.set(rank, distance);
  });
  return near;
}

/**
 * Every market in title order, its words in each language asked for, and its order from today on,
 * worked out once per publication (and day): a search without days or a place sorts nothing, one
 * with them only what it found, its ties by their place here. At Austria scale a search that
 * sorted its results with the German collator took 12–16 ms ("markt", 4,430 of 6,000), one that
 * looked up each market's words 5 ms; one that sorts by date what it found, 3 ms.
 */
export function listOf(directory: Pick<Directory, 'states'>): Listing {
  const made = listings.get(directory.states);
  if (made) return made;
  const listed = [...marketsOf(directory)]
    .map((entry) => ({
      entry,
      order: `${kept(entry.market, '', () => sortKeyOf(entry.market.title))}\u0000${entry.market.path}`,
    }))
    .sort((a, b) => compare(a.order, b.order))
    .map(({ entry }) => entry);
  const languages = new Map<Translate, readonly string[]>();
  const wordsIn = (t: Translate) => {
    let texts = languages.get(t);
    if (!texts) languages.set(t, (texts = listed.map((entry) => wordsOfListed(entry, t))));
    return texts;
  };
  let day: { today: string; next: (DirectoryDate | null)[]; order: number[] } | undefined;
  const fromToday = (today: string) => {
    if (day?.today !== today) {
      const next = listed.map(({ market }) => firstDateIn(market.dates, today, null));
      const order = [...listed.keys()].sort((a, b) =>
        byFound({ next: next[a]!, distanceKm: null, rank: a }, { next: next[b]!, distanceKm: null, rank: b }),
      );
      day = { today, next, order };
    }
    return day;
  };
  const around = new Map<string, ReadonlyMap<number, number>>();
  const near = (place: Place, km: number, places: Places) => {
    const key = `${place.gkz}|${km}`;
    let found = around.get(key);
    if (!found) {
      if (around.size >= MOST_PLACES_KEPT) around.clear();
      around.set(key, (found = marketsNear(listed, place, km, places)));
    }
    return found;
  };
  const listing = { listed, wordsIn, fromToday, near };
  listings.set(directory.states, listing);
  return listing;
}

const listings = new WeakMap<object, Listing>();

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

/** The text's words, each once, at most ten: every one is looked for in every market. */
export function wordsOf(text: string): string[] {
  return [...new Set(plainText(text).split(/[^\p{L}\p{N}]+/u))].filter(Boolean).slice(0, MOST_WORDS);
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
  if (text === undefined) byLabel.set(label, (text = plainText(words(label))));
  return text;
}

const keptWords = new WeakMap<object, Map<string, string>>();
