import type { Account } from '../../../lib/account.ts';
import type { Queryable } from '../database.ts';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  gkz: string;
  language: string;
  email_confirmed_at: Date | null;
  created_at: Date;
  disabled_at: Date | null;
  /** Issue 22: when the provider made the user an operator (`make-operator`); null for a clerk. */
  operator_since: Date | null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>('SELECT * FROM users WHERE email = $1', [email]);
  return row ?? null;
}

export async function findAllowedMunicipality(db: Queryable, email: string): Promise<string | null> {
  const [row] = await db.query<{ gkz: string }>('SELECT gkz FROM allowed_emails WHERE email = $1', [email]);
  return row?.gkz ?? null;
}

/** Issue 49: whether some address on the list is at the domain of `email` (a typo there gets a hint). */
export async function isListedDomain(db: Queryable, email: string): Promise<boolean> {
  const domain = email.slice(email.lastIndexOf('@'));
  const rows = await db.query('SELECT 1 FROM allowed_emails WHERE right(email, length($1)) = $1 LIMIT 1', [domain]);
  return rows.length > 0;
}

/**
 * Issue 49: an account whose address was never confirmed (registered before registrations waited
 * for their mail) lapses when the address's owner proves the mailbox; its sessions and links go
 * with it (ON DELETE CASCADE).
 */
export async function deleteUnconfirmedUser(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM users WHERE email = $1 AND email_confirmed_at IS NULL', [email]);
}

export async function findUserById(db: Queryable, userId: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [userId]);
  return row ?? null;
}

/** False when the address is registered already (also by a request a moment earlier). */
export async function insertUser(
  db: Queryable,
  user: Pick<UserRow, 'id' | 'email' | 'password_hash' | 'gkz' | 'language' | 'created_at' | 'email_confirmed_at'>,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO users (id, email, password_hash, gkz, language, created_at, email_confirmed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (email) DO NOTHING RETURNING id`,
    [user.id, user.email, user.password_hash, user.gkz, user.language, user.created_at, user.email_confirmed_at],
  );
  return rows.length === 1;
}

export async function confirmUserEmail(db: Queryable, userId: string, now: Date): Promise<void> {
  await db.query('UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, $2) WHERE id = $1', [userId, now]);
}

export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}

/**
 * A visitor record follows the account it logged in with (api.md: get_visitor_data); one linked
 * to another account stays with it (issue 15, L5: a visitor id can be passed on in a link).
 */
export async function linkVisitor(db: Queryable, visitorId: string, userId: string): Promise<void> {
  await db.query(
    'UPDATE visitors SET user_id = $2, updated_at = now() WHERE id = $1 AND (user_id IS NULL OR user_id = $2)',
    [visitorId, userId],
  );
}

export async function findAccount(db: Queryable, userId: string): Promise<Account | null> {
  const [row] = await db.query<Account['municipality'] & { email: string; confirmed: boolean }>(
    `SELECT u.email, u.email_confirmed_at IS NOT NULL AS confirmed, m.gkz, m.name, m.postcode, d.name AS district,
       s.name AS state, s.code AS state_code, m.phone, m.website, m.instagram, m.facebook, m.youtube
     FROM users u JOIN municipalities m ON m.gkz = u.gkz JOIN districts d ON d.code = m.district_code
     JOIN states s ON s.code = d.state_code WHERE u.id = $1`,
    [userId],
  );
  if (!row) return null;
  const { email, confirmed, ...municipality } = row;
  return { email, email_confirmed: confirmed, municipality };
}

/** Every user with the municipality's name, for the operator: by municipality, then address. */
export async function listUsersWithMunicipality(
  db: Queryable,
): Promise<{ email: string; gkz: string; name: string; confirmed: boolean; created: string }[]> {
  return db.query<{ email: string; gkz: string; name: string; confirmed: boolean; created: string }>(
    `SELECT u.email, u.gkz, m.name, u.email_confirmed_at IS NOT NULL AS confirmed, to_char(u.created_at, 'YYYY-MM-DD HH24:MI') AS created
     FROM users u JOIN municipalities m ON m.gkz = u.gkz ORDER BY m.name, u.email`,
  );
}
