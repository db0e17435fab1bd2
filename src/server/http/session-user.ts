import type { Context } from 'hono';
import { loggedInUser, writer, type SessionUser } from '../auth/sessions.ts';
import type { ApiEnv } from './api-env.ts';

/** Who may call a route: the photos' (issue 20) and the account's; the markets' procedures check it themselves. */

export async function loggedIn(c: Context<ApiEnv>): Promise<SessionUser> {
  return loggedInUser(await c.get('sessionUser')());
}

export async function confirmedWriter(c: Context<ApiEnv>): Promise<SessionUser> {
  return writer(await c.get('sessionUser')());
}
