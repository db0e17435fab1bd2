import { createHash } from 'node:crypto';
import type {
  Directory,
  DirectoryDistrict,
  DirectoryMarket,
  DirectoryMunicipality,
  DirectoryPage,
  DirectoryState,
} from '../../lib/directory/directory.ts';

/**
 * What each directory page shows, as a short hash (its "page version"), by the page's path without
 * a language prefix. A page rendered for one published snapshot is served as it is from the next
 * while its page version stays the same (issue 18: at Austria scale a working day's saves would
 * otherwise have every visitor's page rendered again after every publish).
 *
 * A page shows its own place with everything below it, the names and paths of the places above
 * it (the breadcrumb), the two years and today (which dates are next and which are past); so its
 * version is made of exactly those. Each market is hashed once, a place from its parts' hashes.
 * `tests/api/page-versions.test.ts` renders pages to check that a page whose HTML changes gets a
 * new version.
 */
export function pageVersions(
  directory: Directory,
  pages: Iterable<readonly [string, DirectoryPage]>,
  today: string,
): Map<string, string> {
  const context = `${today}|${directory.years.join('|')}`;
  const hashes = new WeakMap<object, string>();
  const once = (node: object, make: () => string) => {
    let hash = hashes.get(node);
    if (hash === undefined) hashes.set(node, (hash = make()));
    return hash;
  };
  // A place's own fields written out once: each of its markets' pages names it (6,000 pages).
  const ownOf = new WeakMap<object, string>();
  const own = <T extends object>(place: T, children: keyof T) => {
    let json = ownOf.get(place);
    if (json === undefined) ownOf.set(place, (json = ownFields(place, children)));
    return json;
  };
  // Each place with everything below it.
  const municipalityHash = (municipality: DirectoryMunicipality) =>
    once(municipality, () => hashOf(own(municipality, 'markets'), ...municipality.markets.map(marketHash)));
  const districtHash = (district: DirectoryDistrict) =>
    once(district, () => hashOf(own(district, 'municipalities'), ...district.municipalities.map(municipalityHash)));
  const stateHash = (state: DirectoryState) =>
    once(state, () => hashOf(own(state, 'districts'), ...state.districts.map(districtHash)));

  const versionOf = (page: DirectoryPage): string => {
    switch (page.kind) {
      case 'overview':
        return hashOf(page.kind, context, JSON.stringify(directory.allStates), ...directory.states.map(stateHash));
      case 'state':
        return hashOf(page.kind, context, stateHash(page.state));
      case 'district':
        return hashOf(page.kind, context, own(page.state, 'districts'), districtHash(page.district));
      case 'municipality':
        return hashOf(
          page.kind,
          context,
          own(page.state, 'districts'),
          own(page.district, 'municipalities'),
          municipalityHash(page.municipality),
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
