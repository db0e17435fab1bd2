import type { MarketDateRecord, MarketRecord } from '../market.ts';
import { shownTextsOf, type ShownTextFieldName } from '../market-fields.ts';
import { byFirstLetter } from './collation.ts';
import { slugOf, uniqueSlugs } from './slug.ts';

/** The public market directory as the static build renders it: states → districts → municipalities → markets. */
export interface Directory {
  /** When the data was read (ISO time); the pages say how current they are. */
  readAt: string;
  /** The two years whose dates the pages list: this year and next. */
  years: [number, number];
  /** All nine states, also those without markets: each has a page, an empty one says so kindly (issue 19). */
  allStates: { code: number; name: string; path: string }[];
  /** Only places that have markets. */
  states: DirectoryState[];
}

export interface DirectoryState {
  code: number;
  name: string;
  path: string;
  districts: DirectoryDistrict[];
}

export interface DirectoryDistrict {
  code: string;
  name: string;
  path: string;
  municipalities: DirectoryMunicipality[];
}

export interface DirectoryMunicipality {
  gkz: string;
  name: string;
  postcode: string;
  /** Its own website ('' when unknown): the municipality organises its markets (schema.org organizer). */
  website: string;
  path: string;
  markets: DirectoryMarket[];
}

export type DirectoryDate = Pick<
  MarketDateRecord,
  'id' | 'date_start' | 'date_end' | 'time_from' | 'time_to' | 'status' | 'type' | 'note'
> & {
  /** For a changed date, the regular day it replaces. */
  replaces_date: string | null;
};

export type DirectoryMarket = Pick<
  MarketRecord,
  | 'id'
  | 'title'
  | ShownTextFieldName
  | 'type'
  | 'rule'
  | 'date_start'
  | 'date_end'
  | 'season_repeats'
  | 'website'
  | 'phone'
  | 'email'
  | 'image'
> & {
  path: string;
  /** The last change of the market or of one of its dates (ISO time): the sitemap's lastmod. */
  changed_at: string;
  dates: DirectoryDate[];
  /** The build's own copy of the image, served by the portal (server/directory/market-images.ts). */
  image_file?: string;
};

/** What the database gives: master data of the places with markets, and the public markets and dates. */
export interface DirectorySource {
  readAt: Date;
  /** This year (Vienna time); the directory covers it and the next. */
  year: number;
  states: { code: number; name: string }[];
  districts: { code: string; name: string; state_code: number }[];
  municipalities: (Pick<DirectoryMunicipality, 'gkz' | 'name' | 'postcode' | 'website'> & { district_code: string })[];
  /** Oldest first: of two namesakes in one municipality, the older keeps the plain address. */
  markets: (MarketRecord & Pick<DirectoryMarket, 'changed_at'>)[];
  dates: (MarketDateRecord & { replaces_date: string | null })[];
  /** Where the portal serves a market's image, by the image's address (`image_file`); none: linked. */
  imageFiles?: ReadonlyMap<string, string>;
}

/** Path of the directory's overview, without a language prefix. */
export const DIRECTORY_PATH = '/verzeichnis';

/**
 * The tree of places that have markets, sorted by name, with a stable path for every page.
 * Dates outside this year and next, and markets left without any, are not part of it. Given the
 * directory made before (the publisher's last), what is the same in both is kept as it was.
 */
export function buildDirectory(source: DirectorySource, previous?: Directory): Directory {
  const { year } = source;
  const first = `${year}-01-01`;
  const last = `${year + 1}-12-31`;
  const byName = <T extends { name: string }>(a: T, b: T) => byFirstLetter(a.name, b.name);
  const byCode = <T extends { code: string }>(a: T, b: T) => a.code.localeCompare(b.code);
  const datesByMarket = groupBy(
    source.dates.filter((d) => d.date_end >= first && d.date_start <= last),
    (d) => d.wko_market_id,
  );
  const marketsByGkz = groupBy(
    source.markets.filter((m) => datesByMarket.has(m.id)),
    (m) => m.gkz,
  );
  const municipalitiesByDistrict = groupBy(
    source.municipalities.filter((m) => marketsByGkz.has(m.gkz)),
    (m) => m.district_code,
  );
  const districtsByState = groupBy(
    source.districts.filter((d) => municipalitiesByDistrict.has(d.code)),
    (d) => d.state_code,
  );

  const before = new Map(previous ? [...municipalitiesOf(previous)].map((m) => [m.path, m]) : []);
  const imageFileOf = (market: Pick<DirectoryMarket, 'image'>) =>
    market.image ? source.imageFiles?.get(market.image.url) : undefined;

  const states = [...source.states].sort(byName).flatMap((state): DirectoryState[] => {
    const districts = [...(districtsByState.get(state.code) ?? [])].sort(byName);
    if (districts.length === 0) return [];
    const statePath = statePathOf(state);
    const districtSlugs = uniqueSlugs(
      [...districts].sort(byCode),
      (d) => d.name,
      (d) => d.code,
    );
    return [
      {
        code: state.code,
        name: state.name,
        path: statePath,
        districts: districts.map((district) => {
          const districtPath = `${statePath}/${districtSlugs.get(district)}`;
          const municipalities = [...(municipalitiesByDistrict.get(district.code) ?? [])].sort(byName);
          const municipalitySlugs = uniqueSlugs(
            [...municipalities].sort((a, b) => a.gkz.localeCompare(b.gkz)),
            (m) => m.name,
            (m) => m.gkz,
          );
          return {
            code: district.code,
            name: district.name,
            path: districtPath,
            municipalities: municipalities.map((municipality) => {
              const path = `${districtPath}/${municipalitySlugs.get(municipality)}`;
              const markets = marketsByGkz.get(municipality.gkz) ?? [];
              return directoryMunicipality(municipality, path, markets, datesByMarket, imageFileOf, before.get(path));
            }),
          };
        }),
      },
    ];
  });

  return {
    readAt: source.readAt.toISOString(),
    years: [year, year + 1],
    allStates: [...source.states].sort(byName).map((state) => ({ ...state, path: statePathOf(state) })),
    states,
  };
}

