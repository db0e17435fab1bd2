import type { AstroGlobal } from 'astro';
import { marketOf } from '../../stores/market-route.ts';
import type { ScreenSeed } from '../../stores/screen-seed.ts';

/**
 * What a markets screen's page needs before it renders. Issue 20: the market form previews a chosen
 * photo from an object URL (blob:) before it is uploaded; uploaded photos come from the portal itself
 * ('self'), nothing from other sites. The directive goes first: once the page awaits, its headers
 * are on their way. Issue 50: the screen comes with the session's account and municipality content, read by
 * the same API calls the browser would make (get_account, get_own_content), so the server renders
 * the list. Null when either is refused (the session ended meanwhile, the database is away): the
 * island then loads them itself, as it always could.
 */
export async function prepareMarketsScreen(astro: AstroGlobal): Promise<ScreenSeed | null> {
  astro.csp?.insertDirective("img-src 'self' data: blob:");
  const read = astro.locals.apiData;
  // An address naming a market opens its form, which the browser renders: the list is not shown meanwhile.
  if (!read || marketOf(astro.url.search) !== null) return null;
  const [account, content] = await Promise.all([read('get_account'), read('get_own_content')]);
  // The API's own answers, in-process: of the shapes its clients trust them to be (stores/api-client.ts).
  return account && content ? ({ account, content } as ScreenSeed) : null;
}

/** What the island asks for itself when the page comes without them (a market's address). */
export const UNSEEDED_READS = ['get_own_content', 'get_account'] as const;
