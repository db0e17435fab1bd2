import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { hashToken } from './sessions.ts';

export type TokenPurpose = 'confirm_email' | 'reset_password';

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
  const token = randomBytes(32).toString('base64url');
  await db.query(
    'INSERT INTO one_time_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [hashToken(token), userId, purpose, now, new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose])],
  );
  return token;
}

/** Marks every unused token of the user for that purpose as used. */
export async function voidTokens(db: Queryable, userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
  await db.query('UPDATE one_time_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [
    userId,
    purpose,
    now,
  ]);
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
  const [used] = await db.query<{ user_id: string }>(
    `UPDATE one_time_tokens SET used_at = $3 WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
     RETURNING user_id`,
    [tokenHash, purpose, now],
  );
  if (used) return { userId: used.user_id };
  const [stale] = await db.query(
    'SELECT 1 FROM one_time_tokens WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL',
    [tokenHash, purpose],
  );
  return stale ? 'expired' : 'invalid';
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
  const [row] = await db.query<{ user_id: string; live: boolean }>(
    `SELECT user_id, expires_at > $3 AS live FROM one_time_tokens
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL`,
    [hashToken(token), purpose, now],
  );
  if (!row) return 'invalid';
  return row.live ? { userId: row.user_id } : 'expired';
}

/**
 * What a link is for, used or not, so that `/anmelden/<token>` shows the right screen; null for
 * an unknown token. Whether it still works is for confirm_email or reset_password to say.
 */
export async function findTokenPurpose(db: Queryable, token: string): Promise<TokenPurpose | null> {
  if (token.length > 200) return null;
  const [row] = await db.query<{ purpose: TokenPurpose }>('SELECT purpose FROM one_time_tokens WHERE token_hash = $1', [
    hashToken(token),
  ]);
  return row?.purpose ?? null;
}
