import type { APIRoute } from 'astro';
import { loadDirectory } from '../components/directory/directory-pages.ts';
import { DIRECTORY_PATH, pagesOf } from '../lib/directory/directory.ts';
import { LOCALES, localizedPath } from '../lib/languages.ts';
import { STATIC_PAGE_IDS } from '../lib/static-pages.ts';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * Every public page in its three languages, each naming the others (hreflang), as search engines expect.
 * The portal renders it per published version (astro.config.mjs); the static copy has it from the build's snapshot.
 */
export const GET: APIRoute = ({ site, locals }) => {
  const directoryPaths = locals.published
    ? [...locals.published.pages.keys()]
    : pagesOf(loadDirectory()).map(([path]) => path);
  const paths = [
    '/',
    '/info',
    ...STATIC_PAGE_IDS.map((id) => `/seite/${id}`),
    `${DIRECTORY_PATH}/suche`,
    ...directoryPaths,
  ];
  const url = (path: string) => escapeXml(new URL(path, site).href);
  const entries = paths.flatMap((path) => {
    // The same alternates as the pages' heads, German as x-default.
    const alternates = [...LOCALES, 'x-default' as const]
      .map(
        (hreflang) =>
          `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${url(localizedPath(path, hreflang === 'x-default' ? 'de' : hreflang))}"/>`,
      )
      .join('');
    return LOCALES.map((locale) => `<url><loc>${url(localizedPath(path, locale))}</loc>${alternates}</url>`);
  });
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`,
    { headers: { 'Content-Type': 'application/xml; charset=utf-8' } },
  );
};
