import { localizedPath, stripLocale, type Locale } from './languages.ts';

/**
 * The seed's auth guard (section 4; rules fixed by issue 3): the markets pages need a logged-in
 * user, who is sent to the login page and back afterwards; the login page sends a logged-in user
 * on to the markets list. An unknown guard name is a programming error and throws.
 */
export const ROUTE_GUARDS = {
  /** Only for logged-in users. */
  auth: (loggedIn: boolean, path: string, locale: Locale) =>
    loggedIn ? null : `${localizedPath('/anmelden', locale)}?next=${encodeURIComponent(stripLocale(path))}`,
  /** Only for visitors who are not logged in. */
  guest: (loggedIn: boolean, _path: string, locale: Locale) => (loggedIn ? localizedPath('/maerkte', locale) : null),
} as const;
export type GuardName = keyof typeof ROUTE_GUARDS;

/** Where the guard sends the request, or null to let it through. */
export function guardRedirect(name: string, loggedIn: boolean, path: string, locale: Locale): string | null {
  if (!Object.hasOwn(ROUTE_GUARDS, name)) throw new Error(`Unknown route guard "${name}"`);
  return ROUTE_GUARDS[name as GuardName](loggedIn, path, locale);
}

/** Any base of one origin: only whether `next` stays on it matters. */
const PORTAL = 'https://portal.invalid';

/**
 * The page to return to after login: only a path of this portal, never another site. Resolved as
 * a browser would (issue 15, M1), after refusing what browsers strip or rewrite first: control
 * characters, whitespace ("/\t/evil.example" is "//evil.example" to them) and backslashes.
 */
export function safeNextPath(next: string | null, locale: Locale): string {
  const fallback = localizedPath('/maerkte', locale);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!next || !next.startsWith('/') || /[\u0000-\u0020\u007f-\u00a0\\\u2028\u2029]/.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, PORTAL);
  } catch {
    return fallback;
  }
  if (url.origin !== PORTAL) return fallback;
  // Dot segments resolve too: "/.//evil.example" has the path "//evil.example", which a browser
  // given it as an address reads as another host.
  const path = localizedPath(url.pathname, locale);
  return path.startsWith('//') ? fallback : path + url.search + url.hash;
}
