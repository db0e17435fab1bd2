import type { Queryable } from '../database.ts';

/** One entry of the operator's audit log (issue 22): who did what, when, to which municipality or user. */
export interface OperatorAction {
  at: Date;
  actor: string;
  action: string;
  gkz: string | null;
  email: string | null;
  details: Record<string, unknown>;
}

/** Written with the action's own transaction, so the log never shows an action that did not happen. */
export async function insertOperatorAction(db: Queryable, entry: OperatorAction): Promise<void> {
  await db.query(
    'INSERT INTO operator_actions (at, actor, action, gkz, email, details) VALUES ($1, $2, $3, $4, $5, $6::jsonb)',
    [entry.at, entry.actor, entry.action, entry.gkz, entry.email, JSON.stringify(entry.details)],
  );
}

export interface OperatorActionRow {
  id: number;
  at: string;
  actor: string;
  action: string;
  gkz: string | null;
  email: string | null;
  details: Record<string, unknown>;
}

/** Newest first; `before` pages on by id. */
export async function listOperatorActions(
  db: Queryable,
  limit: number,
  before: number | null,
): Promise<OperatorActionRow[]> {
  return db.query<OperatorActionRow>(
    `SELECT id::int AS id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at, actor, action, gkz, email, details
     FROM operator_actions WHERE ($2::bigint IS NULL OR id < $2) ORDER BY id DESC LIMIT $1`,
    [limit, before],
  );
}

/** Grants the operator role to a registered user with a confirmed address; answers why not otherwise. */
export async function grantOperator(
  db: Queryable,
  email: string,
  at: Date,
): Promise<'granted' | 'no_user' | 'unconfirmed'> {
  const [row] = await db.query<{ confirmed: boolean }>(
    'SELECT email_confirmed_at IS NOT NULL AS confirmed FROM users WHERE email = $1 AND disabled_at IS NULL FOR UPDATE',
    [email],
  );
  if (!row) return 'no_user';
  if (!row.confirmed) return 'unconfirmed';
  await db.query('UPDATE users SET operator_since = coalesce(operator_since, $2) WHERE email = $1', [email, at]);
  return 'granted';
}

export interface MunicipalityAccounts {
  gkz: string;
  name: string;
  district: string;
  state: string;
  /** Statistik Austria's code (1–9): the console names the state in its own language. */
  state_code: number;
  allowed: { email: string; user: { confirmed: boolean; disabled: boolean; language: string } | null }[];
}

export type MunicipalityFound = Omit<MunicipalityAccounts, 'allowed'>;

/**
 * Every municipality whose name, gkz, district or state holds the search text (all of them for
 * none), or in one of `states` (the states whose name in another language holds it).
 */
export async function findMunicipalities(
  db: Queryable,
  text: string,
  states: readonly number[] = [],
): Promise<MunicipalityFound[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db.query<MunicipalityFound>(
    `SELECT m.gkz::text AS gkz, m.name, d.name AS district, s.name AS state, s.code::int AS state_code
     FROM municipalities m JOIN districts d ON d.code = m.district_code JOIN states s ON s.code = d.state_code
     WHERE m.name ILIKE $1 OR m.gkz LIKE $1 OR d.name ILIKE $1 OR s.name ILIKE $1 OR s.code = ANY($2::int[])`,
    [pattern, states],
  );
}

/** The allowed addresses of these municipalities and the users behind them, by gkz. */
export async function readAllowedOf(
  db: Queryable,
  gkzs: readonly string[],
): Promise<Map<string, MunicipalityAccounts['allowed']>> {
  type Row = { gkz: string; email: string; account: MunicipalityAccounts['allowed'][number]['user'] };
  const rows = await db.query<Row>(
    `SELECT a.gkz::text AS gkz, a.email,
       CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('confirmed', u.email_confirmed_at IS NOT NULL,
         'disabled', u.disabled_at IS NOT NULL, 'language', u.language) END AS account
     FROM allowed_emails a LEFT JOIN users u ON u.email = a.email
     WHERE a.gkz = ANY($1::text[]) ORDER BY a.email`,
    [gkzs],
  );
  const allowed = new Map<string, MunicipalityAccounts['allowed']>();
  for (const { gkz, email, account } of rows) allowed.set(gkz, [...(allowed.get(gkz) ?? []), { email, user: account }]);
  return allowed;
}
