import type { AstroGlobal } from 'astro';
import type { Locale } from '../lib/languages.ts';
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
