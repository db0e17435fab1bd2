import type { APIRoute } from 'astro';
import { loadDirectory } from '../components/directory/directory-pages.ts';
import { DIRECTORY_PATH } from '../lib/directory/directory.ts';
import { pagesOf } from '../lib/directory/listing.ts';
import { lastChangeOf, sitemapXml } from '../lib/directory/sitemap.ts';
import { STATIC_PAGE_IDS } from '../lib/static-pages.ts';

/**
 * Every public page in its three languages, as search engines expect; the directory's pages with the
 * last change of what they show. The portal renders it per published version (astro.config.mjs); the
 * static copy has it from the build's snapshot.
 */
export const GET: APIRoute = ({ site, locals }) => {
  const directory = locals.published?.directory ?? loadDirectory();
  const directoryPages = locals.published ? [...locals.published.pages] : pagesOf(directory);
  const pages = [
    ...['/', '/info', ...STATIC_PAGE_IDS.map((id) => `/seite/${id}`), `${DIRECTORY_PATH}/suche`].map((path) => ({
      path,
    })),
    ...directoryPages.map(([path, page]) => {
      const lastmod = lastChangeOf(page, directory);
      return lastmod ? { path, lastmod } : { path };
    }),
  ];
  return new Response(sitemapXml(pages, site), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
