import type { Queryable } from '../db/database.ts';
import {
  findUnusedToken,
  insertToken,
  markTokensUsed,
  tokenOwnerOf,
  tokenPurposeOf,
  useToken,
  type TokenPurpose,
} from '../db/queries/one-time-tokens.ts';
import { hashToken, randomToken } from './sessions.ts';

/** api.md: confirmation links hold 24 hours, reset links 1 hour. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  confirm_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/**
 * A random single-use token; only its hash is stored. A new reset link voids the user's older
 * ones (issue 15, L1): only the newest mail can set a password.
 */
export async function issueToken(db: Queryable, userId: string, purpose: TokenPurpose, now: Date): Promise<string> {
  if (purpose === 'reset_password') await voidTokens(db, userId, purpose, now);
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]);
  await insertToken(db, { hash: hashToken(token), userId, purpose, createdAt: now, expiresAt });
  return token;
}

/** Marks every unused token of the user for that purpose as used. */
export async function voidTokens(db: Queryable, userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
  await markTokensUsed(db, userId, purpose, now);
}

/**
 * Uses a token up in one statement, so two concurrent requests cannot both win. Answers the
 * user, or why not: 'expired' for a live token past its time, 'invalid' for a used or unknown one.
 */
export async function consumeToken(
  db: Queryable,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<{ userId: string } | 'expired' | 'invalid'> {
  const tokenHash = hashToken(token);
  const userId = await useToken(db, tokenHash, purpose, now);
  if (userId) return { userId };
  return (await findUnusedToken(db, tokenHash, purpose, now)) ? 'expired' : 'invalid';
}

/**
 * Whose live token this is, without using it up: confirm_email first checks that the one using
 * the link is that user (issue 15, H1), so a stranger's failed attempt does not spend it.
 */
export async function findTokenUser(
  db: Queryable,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<{ userId: string } | 'expired' | 'invalid'> {
  const row = await findUnusedToken(db, hashToken(token), purpose, now);
  if (!row) return 'invalid';
  return row.live ? { userId: row.userId } : 'expired';
}

/** Whose token this is, used or not (a confirmation link opened again, issue 19); null for an unknown one. */
export async function findTokenOwner(db: Queryable, token: string, purpose: TokenPurpose): Promise<string | null> {
  if (token.length > 200) return null;
  return tokenOwnerOf(db, hashToken(token), purpose);
}

/**
 * What a link is for, used or not, so that `/anmelden/<token>` shows the right screen; null for
 * an unknown token. Whether it still works is for confirm_email or reset_password to say.
 */
export async function findTokenPurpose(db: Queryable, token: string): Promise<TokenPurpose | null> {
  if (token.length > 200) return null;
  return tokenPurposeOf(db, hashToken(token));
}
