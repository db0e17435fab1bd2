import { createHash } from 'node:crypto';
import {
  countMarkets,
  type Directory,
  type DirectoryMarket,
  type DirectoryPage,
} from '../../lib/directory/directory.ts';
import { nextDateOf } from '../../lib/directory/next-date.ts';

/**
 * What each directory page shows, as a short hash (its "page version"), by the page's path without
 * a language prefix. A page rendered for one published snapshot is served as it is from the next
 * while its page version stays the same (issue 18: at Austria scale a working day's saves would
 * otherwise have every visitor's page rendered again after every publish).
 *
 * Every page shows the two years and today (which dates are next and which are past), and the
 * names and paths of the places above it (the breadcrumb). Beyond that, a version is made of
 * exactly what the page shows (components/directory): a market's page the whole market; a
 * municipality's its markets as its list shows them (title, type, rule or next date); the
 * overview, a state's and a district's page the places below with how many markets each has. So a
 * market's new description or a date after its next one leaves the pages above it as they were.
 * `tests/api/page-versions.test.ts` renders pages to check that a page whose HTML changes gets a
 * new version.
 */
export function pageVersions(
  directory: Directory,
  pages: Iterable<readonly [string, DirectoryPage]>,
  today: string,
): Map<string, string> {
  const context = `${today}|${directory.years.join('|')}`;
  // A place's own fields written out once: each of its markets' pages names it (6,000 pages).
  const ownOf = new WeakMap<object, string>();
  const own = <T extends object>(place: T, children: keyof T) => {
    let json = ownOf.get(place);
    if (json === undefined) ownOf.set(place, (json = ownFields(place, children)));
    return json;
  };
  /** A place as a list of places shows it: its name and address, and how many markets it has. */
  const listed = (place: { name: string; path: string }, markets: number) =>
    JSON.stringify([place.name, place.path, markets]);
  /** A market as its municipality's list shows it (market-list.astro). */
  const inList = (market: DirectoryMarket) =>
    JSON.stringify([market.title, market.path, market.type, market.rule, nextDateOf(market.dates, today)]);

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
      case 'municipality':
        return hashOf(
          page.kind,
          context,
          own(page.state, 'districts'),
          own(page.district, 'municipalities'),
          own(page.municipality, 'markets'),
          ...page.municipality.markets.map(inList),
        );
      case 'market':
        return hashOf(
          page.kind,
          context,
          own(page.state, 'districts'),
          own(page.district, 'municipalities'),
          own(page.municipality, 'markets'),
          marketHash(page.market),
        );
    }
  };
  return new Map([...pages].map(([path, page]) => [path, versionOf(page)]));
}

/**
 * A market's hash, kept with the market from one publish to the next: a market unchanged since is
 * the same object (buildDirectory), and all 6,000 written out as JSON again took 50 ms of the
 * server's thread per publish at Austria scale. Its image copy arrives later (market-images.ts),
 * so the hash is made again when that differs.
 */
function marketHash(market: DirectoryMarket): string {
  const kept = marketHashes.get(market);
  if (kept && kept.imageFile === market.image_file) return kept.hash;
  const hash = hashOf(JSON.stringify(market));
  marketHashes.set(market, { imageFile: market.image_file, hash });
  return hash;
}

const marketHashes = new WeakMap<DirectoryMarket, { imageFile: string | undefined; hash: string }>();

/** A place's own fields (its name, path, …) without the list of what lies in it, as JSON. */
function ownFields<T extends object>(place: T, children: keyof T): string {
  return JSON.stringify(place, (key, value: unknown) => (key === children ? undefined : value));
}

function hashOf(...parts: string[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url').slice(0, 16);
}
