import { createHash } from 'node:crypto';
import { type Directory, type DirectoryMarket } from '../../lib/directory/directory.ts';
import { countMarkets, type DirectoryPage } from '../../lib/directory/listing.ts';
import { nextDateOf } from '../../lib/directory/next-date.ts';
import type { Places } from '../../lib/directory/places.ts';
import { searchDirectory, searchQueryOf } from '../../lib/directory/search.ts';
import type { Translate } from '../../lib/translate.ts';

/**
 * What each directory page shows, as a short hash (its "page version"), by the page's path without
 * a language prefix. A page rendered for one published snapshot is served as it is from the next
 * while its page version stays the same (issue 18: at Austria scale a working day's saves would
 * otherwise have every visitor's page rendered again after every publish).
 *
 * Every page shows the two years and today (which dates are next and which are past), and the
 * names and paths of the places above it (the breadcrumb). Beyond that, a version is made of
 * exactly what the page shows (components/directory): a market's page the whole market; a
 * municipality's its markets as its list shows them (title, type, rule and season or next date); the
 * overview, a state's and a district's page the places below with how many markets each has. So a
 * market's new description or a date after its next one leaves the pages above it as they were.
 * `tests/api/page-versions.test.ts` renders pages to check that a page whose HTML changes gets a
 * new version.
 *
 * Each is worked out when first asked for, and kept: a restart serves its first page without
 * hashing all of them (0.6 s of its thread at Austria scale, issue 50).
 */
export function pageVersions(
  directory: Directory,
  pages: ReadonlyMap<string, DirectoryPage>,
  today: string,
): (path: string) => string | undefined {
  const context = `${today}|${directory.years.join('|')}`;
  /** A place as a list of places shows it: its name and address, and how many markets it has. */
  const listed = (place: { name: string; path: string }, markets: number) =>
    JSON.stringify([place.name, place.path, markets]);
  /** A market as its municipality's list shows it (market-list.astro): its season, and a cancelled date ahead too. */
  const inList = (market: DirectoryMarket) =>
    JSON.stringify([
      market.title,
      market.path,
      market.type,
      market.rule,
      market.date_start,
      market.date_end,
      nextDateOf(market.dates, today),
      market.dates.find((date) => date.date_end >= today && date.status === 'cancelled')?.date_start,
    ]);

  const versionOf = (page: DirectoryPage): string => {
    switch (page.kind) {
      case 'overview':
        return hashOf(
          page.kind,
          context,
          JSON.stringify(directory.allStates),
          ...directory.states.map((state) => listed(state, countMarkets(state.districts))),
        );
      case 'state':
        return hashOf(
          page.kind,
          context,
          own(page.state, 'districts'),
          ...page.state.districts.map((district) => listed(district, countMarkets([district]))),
        );
      case 'district':
        return hashOf(
          page.kind,
          context,
          own(page.state, 'districts'),
          own(page.district, 'municipalities'),
          ...page.district.municipalities.map((municipality) => listed(municipality, municipality.markets.length)),
        );
      case 'municipality': {
        const above = [context, own(page.state, 'districts'), own(page.district, 'municipalities')];
        return kept(page.municipality, above, () =>
          hashOf(page.kind, ...above, own(page.municipality, 'markets'), ...page.municipality.markets.map(inList)),
        );
      }
      case 'market': {
        const { market } = page;
        const above = [
          context,
          own(page.state, 'districts'),
          own(page.district, 'municipalities'),
          own(page.municipality, 'markets'),
        ];
        return kept(market, above, () => hashOf(page.kind, ...above, marketHash(market)));
      }
    }
  };
  const versions = new Map<string, string>();
  return (path) => {
    let version = versions.get(path);
    const page = version === undefined ? pages.get(path) : undefined;
    if (page) versions.set(path, (version = versionOf(page)));
    return version;
  };
}

/**
 * Issue 52: what a kept search page shows (http/page-files.ts keeps those without words or typed
 * days), as a short hash: the place asked, how many were found and on how many pages, and each
 * result of the page as its line shows it (the market, its municipality, distance and date shown).
 * So a publish that changes no market of a page leaves it kept: a search costs the search (a
 * millisecond or two at Austria scale), not its rendering.
 */
export function searchVersions(
  directory: Directory,
  places: Places,
  today: string,
  t: Translate,
): (params: URLSearchParams) => string {
  const context = `${today}|${directory.years.join('|')}`;
  return (params) => {
    const { total, page, pages, found, place } = searchDirectory(directory, searchQueryOf(params), today, t, places);
    const asked = place?.kind === 'one' ? [place.place] : place?.kind === 'several' ? place.places : [];
    return hashOf(
      'search',
      context,
      JSON.stringify([total, page, pages, place?.kind, asked]),
      ...found.map(({ market, municipality, state, next, distanceKm }) =>
        JSON.stringify([marketHash(market), own(municipality, 'markets'), state.code, next?.id, distanceKm]),
      ),
    );
  };
}

/**
 * The version of a market's or a municipality's page as last worked out, while what it was worked
 * out from stays the same: the day, the places above it, and the market or municipality itself,
 * the same object while unchanged (buildDirectory, its image copy included). At Austria scale the
 * 8,000 versions written out and hashed again took 40 ms of the server's thread per publish, in
 * one block (issue 18); a publish after a clerk's save works out a few dozen.
 */
function kept(page: object, inputs: readonly string[], versionOf: () => string): string {
  const last = keptVersions.get(page);
  if (last && last.inputs.length === inputs.length && last.inputs.every((input, index) => input === inputs[index]))
    return last.version;
  const version = versionOf();
  keptVersions.set(page, { inputs, version });
  return version;
}

const keptVersions = new WeakMap<object, { inputs: readonly string[]; version: string }>();

/** A market's hash, kept with the market: it is the same object only while unchanged (buildDirectory). */
function marketHash(market: DirectoryMarket): string {
  const kept = marketHashes.get(market);
  if (kept) return kept;
  const hash = hashOf(JSON.stringify(market));
  marketHashes.set(market, hash);
  return hash;
}

const marketHashes = new WeakMap<DirectoryMarket, string>();

/**
 * A place's own fields, written out once per place: each of a municipality's markets' pages names
 * it, and a municipality unchanged since the last publish is the same object (buildDirectory).
 */
function own<T extends object>(place: T, children: keyof T): string {
  let json = ownJson.get(place);
  if (json === undefined) ownJson.set(place, (json = ownFields(place, children)));
  return json;
}

const ownJson = new WeakMap<object, string>();

/** A place's own fields (its name, path, …) without the list of what lies in it, as JSON. */
function ownFields<T extends object>(place: T, children: keyof T): string {
  return JSON.stringify(place, (key, value: unknown) => (key === children ? undefined : value));
}

function hashOf(...parts: string[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url').slice(0, 16);
}
