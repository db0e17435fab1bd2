import { DIRECTORY_START } from '../../../lib/market.ts';
import type { Queryable } from '../database.ts';
import { PUBLISHED_MARKET } from './markets.ts';

/** The running update campaign: the latest year opened (issue 22). */
export interface CampaignRow {
  year: number;
  deadline: string;
  opened_at: string;
  opened_by: string;
  /** Set when the operator closed it (issue 22): no banner, confirmation or reminder since. */
  closed_at: string | null;
  closed_by: string | null;
}

export async function readCurrentCampaign(db: Queryable): Promise<CampaignRow | null> {
  const [row] = await db.query<CampaignRow>(
    `SELECT year::int AS year, deadline, to_char(opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS opened_at,
       opened_by, to_char(closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS closed_at, closed_by
     FROM campaigns ORDER BY year DESC LIMIT 1`,
  );
  return row ?? null;
}

/** Opens the year's campaign, or moves its deadline when it is open already (and opens it again when closed). */
export async function upsertCampaign(
  db: Queryable,
  year: number,
  deadline: string,
  at: Date,
  by: string,
): Promise<void> {
  await db.query(
    `INSERT INTO campaigns (year, deadline, opened_at, opened_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (year) DO UPDATE SET deadline = excluded.deadline, closed_at = NULL, closed_by = NULL`,
    [year, deadline, at, by],
  );
}

/** Closes the year's campaign if it is open; answers whether it was. */
export async function closeCampaign(db: Queryable, year: number, at: Date, by: string): Promise<boolean> {
  const rows = await db.query(
    'UPDATE campaigns SET closed_at = $2, closed_by = $3 WHERE year = $1 AND closed_at IS NULL RETURNING year',
    [year, at, by],
  );
  return rows.length === 1;
}

/**
 * Confirms the given markets of the municipality; answers how many. `null` confirms all that are
 * shown in the campaign's year (issue 53): not hidden and with a shown date in it, so "confirm all"
 * cannot stamp a hidden market or one without a single date that year.
 */
export async function confirmMarkets(
  db: Queryable,
  year: number,
  gkz: string,
  marketIds: readonly string[] | null,
  at: Date,
  by: string,
): Promise<number> {
  const rows = await db.query(
    `INSERT INTO campaign_confirmations (year, market_id, gkz, state, confirmed_at, confirmed_by)
     SELECT $1, m.id, m.gkz, 'confirmed', $4, $5 FROM markets m WHERE m.gkz = $2
       AND CASE WHEN $3::text[] IS NULL
         THEN NOT m.hidden AND EXISTS (SELECT 1 FROM market_dates d WHERE d.market_id = m.id AND NOT d.hidden
           AND d.date_start <= $7::date AND d.date_end >= $6::date)
         ELSE m.id = ANY($3) END
     ON CONFLICT (year, market_id) DO UPDATE
       SET state = 'confirmed', confirmed_at = excluded.confirmed_at, confirmed_by = excluded.confirmed_by, changed_at = NULL
     RETURNING market_id`,
    [year, gkz, marketIds, at, by, `${year}-01-01`, `${year}-12-31`],
  );
  return rows.length;
}

/** Whether every market of the municipality is confirmed in the year (also when it has none). */
export async function everyMarketConfirmed(db: Queryable, year: number, gkz: string): Promise<boolean> {
  const [row] = await db.query<{ open: number }>(
    `SELECT count(*)::int AS open FROM markets m
     LEFT JOIN campaign_confirmations c ON c.market_id = m.id AND c.year = $1 AND c.state = 'confirmed'
     WHERE m.gkz = $2 AND c.market_id IS NULL`,
    [year, gkz],
  );
  return row!.open === 0;
}

/**
 * "Everything confirmed" for the municipality, also one without markets; the changes of markets
 * deleted since are settled by it (their rows go).
 */
