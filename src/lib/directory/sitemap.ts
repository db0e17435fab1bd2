import { LOCALES, localizedPath } from '../languages.ts';
import { type Directory } from './directory.ts';
import { marketsOf, type DirectoryPage } from './listing.ts';

/** A page the sitemap lists, by its path without a language prefix; `lastmod` only where the data says it. */
export interface SitemapPage {
  path: string;
  lastmod?: string;
}

/**
 * Issue 21, the sitemap's `lastmod` from the data: a market's page changed when the market or one
 * of its dates last did; a page listing markets when the newest of them did. The overview lists
 * the states only, but their counts of markets change with any market.
 */
export function lastChangeOf(page: DirectoryPage, directory: Pick<Directory, 'states'>): string | undefined {
  const markets = (() => {
    switch (page.kind) {
      case 'market':
        return [page.market];
      case 'municipality':
        return page.municipality.markets;
      case 'district':
        return page.district.municipalities.flatMap((municipality) => municipality.markets);
      case 'state':
        return page.state.districts.flatMap((district) => district.municipalities.flatMap((m) => m.markets));
      case 'overview':
        return [...marketsOf(directory)].map(({ market }) => market);
    }
  })();
  // ISO times in UTC compare as text.
  return markets.reduce<string | undefined>(
    (newest, market) => (market.changed_at && (!newest || market.changed_at > newest) ? market.changed_at : newest),
    undefined,
  );
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Every page in its three languages, each naming the others (hreflang) with German as x-default. */
export function sitemapXml(pages: readonly SitemapPage[], site: URL | undefined): string {
  const url = (path: string) => escapeXml(new URL(path, site).href);
  const entries = pages.flatMap(({ path, lastmod }) => {
    const alternates = [...LOCALES, 'x-default' as const]
      .map(
        (hreflang) =>
          `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${url(localizedPath(path, hreflang === 'x-default' ? 'de' : hreflang))}"/>`,
      )
      .join('');
    const changed = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
    return LOCALES.map((locale) => `<url><loc>${url(localizedPath(path, locale))}</loc>${changed}${alternates}</url>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}
