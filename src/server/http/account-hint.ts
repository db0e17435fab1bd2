import type { Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { ApiEnv } from './api-env.ts';

/**
 * Issue 19, decision 0016: public pages are the same for everybody, so their header learns who is
 * logged in from this cookie, which public/js/site.js reads (same name there). It names the user
 * and proves nothing: the session stays in its HttpOnly cookie.
 */
export const ACCOUNT_HINT_COOKIE = 'marktverzeichnis_account';

/**
 * Over https `__Host-marktverzeichnis_account`, as the session cookie is named (sessions.ts, issue
 * 49): no sibling subdomain or plain-http page can then plant a name for the header to show.
 * public/js/site.js reads this name on an https page, the plain one on an http page.
 */
export function accountHintCookieName(https: boolean): string {
  return https ? `__Host-${ACCOUNT_HINT_COOKIE}` : ACCOUNT_HINT_COOKIE;
}

/**
 * A 401 `not_logged_in` to a browser that still holds a session cookie or the hint: the session
 * ended on the server (idle, expired, ended by an operator), so both cookies go, and the header
 * stops saying "logged in" from the next page on. A live session refused for another reason (a
 * confirmation link of another account) keeps them; a caller without cookies gets no Set-Cookie.
 */
export async function forgetEndedSession(c: Context<ApiEnv>, sessionCookie: string, https: boolean): Promise<void> {
  const hintCookie = accountHintCookieName(https);
  if (getCookie(c, sessionCookie) === undefined && getCookie(c, hintCookie) === undefined) return;
  const live = await c
    .get('sessionUser')?.()
    .catch(() => null);
  if (live) return;
  deleteCookie(c, sessionCookie, { path: '/', secure: https });
  deleteCookie(c, hintCookie, { path: '/', secure: https });
}
