import type { Queryable } from '../database.ts';

export type TokenPurpose = 'confirm_email' | 'reset_password';

/** Tokens are found by their hash only; the token itself is never stored. */
export async function insertToken(
  db: Queryable,
  token: { hash: string; userId: string; purpose: TokenPurpose; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO one_time_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [token.hash, token.userId, token.purpose, token.createdAt, token.expiresAt],
  );
}

/** Marks every unused token of the user for that purpose as used. */
export async function markTokensUsed(db: Queryable, userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
  await db.query('UPDATE one_time_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [
    userId,
    purpose,
    now,
  ]);
}

/** Uses a live token up in one statement, so two concurrent requests cannot both win; answers its user. */
export async function useToken(
  db: Queryable,
  tokenHash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<string | undefined> {
  const [used] = await db.query<{ user_id: string }>(
    `UPDATE one_time_tokens SET used_at = $3 WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
     RETURNING user_id`,
    [tokenHash, purpose, now],
  );
  return used?.user_id;
}

/** An unused token for that purpose, live or not: its user, and whether it is still within its time. */
export async function findUnusedToken(
  db: Queryable,
  tokenHash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<{ userId: string; live: boolean } | undefined> {
  const [row] = await db.query<{ user_id: string; live: boolean }>(
    `SELECT user_id, expires_at > $3 AS live FROM one_time_tokens
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL`,
    [tokenHash, purpose, now],
  );
  return row && { userId: row.user_id, live: row.live };
}

/** A registration's link (issue 49) confirms an address too. */
export async function tokenPurposeOf(db: Queryable, tokenHash: string): Promise<TokenPurpose | null> {
  const [row] = await db.query<{ purpose: TokenPurpose }>(
    `SELECT purpose FROM one_time_tokens WHERE token_hash = $1
     UNION ALL SELECT 'confirm_email' FROM registrations WHERE token_hash = $1 LIMIT 1`,
    [tokenHash],
  );
  return row?.purpose ?? null;
}

export async function tokenOwnerOf(db: Queryable, tokenHash: string, purpose: TokenPurpose): Promise<string | null> {
  const [row] = await db.query<{ user_id: string }>(
    'SELECT user_id FROM one_time_tokens WHERE token_hash = $1 AND purpose = $2',
    [tokenHash, purpose],
  );
  return row?.user_id ?? null;
}