/**
 * A municipality with its markets, the same object as `last` (made at its address before) while
 * its own fields, its markets' records, their dates and images' files are the same: at Austria
 * scale a publish makes 2,000 municipalities again, all but the few a clerk changed as they were,
 * and what is worked out from one once (its pages' versions, page-versions.ts) then holds (issue
 * 18). A market made again for a changed municipality is kept the same way on its own. What is
 * made is never changed afterwards: the directory made before is still being shown.
 */
function directoryMunicipality(
  municipality: DirectorySource['municipalities'][number],
  path: string,
  marketsOldestFirst: readonly DirectorySource['markets'][number][],
  datesByMarket: ReadonlyMap<string, readonly DirectorySource['dates'][number][]>,
  imageFileOf: (market: Pick<DirectoryMarket, 'image'>) => string | undefined,
  last: DirectoryMunicipality | undefined,
): DirectoryMunicipality {
  const { gkz, name, postcode, website } = municipality;
  const dates = marketsOldestFirst.map((market) => datesByMarket.get(market.id) ?? []);
  const lastMadeFrom = last && madeFrom.get(last);
  if (
    last &&
    lastMadeFrom &&
    last.gkz === gkz &&
    last.name === name &&
    last.postcode === postcode &&
    last.website === website &&
    sameItems(lastMadeFrom.markets, marketsOldestFirst) &&
    lastMadeFrom.dates.every((own, index) => sameItems(own, dates[index]!)) &&
    last.markets.every((market) => market.image_file === imageFileOf(market))
  )
    return last;
  const markets = [...marketsOldestFirst].sort((a, b) => byFirstLetter(a.title, b.title));
  const marketSlugs = uniqueSlugs(
    marketsOldestFirst,
    (m) => m.title,
    (m) => m.id.slice(0, 8),
  );
  const made: DirectoryMunicipality = {
    gkz,
    name,
    postcode,
    website,
    path,
    markets: markets.map((market) => {
      const marketPath = `${path}/${marketSlugs.get(market)}`;
      const own = datesByMarket.get(market.id) ?? [];
      const kept = madeMarkets.get(market);
      const imageFile = imageFileOf(market);
      if (kept && kept.path === marketPath && sameItems(kept.dates, own) && kept.market.image_file === imageFile)
        return kept.market;
      const remade = directoryMarket(market, marketPath, own, imageFile);
      madeMarkets.set(market, { path: marketPath, dates: own, market: remade });
      return remade;
    }),
  };
  madeFrom.set(made, { markets: marketsOldestFirst, dates });
  return made;
}

/** The records each municipality was made from: its markets' (oldest first), and their dates. */
const madeFrom = new WeakMap<
  DirectoryMunicipality,
  { markets: readonly object[]; dates: readonly (readonly object[])[] }
>();

/** Each market as last made, by the record it was made from (DirectorySource), for the same reason. */
const madeMarkets = new WeakMap<object, { path: string; dates: readonly object[]; market: DirectoryMarket }>();

function sameItems(a: readonly object[], b: readonly object[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

function directoryMarket(
  market: DirectorySource['markets'][number],
  path: string,
  dates: readonly DirectorySource['dates'][number][],
  imageFile: string | undefined,
): DirectoryMarket {
  return {
    id: market.id,
    title: market.title,
    ...shownTextsOf(market),
    type: market.type,
    rule: market.rule,
    date_start: market.date_start,
    date_end: market.date_end,
    season_repeats: market.season_repeats,
    website: market.website,
    phone: market.phone,
    email: market.email,
    image: market.image,
    ...(imageFile === undefined ? {} : { image_file: imageFile }),
    changed_at: market.changed_at,
    path,
    dates: [...dates].sort(byStart).map((d) => ({
      id: d.id,
      date_start: d.date_start,
      date_end: d.date_end,
      time_from: d.time_from,
      time_to: d.time_to,
      status: d.status,
      type: d.type,
      note: d.note,
      replaces_date: d.replaces_date,
    })),
  };
}

function statePathOf(state: { code: number; name: string }): string {
  return `${DIRECTORY_PATH}/${slugOf(state.name) || state.code}`;
}

const byStart = (a: MarketDateRecord, b: MarketDateRecord) => a.date_start.localeCompare(b.date_start);

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** Every municipality of the directory. */
function* municipalitiesOf(directory: Pick<Directory, 'states'>) {
  for (const state of directory.states)
    for (const district of state.districts) for (const municipality of district.municipalities) yield municipality;
}