export async function confirmMunicipality(db: Queryable, year: number, gkz: string, at: Date): Promise<void> {
  await db.query(
    `DELETE FROM campaign_confirmations c WHERE c.year = $1 AND c.gkz = $2
       AND NOT EXISTS (SELECT 1 FROM markets m WHERE m.id = c.market_id)`,
    [year, gkz],
  );
  await db.query(
    `INSERT INTO campaign_municipalities (year, gkz, confirmed_at) VALUES ($1, $2, $3)
     ON CONFLICT (year, gkz) DO UPDATE SET confirmed_at = excluded.confirmed_at`,
    [year, gkz, at],
  );
}

/** Each market of the municipality (or each published one) with its state in the campaign: confirmed, changed, or open. */
export async function readMarketStates(
  db: Queryable,
  year: number,
  gkz: string,
  { publishedOnly = false }: { publishedOnly?: boolean } = {},
): Promise<{ market_id: string; state: 'confirmed' | 'changed' | 'open' }[]> {
  // PUBLISHED_MARKET reads its first day from $1.
  return db.query(
    `SELECT m.id AS market_id, coalesce(c.state, 'open') AS state FROM markets m
     LEFT JOIN campaign_confirmations c ON c.market_id = m.id AND c.year = $2
     WHERE m.gkz = $3 AND (NOT $4 OR ${PUBLISHED_MARKET}) ORDER BY m.id`,
    [DIRECTORY_START, year, gkz, publishedOnly],
  );
}

/** What the progress of one municipality is made of (services/campaign-state.ts decides its state). */
export interface MunicipalityProgressRow {
  gkz: string;
  name: string;
  district: string;
  state_name: string;
  /** Statistik Austria's code (1–9): the console names the state in its own language. */
  state_code: number;
  markets: number;
  confirmed: number;
  changed: number;
  all_confirmed: boolean;
  has_account: boolean;
  reminded_at: string | null;
}

/** Every municipality's progress in one statement: 2,095 rows, the console's main view (issue 22: < 300 ms). */
export async function readProgressRows(
  db: Queryable,
  year: number,
  gkz: string | null = null,
): Promise<MunicipalityProgressRow[]> {
  return db.query<MunicipalityProgressRow>(
    `WITH market_counts AS (
       SELECT gkz, count(*)::int AS markets FROM markets GROUP BY gkz
     ), confirmation_counts AS (
       SELECT c.gkz, count(*) FILTER (WHERE c.state = 'confirmed' AND m.id IS NOT NULL)::int AS confirmed,
         count(*) FILTER (WHERE c.state = 'changed')::int AS changed
       FROM campaign_confirmations c LEFT JOIN markets m ON m.id = c.market_id WHERE c.year = $1 GROUP BY c.gkz
     ), accounts AS (
       -- An operator's account is the provider's, not its municipality's (decision record 0019).
       SELECT DISTINCT u.gkz FROM users u JOIN allowed_emails a ON a.email = u.email AND a.gkz = u.gkz
       WHERE u.email_confirmed_at IS NOT NULL AND u.disabled_at IS NULL AND u.operator_since IS NULL
     )
     SELECT mu.gkz::text AS gkz, mu.name, d.name AS district, s.name AS state_name, s.code::int AS state_code,
       coalesce(mc.markets, 0) AS markets, coalesce(cc.confirmed, 0) AS confirmed, coalesce(cc.changed, 0) AS changed,
       cm.confirmed_at IS NOT NULL AS all_confirmed, a.gkz IS NOT NULL AS has_account,
       to_char(cm.reminded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS reminded_at
     FROM municipalities mu JOIN districts d ON d.code = mu.district_code JOIN states s ON s.code = d.state_code
     LEFT JOIN market_counts mc ON mc.gkz = mu.gkz LEFT JOIN confirmation_counts cc ON cc.gkz = mu.gkz
     LEFT JOIN campaign_municipalities cm ON cm.year = $1 AND cm.gkz = mu.gkz LEFT JOIN accounts a ON a.gkz = mu.gkz
     WHERE $2::text IS NULL OR mu.gkz = $2
     ORDER BY s.name, d.name, mu.name, mu.gkz`,
    [year, gkz],
  );
}

