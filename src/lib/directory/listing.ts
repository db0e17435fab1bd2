import {
  DIRECTORY_PATH,
  type Directory,
  type DirectoryDistrict,
  type DirectoryMarket,
  type DirectoryMunicipality,
  type DirectoryState,
} from './directory.ts';

/** How many markets these districts hold (a state's count is that of its districts). */
export function countMarkets(districts: readonly DirectoryDistrict[]): number {
  return districts.reduce((sum, d) => sum + d.municipalities.reduce((n, m) => n + m.markets.length, 0), 0);
}

/** Every market of the directory with the places it belongs to, for pages that list markets. */
export function* marketsOf(directory: Pick<Directory, 'states'>) {
  for (const state of directory.states)
    for (const district of state.districts)
      for (const municipality of district.municipalities)
        for (const market of municipality.markets) yield { state, district, municipality, market };
}

/** One page of the public directory and the places above it (for the breadcrumb). */
export type DirectoryPage =
  | { kind: 'overview' }
  | { kind: 'state'; state: DirectoryState }
  | { kind: 'district'; state: DirectoryState; district: DirectoryDistrict }
  | { kind: 'municipality'; state: DirectoryState; district: DirectoryDistrict; municipality: DirectoryMunicipality }
  | {
      kind: 'market';
      state: DirectoryState;
      district: DirectoryDistrict;
      municipality: DirectoryMunicipality;
      market: DirectoryMarket;
    };

/**
 * Every page of a directory with its path (without a language prefix), the overview first. A state
 * without markets yet gets a page without districts, not a 404 (issue 19).
 */
export function pagesOf(directory: Directory): [string, DirectoryPage][] {
  const pages: [string, DirectoryPage][] = [[DIRECTORY_PATH, { kind: 'overview' }]];
  const add = (path: string, page: DirectoryPage) => pages.push([path, page]);
  const withMarkets = new Set(directory.states.map((state) => state.code));
  for (const state of directory.allStates)
    if (!withMarkets.has(state.code)) add(state.path, { kind: 'state', state: { ...state, districts: [] } });
  for (const state of directory.states) {
    add(state.path, { kind: 'state', state });
    for (const district of state.districts) {
      add(district.path, { kind: 'district', state, district });
      for (const municipality of district.municipalities) {
        add(municipality.path, { kind: 'municipality', state, district, municipality });
        for (const market of municipality.markets)
          add(market.path, { kind: 'market', state, district, municipality, market });
      }
    }
  }
  return pages;
}
