import { createHash, randomBytes } from 'node:crypto';
import { ApiError } from '../api-error.ts';
import type { Queryable } from '../db/database.ts';
import { deleteOtherSessions, deleteSession, findLiveSession, insertSession } from '../db/queries/sessions.ts';

/** Name of the HttpOnly session cookie (set by register and login). */
export const SESSION_COOKIE = 'session';

/**
 * Over https the cookie is `__Host-session` (issue 15, L3): browsers then accept it only when
 * Secure, for path / and without a domain, so no sibling subdomain or plain-http page can set it.
 */
export function sessionCookieName(https: boolean): string {
  return https ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/**
 * Issue 49: the cookie `register` gives the registering browser, so that its mailed link opened
 * there confirms without the password; `__Host-` over https, as the session's.
 */
export function registrationCookieName(https: boolean): string {
  return https ? '__Host-registration' : 'registration';
}

/** A session ends 12 hours after login, or after 4 hours without a request. */
export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;

export interface SessionUser {
  userId: string;
  email: string;
  gkz: string;
  /** Issue 15, H1: only a proven mailbox may write. */
  emailConfirmed: boolean;
  /** Issue 22: the provider's operator (`make-operator`), who may use the console. */
  operator: boolean;
}

/** Only the SHA-256 of a session token is stored, so a leaked table opens no session. */
/** A random 256-bit token for a cookie or a link, in a URL's alphabet; only its hash is stored. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The user of a live session, or null for an unknown, expired or malformed token (4 hours idle:
 * db/queries/sessions.ts).
 */
export async function findSessionUser(db: Queryable, token: string | undefined): Promise<SessionUser | null> {
  if (!isSessionToken(token)) return null;
  const row = await findLiveSession(db, hashToken(token));
  return row
    ? { userId: row.user_id, email: row.email, gkz: row.gkz, emailConfirmed: row.confirmed, operator: row.operator }
    : null;
}

/** Whether `token` has a session token's shape: one that has not cannot name a session, and is not looked up. */
export function isSessionToken(token: string | undefined): token is string {
  return token !== undefined && /^[A-Za-z0-9_-]{20,100}$/.test(token);
}

/** The user of a session, or the refusal of a caller not logged in. */
export function loggedInUser(user: SessionUser | null): SessionUser {
  if (!user) throw new ApiError('not_logged_in');
  return user;
}

/**
 * Issue 15, H1: a new account may look, but writes only once its mailbox is proven, so that
 * registering someone else's unclaimed address gives no editing rights.
 */
export function writer(user: SessionUser | null): SessionUser {
  const loggedIn = loggedInUser(user);
  if (!loggedIn.emailConfirmed) throw new ApiError('email_not_confirmed');
  return loggedIn;
}

/**
 * Issue 49: the one check of who may read what is not published — a municipality's hidden markets
 * and dates (get_content with include_hidden_records, the clerk's own screens) and the change
 * history with the clerks' addresses: a user of a live session whose mailbox is proven. Until
 * then a session sees what anyone sees, and its municipality's master data (get_account).
 */
export function mayReadHiddenRecords(user: SessionUser | null): user is SessionUser {
  return user !== null && user.emailConfirmed;
}

/** The user who may read hidden records, or the refusal: 401 not_logged_in, 403 email_not_confirmed. */
export function hiddenRecordsReader(user: SessionUser | null): SessionUser {
  const loggedIn = loggedInUser(user);
  if (!mayReadHiddenRecords(loggedIn)) throw new ApiError('email_not_confirmed');
  return loggedIn;
}

/**
 * Live sessions one account may hold (docs/api.md, issue 49): enough for a clerk's devices and
 * browsers, and no pile of sessions that outlive their reason, e.g. a script logging in each run.
 */
export const MAX_SESSIONS = 10;

/**
 * Starts a session: a random 256-bit token for the cookie, its hash for the database. The oldest
 * session of a user who holds MAX_SESSIONS already ends.
 */
export async function startSession(db: Queryable, userId: string): Promise<string> {
  const token = randomToken();
  await insertSession(db, hashToken(token), userId, SESSION_LIFETIME_SECONDS, MAX_SESSIONS);
  return token;
}

export async function endSession(db: Queryable, token: string): Promise<void> {
  await deleteSession(db, hashToken(token));
}

/** After a password reset, every session of the user but the one given ends. */
export async function endOtherSessions(db: Queryable, userId: string, keepToken: string | null): Promise<void> {
  await deleteOtherSessions(db, userId, keepToken && hashToken(keepToken));
}
