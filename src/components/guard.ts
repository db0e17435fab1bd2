import type { AstroGlobal } from 'astro';
import { localizedPath, type Locale } from '../lib/languages.ts';
import { guardRedirect } from '../lib/route-guards.ts';

/**
 * Runs a route guard in a page rendered on demand: a redirect to return from the page, or null.
 * Guarded answers depend on the session, so no cache may keep them.
 */
export async function applyGuard(astro: AstroGlobal, name: string, locale: Locale): Promise<Response | null> {
  astro.response.headers.set('Cache-Control', 'private, no-store');
  const user = (await astro.locals.sessionUser?.()) ?? null;
  const target = guardRedirect(name, user !== null, astro.url.pathname, locale);
  return target ? astro.redirect(target, 303) : null;
}

/**
 * The console's pages (issue 22): a visitor goes to the login, a clerk back to the markets; a
 * redirect to return from the page, or null for an operator.
 */
export async function applyOperatorGuard(astro: AstroGlobal, locale: Locale): Promise<Response | null> {
  const redirect = await applyGuard(astro, 'auth', locale);
  if (redirect) return redirect;
  const user = await astro.locals.sessionUser?.();
  return user?.operator ? null : astro.redirect(localizedPath('/maerkte', locale), 303);
}
