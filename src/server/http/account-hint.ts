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
 * A 401 `not_logged_in` to a browser that still holds a session cookie or the hint: the session
 * ended on the server (idle, expired, ended by an operator), so both cookies go, and the header
 * stops saying "logged in" from the next page on. A live session refused for another reason (a
 * confirmation link of another account) keeps them; a caller without cookies gets no Set-Cookie.
 */
export async function forgetEndedSession(c: Context<ApiEnv>, sessionCookie: string, https: boolean): Promise<void> {
  if (getCookie(c, sessionCookie) === undefined && getCookie(c, ACCOUNT_HINT_COOKIE) === undefined) return;
  const live = await c
    .get('sessionUser')?.()
    .catch(() => null);
  if (live) return;
  deleteCookie(c, sessionCookie, { path: '/', secure: https });
  deleteCookie(c, ACCOUNT_HINT_COOKIE, { path: '/', secure: https });
}
