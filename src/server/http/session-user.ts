import type { Context } from 'hono';
import { ApiError } from '../api-error.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { ApiEnv } from './api-env.ts';

/** Who may call a route: the markets' and the photos' (issue 20) alike. */

export async function loggedIn(c: Context<ApiEnv>): Promise<SessionUser> {
  const user = await c.get('sessionUser')();
  if (!user) throw new ApiError('not_logged_in');
  return user;
}

/**
 * Issue 15, H1: a new account may look, but writes only once its mailbox is proven, so that
 * registering someone else's unclaimed address gives no editing rights.
 */
export async function confirmedWriter(c: Context<ApiEnv>): Promise<SessionUser> {
  const user = await loggedIn(c);
  if (!user.emailConfirmed) throw new ApiError('email_not_confirmed');
  return user;
}
