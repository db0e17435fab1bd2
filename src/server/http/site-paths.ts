import { statSync } from 'node:fs';
import path from 'node:path';
import { STATIC_PAGE_IDS } from '../../lib/static-pages.ts';

/** Whether the public site has a page at this path (issue 15, M5: only those are counted). */
export type SitePathCheck = (sitePath: string) => boolean;

/**
 * The built site's own answer: a public page is a pre-rendered `index.html` under the pages'
 * folder, so a path is the site's when that file exists now (a rebuild may add or remove pages).
 */
export function builtSitePaths(clientDir: string): SitePathCheck {
  const root = path.resolve(clientDir);
  return (sitePath) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(sitePath);
    } catch {
      return false;
    }
    const file = path.resolve(root, `.${decoded.replace(/\/+$/, '')}`, 'index.html');
    if (!file.startsWith(root + path.sep)) return false;
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
}

const PAGE = new RegExp(
  `^/(?:(?:en|fr)/?)?(?:info|seite/(?:${STATIC_PAGE_IDS.join('|')})|verzeichnis(?:/[a-z0-9-]+)*)?/?$`,
);

/** Without built pages (the API alone, as in tests): the shapes of the site's public routes. */
export const sitePathShapes: SitePathCheck = (sitePath) => PAGE.test(sitePath);
