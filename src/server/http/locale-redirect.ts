import type { IncomingMessage } from 'node:http';
import { parse as parseCookie } from 'hono/utils/cookie';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_CHOICE_PARAMETER,
  localizedPath,
  negotiateLocale,
  type Locale,
} from '../../lib/languages.ts';

/** Seed section 4: the cookie the language switcher sets (path /, 365 days). */
export const LOCALE_COOKIE = 'i18n_redirected';

export interface LocaleRedirect {
  location: string;
  /** A language the visitor chose, for the server to store in the cookie (pages without JavaScript). */
  chosen?: Locale;
}

/**
 * Where the home page `/` should send this request, or null to serve it: a language chosen in the
 * switcher (`?lang=`) first, then the stored language cookie, else the browser's languages (only
 * here, at the root), else German. Other paths keep the language of their prefix.
 */
export function rootLocaleRedirect(req: Pick<IncomingMessage, 'url' | 'method' | 'headers'>): LocaleRedirect | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  // Plain string work: a request line Node accepts may still be no valid URL (never throw here).
  const [pathname, query] = (req.url ?? '/').split(/\?(.*)/s);
  if (pathname !== '/') return null;
  const chosen = new URLSearchParams(query ?? '').get(LOCALE_CHOICE_PARAMETER);
  if (isLocale(chosen)) return { location: localizedPath('/', chosen), chosen };
  const stored = parseCookie(req.headers.cookie ?? '', LOCALE_COOKIE)[LOCALE_COOKIE];
  const locale: Locale = isLocale(stored)
    ? stored
    : (negotiateLocale(req.headers['accept-language']) ?? DEFAULT_LOCALE);
  return locale === DEFAULT_LOCALE ? null : { location: `${localizedPath('/', locale)}${query ? `?${query}` : ''}` };
}

/**
 * The Set-Cookie value for a chosen language, as public/js/site.js writes it in the browser; over
 * https only ever sent encrypted (Secure, issue 49), as every cookie of the portal.
 */
export function localeCookie(locale: Locale, https: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${https ? '; Secure' : ''}`;
}
