import { setImmediate as requestsFirst } from 'node:timers/promises';
import { type Directory, type DirectoryMunicipality } from '../../lib/directory/directory.ts';
import { marketsOf, pagesOf, type DirectoryPage } from '../../lib/directory/listing.ts';
import type { Places } from '../../lib/directory/places.ts';
import { translator } from '../../lib/i18n.ts';
import { viennaDay } from '../../lib/market-rules.ts';
import type { Database } from '../db/database.ts';
import { readPublished, type Published, type SnapshotRecords } from '../db/published.ts';
import { listMunicipalities } from '../db/queries/places.ts';
import { marketImageFiles } from './market-images.ts';
import { pageVersions, searchVersions } from './page-versions.ts';
import { placesOnFile } from './places.ts';
import { directoryOf, imageAddressesOf } from './read-directory.ts';

/** One published state of the directory: what every page, the sitemap and the search show (lib/directory/search.ts). */
export interface PublishedDirectory {
  version: string;
  /** What it was made from; the next publish reads only what changed since (db/published.ts). */
  snapshot: Published;
  directory: Directory;
  /** Every page by its path without a language prefix. */
  pages: ReadonlyMap<string, DirectoryPage>;
  /**
   * What the page at a path (without a language prefix) shows, as a short hash (page-versions.ts);
   * for the sitemap and the embeddable lists, the content version and the day.
   */
  pageVersion: (path: string) => string;
  /** What a kept search page shows, by its query (issue 52, page-versions.ts). */
  searchVersion: (params: URLSearchParams) => string;
  /** Each public market's page, by the market's id. */
  marketPaths: ReadonlyMap<string, string>;
  /**
   * Every municipality on file by its code, also those without markets (issue 23: a municipality's
   * embedded list says "no markets yet", an unknown code is a 404), with its directory entry if any.
   */
  municipalities: ReadonlyMap<string, { name: string; listed: DirectoryMunicipality | undefined }>;
  /** Every municipality on file, found by code, postcode or name, with its centre: the search's places. */
  places: Places;
  /** The image copies its pages show (names below /markt-bilder/). */
  images: ReadonlySet<string>;
  publishedAt: Date;
}

/**
 * Reads the one snapshot (db/published.ts) and makes everything a visitor can see of it.
 *
 * Its steps are each a block of the server's thread: between them the requests waiting meanwhile
 * are answered first. At Austria scale the longest block went from 200 to 159 ms (`npm run
 * bench:directory`); under issue 18's load the three steps had held the thread 260 ms at once.
 */
export async function publish(
  db: Database,
  imageCache: string,
  at: Date,
  previous: PublishedDirectory | undefined,
  /** Without `previous`: the records a restart starts from (snapshot-store.ts). */
  stored?: SnapshotRecords,
): Promise<PublishedDirectory> {
  const published = await readPublished(db, previous?.snapshot ?? stored);
  // Master data bumps the content version (migration 0010): a list read after a change is
  // republished at the next check, as the version differs.
  const onFile = await listMunicipalities(db);
  // Only copies at hand here: missing ones are fetched beside the requests (imageFetcher).
  const { files } = await marketImageFiles(imageAddressesOf(published), imageCache, 'copies only');
  await requestsFirst();
  const directory = directoryOf(published, at, { previous: previous?.directory, imageFiles: files });
  await requestsFirst();
  const markets = [...marketsOf(directory)].map(({ market }) => market);
  const directoryPages = new Map(pagesOf(directory));
  const today = viennaDay(at);
  const versions = pageVersions(directory, directoryPages, today);
  const places = placesOnFile(onFile);
  return {
    version: published.version,
    snapshot: published,
    directory,
    pages: directoryPages,
    pageVersion: (path: string) => versions(path) ?? `${published.version}-${today}`,
    marketPaths: new Map(markets.map((market) => [market.id, market.path])),
    municipalities: municipalitiesOf(directory, onFile),
    places,
    searchVersion: searchVersions(directory, places, today, translator('de')),
    images: new Set(markets.flatMap((market) => market.image_file?.split('/').pop() ?? [])),
    publishedAt: at,
  };
}

function municipalitiesOf(directory: Directory, onFile: readonly { gkz: string; name: string }[]) {
  const listed = new Map<string, DirectoryMunicipality>();
  for (const state of directory.states)
    for (const district of state.districts)
      for (const municipality of district.municipalities) listed.set(municipality.gkz, municipality);
  return new Map(onFile.map(({ gkz, name }) => [gkz, { name, listed: listed.get(gkz) }]));
}
