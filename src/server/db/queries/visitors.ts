import type { VisitorData } from '../../../lib/visitor.ts';
import type { Queryable } from '../database.ts';

interface VisitorRow {
  id: string;
  readable_id: string;
  language_id: number;
  state: Record<string, unknown>;
  user_id: string | null;
  email: string | null;
  name: string | null;
  postcode: string | null;
  district: string | null;
  state_name: string | null;
  phone: string | null;
  website: string | null;
  instagram: string | null;
  facebook: string | null;
  youtube: string | null;
}

/**
 * A visitor with the account and municipality fields filled only when `sessionUserId` is the
 * user linked to it (api.md, get_visitor_data).
 */
export async function findVisitor(
  db: Queryable,
  id: string,
  sessionUserId: string | null,
): Promise<VisitorData | null> {
  const [row] = await db.query<VisitorRow>(
    `SELECT v.id, v.readable_id, v.language_id, v.state, v.user_id, u.email, m.name, m.postcode, d.name AS district,
       s.name AS state_name, m.phone, m.website, m.instagram, m.facebook, m.youtube
     FROM visitors v
     LEFT JOIN users u ON u.id = v.user_id AND u.id = $2
     LEFT JOIN municipalities m ON m.gkz = u.gkz
     LEFT JOIN districts d ON d.code = m.district_code
     LEFT JOIN states s ON s.code = d.state_code
     WHERE v.id = $1`,
    [id, sessionUserId],
  );
  if (!row) return null;
  return {
    state: row.state,
    language_id: row.language_id,
    readable_id: row.readable_id,
    visitorId: row.id,
    auth_email: row.email,
    wko_municipality: row.name,
    wko_plz: row.postcode,
    wko_district: row.district,
    wko_state: row.state_name,
    wko_phone: row.phone,
    wko_url: row.website,
    wko_instagram: row.instagram,
    wko_facebook: row.facebook,
    wko_youtube: row.youtube,
  };
}

/** Inserts a visitor; false when the id or the readable id is taken already. */
export async function insertVisitor(
  db: Queryable,
  id: string,
  readableId: string,
  languageId: number,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO visitors (id, readable_id, language_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id`,
    [id, readableId, languageId],
  );
  return rows.length === 1;
}

export async function visitorExists(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM visitors WHERE id = $1', [id])).length === 1;
}

/** Replaces the stored state (the client sends the whole state); false for an unknown visitor. */
/** The account a visitor is linked to: null for none, undefined for an unknown visitor. */
export async function findVisitorOwner(db: Queryable, id: string): Promise<string | null | undefined> {
  const [row] = await db.query<{ user_id: string | null }>('SELECT user_id FROM visitors WHERE id = $1', [id]);
  return row ? row.user_id : undefined;
}

export async function updateVisitor(
  db: Queryable,
  id: string,
  languageId: number,
  stateJson: string,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE visitors SET language_id = $2, state = $3::jsonb, updated_at = now() WHERE id = $1 RETURNING id`,
    [id, languageId, stateJson],
  );
  return rows.length === 1;
}
