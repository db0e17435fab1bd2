import type { Context } from 'hono';
import { ApiError } from '../api-error.ts';
import { isSessionToken, loggedInUser, writer, type SessionUser } from '../auth/sessions.ts';
import type { ApiEnv } from './api-env.ts';

/** Who may call a route: the photos' (issue 20) and the account's; the markets' procedures check it themselves. */

export async function loggedIn(c: Context<ApiEnv>): Promise<SessionUser> {
  return loggedInUser(await c.get('sessionUser')());
}

export async function confirmedWriter(c: Context<ApiEnv>): Promise<SessionUser> {
  return writer(await c.get('sessionUser')());
}

/**
 * The session's token for a procedure that checks it with its work (services/market-saves.ts). A
 * caller without one is refused here, before their body is read and without a turn of the database.
 */
export function sessionToken(c: Context<ApiEnv>): string {
  const token = c.get('sessionToken')();
  if (!isSessionToken(token)) throw new ApiError('not_logged_in');
  return token;
}
