import { readFileSync } from 'node:fs';
import { DIRECTORY_PATH, type Directory } from '../../lib/directory/directory.ts';
import { pagesOf, type DirectoryPage } from '../../lib/directory/listing.ts';

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

/** The `[...path]` route's pages in a static build: every place with markets and every market, below /verzeichnis. */
export function directoryPaths() {
  return pagesOf(loadDirectory()).map(([path, page]) => ({
    params: { path: path.slice(DIRECTORY_PATH.length + 1) || undefined },
    props: { page },
  }));
}

/**
 * What the `[...path]` route shows: in the portal, the page of the snapshot the server published
 * last (src/server/directory/publisher.ts, in `Astro.locals`), or null when the snapshot has no such
 * page; in a static build, the page `getStaticPaths` gave.
 */
export function shownDirectoryPage(
  locals: App.Locals,
  routePath: string | undefined,
  props: { page?: DirectoryPage },
): { directory: Directory; page: DirectoryPage } | null {
  const live = locals.published;
  if (!live) return props.page ? { directory: loadDirectory(), page: props.page } : null;
  const path = routePath ? `${DIRECTORY_PATH}/${routePath.replace(/\/+$/, '')}` : DIRECTORY_PATH;
  const page = live.pages.get(path);
  return page ? { directory: live.directory, page } : null;
}

/**
 * Issue 52: the nearest page above an address of the directory that no longer has one (a market
 * removed, hidden or renamed; a municipality left without markets), for an answer 410 that leads
 * there. Only for the depth of a municipality's or a market's page; null for anything else, and in
 * a static build.
 */
export function goneDirectoryPage(
  locals: App.Locals,
  routePath: string | undefined,
): { path: string; page: DirectoryPage } | null {
  const live = locals.published;
  const segments = (routePath ?? '').split('/').filter(Boolean);
  if (!live || segments.length < 3 || segments.length > 4) return null;
  // Under a district that has a page: a municipality's or market's address there was one (or is a
  // mistyped one); anything higher up is no address the directory ever had.
  for (let depth = segments.length - 1; depth >= 2; depth -= 1) {
    const path = [DIRECTORY_PATH, ...segments.slice(0, depth)].join('/');
    const page = live.pages.get(path);
    if (page) return { path, page };
  }
  return null;
}