/**
 * Claims the municipalities for a reminder: marks them reminded now unless they were within the
 * interval, in one statement, so two runs at once never mail one municipality twice. Answers the
 * claimed ones with the time they were reminded before (to give back if the mail fails).
 */
export async function claimReminders(
  db: Queryable,
  year: number,
  gkzs: readonly string[],
  at: Date,
  intervalDays: number,
): Promise<{ gkz: string; before: Date | null }[]> {
  return db.query(
    `WITH previous AS (
       SELECT g.gkz, cm.reminded_at FROM unnest($2::text[]) AS g(gkz)
       LEFT JOIN campaign_municipalities cm ON cm.year = $1 AND cm.gkz = g.gkz
     )
     INSERT INTO campaign_municipalities (year, gkz, reminded_at)
     SELECT $1, gkz, $3 FROM previous
     ON CONFLICT (year, gkz) DO UPDATE SET reminded_at = excluded.reminded_at
       WHERE campaign_municipalities.reminded_at IS NULL
         OR campaign_municipalities.reminded_at <= excluded.reminded_at - make_interval(days => $4)
     RETURNING gkz::text AS gkz, (SELECT reminded_at FROM previous p WHERE p.gkz = campaign_municipalities.gkz) AS before`,
    [year, gkzs, at, intervalDays],
  );
}

export async function restoreReminded(db: Queryable, year: number, gkz: string, before: Date | null): Promise<void> {
  await db.query('UPDATE campaign_municipalities SET reminded_at = $3 WHERE year = $1 AND gkz = $2', [
    year,
    gkz,
    before,
  ]);
}

/** The clerks a reminder goes to: confirmed, enabled users on their municipality's list; no operator. */
export async function readClerks(
  db: Queryable,
  gkzs: readonly string[],
): Promise<{ gkz: string; email: string; language: string }[]> {
  return db.query(
    `SELECT u.gkz::text AS gkz, u.email, u.language FROM users u
     JOIN allowed_emails a ON a.email = u.email AND a.gkz = u.gkz
     WHERE u.gkz = ANY($1::text[]) AND u.email_confirmed_at IS NOT NULL AND u.disabled_at IS NULL
       AND u.operator_since IS NULL
     ORDER BY u.gkz, u.email`,
    [gkzs],
  );
}

/**
 * How many municipalities confirmed the year, by the rule of lib/campaign.ts's municipalityState
 * (every market confirmed and unchanged, and at least one confirmation), for the public feed and
 * the book's cover; a test holds it equal to the console's count.
 */
export async function countConfirmedMunicipalities(db: Queryable, year: number): Promise<number> {
  const [row] = await db.query<{ confirmed: number }>(
    `WITH per_municipality AS (
       SELECT c.gkz, bool_or(c.state = 'changed') AS changed,
         count(*) FILTER (WHERE c.state = 'confirmed' AND EXISTS (SELECT 1 FROM markets m WHERE m.id = c.market_id)) AS confirmed
       FROM campaign_confirmations c WHERE c.year = $1 GROUP BY c.gkz
     ), candidates AS (
       SELECT gkz FROM per_municipality UNION SELECT gkz FROM campaign_municipalities WHERE year = $1 AND confirmed_at IS NOT NULL
     )
     SELECT count(*)::int AS confirmed FROM candidates k
     LEFT JOIN per_municipality p ON p.gkz = k.gkz
     LEFT JOIN campaign_municipalities cm ON cm.year = $1 AND cm.gkz = k.gkz
     WHERE NOT coalesce(p.changed, false)
       AND coalesce(p.confirmed, 0) = (SELECT count(*) FROM markets m WHERE m.gkz = k.gkz)
       AND (coalesce(p.confirmed, 0) > 0 OR cm.confirmed_at IS NOT NULL)`,
    [year],
  );
  return row?.confirmed ?? 0;
}
