import type { IncomingMessage } from 'node:http';
import { parse as parseCookie } from 'hono/utils/cookie';
import { DEFAULT_LOCALE, isLocale, localizedPath, negotiateLocale, type Locale } from '../../lib/languages.ts';

/** Seed section 4: the cookie the language switcher sets (path /, 365 days). */
export const LOCALE_COOKIE = 'i18n_redirected';

/**
 * Where the home page `/` should send this request, or null to serve it: the stored language
 * cookie first, else the browser's languages (only here, at the root), else German. Other
 * paths keep the language of their prefix.
 */
export function rootLocaleRedirect(req: Pick<IncomingMessage, 'url' | 'method' | 'headers'>): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  // Plain string work: a request line Node accepts may still be no valid URL (never throw here).
  const [pathname, query] = (req.url ?? '/').split(/\?(.*)/s);
  if (pathname !== '/') return null;
  const stored = parseCookie(req.headers.cookie ?? '', LOCALE_COOKIE)[LOCALE_COOKIE];
  const locale: Locale = isLocale(stored)
    ? stored
    : (negotiateLocale(req.headers['accept-language']) ?? DEFAULT_LOCALE);
  return locale === DEFAULT_LOCALE ? null : `${localizedPath('/', locale)}${query ? `?${query}` : ''}`;
}
