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

/** The page to return to after login: only a path of this portal, never another site. */
export function safeNextPath(next: string | null, locale: Locale): string {
  const fallback = localizedPath('/maerkte', locale);
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  return localizedPath(next, locale);
}
