import { readFileSync } from 'node:fs';
import {
  DIRECTORY_PATH,
  type Directory,
  type DirectoryDistrict,
  type DirectoryMarket,
  type DirectoryMunicipality,
  type DirectoryState,
} from '../../lib/directory/directory.ts';

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

let loaded: Directory | undefined;

/**
 * The snapshot `npm run build` read from the database (src/server/directory/build-site.ts).
 * A bare `astro build` has none and renders an empty directory.
 */
export function loadDirectory(): Directory {
  if (loaded) return loaded;
  const file = process.env.DIRECTORY_FILE;
  if (!file) {
    console.warn('DIRECTORY_FILE is not set: the directory is built empty (use `npm run build`).');
    const year = new Date().getFullYear();
    return (loaded = { readAt: new Date().toISOString(), years: [year, year + 1], allStates: [], states: [] });
  }
  return (loaded = JSON.parse(readFileSync(file, 'utf8')) as Directory);
}

/** The `[...path]` route's pages: every place with markets and every market, below /verzeichnis. */
export function directoryPaths() {
  const pages: { params: { path: string | undefined }; props: { page: DirectoryPage } }[] = [
    { params: { path: undefined }, props: { page: { kind: 'overview' } } },
  ];
  const add = (path: string, page: DirectoryPage) =>
    pages.push({ params: { path: path.slice(DIRECTORY_PATH.length + 1) }, props: { page } });
  for (const state of loadDirectory().states) {
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
