import type { Queryable } from '../database.ts';

/** A registration waiting for its mailbox to be proven (migration 0018, issue 49). */
export interface RegistrationRow {
  /** The hash of the mailed link's token. */
  token_hash: string;
  email: string;
  password_hash: string;
  language: string;
  /** The hash of the registering browser's cookie. */
  browser_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export async function insertRegistration(db: Queryable, row: Omit<RegistrationRow, 'used_at'>): Promise<void> {
  await db.query(
    `INSERT INTO registrations (token_hash, email, password_hash, language, browser_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [row.token_hash, row.email, row.password_hash, row.language, row.browser_hash, row.created_at, row.expires_at],
  );
}

/** The registration of a link, used or not, and whether it is still within its time; null for an unknown link. */
export async function findRegistration(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<(RegistrationRow & { live: boolean }) | null> {
  const [row] = await db.query<RegistrationRow & { live: boolean }>(
    'SELECT *, expires_at > $2 AS live FROM registrations WHERE token_hash = $1',
    [tokenHash, now],
  );
  return row ?? null;
}

/**
 * Uses a live registration up, in one statement so that two requests cannot both, and lets the
 * other registrations of its address lapse: the first to prove the mailbox wins. Null when it
 * was used, has expired or lapsed meanwhile.
 */
export async function useRegistration(db: Queryable, tokenHash: string, now: Date): Promise<RegistrationRow | null> {
  const [used] = await db.query<RegistrationRow>(
    `UPDATE registrations SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING *`,
    [tokenHash, now],
  );
  if (!used) return null;
  await db.query('DELETE FROM registrations WHERE email = $1 AND token_hash <> $2', [used.email, tokenHash]);
  return used;
}

/**
 * A new link, valid until `expiresAt`, for the newest registration of the address that waits (its
 * old link is void); false when none waits.
 */
export async function renewRegistration(
  db: Queryable,
  email: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<boolean> {
  const renewed = await db.query(
    `UPDATE registrations SET token_hash = $2, expires_at = $3 WHERE token_hash = (
       SELECT token_hash FROM registrations WHERE email = $1 AND used_at IS NULL ORDER BY created_at DESC LIMIT 1)
     RETURNING 1`,
    [email, tokenHash, expiresAt],
  );
  return renewed.length === 1;
}

/**
 * Until the transaction ends, the confirmations of one address take turns: two at once would each
 * lock their own row and wait to delete the other's (a deadlock on PostgreSQL, a 500).
 */
export async function lockAddress(db: Queryable, email: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [email]);
}

/** A registration still waiting for its mailbox (issue 55, the console's overview), with the municipality of its address. */
export interface WaitingRegistration {
  email: string;
  gkz: string | null;
  municipality: string | null;
  since: string;
}

/** Addresses whose registration waits for the link in its mail, the oldest first; `total` counts them all. */
export async function listWaitingRegistrations(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<{ total: number; waiting: WaitingRegistration[] }> {
  const rows = await db.query<WaitingRegistration & { total: number }>(
    `SELECT r.email, a.gkz, m.name AS municipality,
       to_char(min(r.created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS since,
       (count(*) OVER ())::int AS total
     FROM registrations r
     LEFT JOIN allowed_emails a ON a.email = r.email
     LEFT JOIN municipalities m ON m.gkz = a.gkz
     WHERE r.used_at IS NULL AND r.expires_at > $1 AND NOT EXISTS (SELECT 1 FROM users u WHERE u.email = r.email)
     GROUP BY r.email, a.gkz, m.name
     ORDER BY since, r.email LIMIT $2`,
    [now, limit],
  );
  const waiting = rows.map(({ email, gkz, municipality, since }) => ({ email, gkz, municipality, since }));
  return { total: rows[0]?.total ?? 0, waiting };
}
