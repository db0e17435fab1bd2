import type { Queryable } from '../database.ts';

/** What the nightly run did with a municipality's calendar (migration 0023), for the clerk to see. */
export interface SubscriptionOutcome {
  /** Markets written, by title. */
  applied: string[];
  /** Markets whose rows need the clerk's decision (a conflict), by title. */
  waiting: string[];
  /** Rows the portal could not take (their reasons show in a preview of the address). */
  refused: number;
  /** Set when the calendar could not be read at all: `import.error.<code>`'s code. */
  error?: string;
}

export interface CalendarSubscription {
  gkz: string;
  municipality: string;
  url: string;
  subscribed_at: string;
  checked_at: string | null;
  outcome: SubscriptionOutcome | null;
  /** The outcome was seen by a clerk (or there is none to see). */
  seen: boolean;
}

const SELECT = `SELECT s.gkz::text AS gkz, m.name AS municipality, s.url,
  to_char(s.subscribed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS subscribed_at,
  to_char(s.checked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS checked_at,
  s.outcome, (s.checked_at IS NULL OR coalesce(s.seen_at >= s.checked_at, false)) AS seen
  FROM calendar_subscriptions s JOIN municipalities m ON m.gkz = s.gkz`;

export async function readSubscription(db: Queryable, gkz: string): Promise<CalendarSubscription | null> {
  const [row] = await db.query<CalendarSubscription>(`${SELECT} WHERE s.gkz = $1`, [gkz]);
  return row ?? null;
}

export async function listSubscriptions(db: Queryable): Promise<CalendarSubscription[]> {
  return db.query<CalendarSubscription>(`${SELECT} ORDER BY s.gkz`);
}

/** A new address forgets the last run's outcome: it was another calendar's. */
export async function saveSubscription(
  db: Queryable,
  subscription: { gkz: string; url: string; userId: string; at: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO calendar_subscriptions (gkz, url, subscribed_by, subscribed_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (gkz) DO UPDATE SET url = excluded.url, subscribed_by = excluded.subscribed_by,
       subscribed_at = excluded.subscribed_at, checked_at = NULL, outcome = NULL, seen_at = NULL
     WHERE calendar_subscriptions.url IS DISTINCT FROM excluded.url`,
    [subscription.gkz, subscription.url, subscription.userId, subscription.at],
  );
}

export async function deleteSubscription(db: Queryable, gkz: string): Promise<void> {
  await db.query('DELETE FROM calendar_subscriptions WHERE gkz = $1', [gkz]);
}

export async function markSubscriptionSeen(db: Queryable, gkz: string, at: Date): Promise<void> {
  await db.query('UPDATE calendar_subscriptions SET seen_at = $2 WHERE gkz = $1', [gkz, at]);
}

export async function saveOutcome(
  db: Queryable,
  { gkz, url, outcome, at }: { gkz: string; url: string; outcome: SubscriptionOutcome; at: Date },
): Promise<void> {
  // The address the run read: a clerk who gave another meanwhile gets that one's outcome next night.
  await db.query('UPDATE calendar_subscriptions SET checked_at = $3, outcome = $4::jsonb WHERE gkz = $1 AND url = $2', [
    gkz,
    url,
    at,
    JSON.stringify(outcome),
  ]);
}

/**
 * Who a nightly import of the municipality writes as: the clerk who subscribed while that account
 * may log in (confirmed, not disabled, its address still on the municipality's list), else another
 * such clerk of the municipality; none, no import.
 */
export async function subscriptionWriter(
  db: Queryable,
  gkz: string,
): Promise<{ userId: string; email: string } | null> {
  const [row] = await db.query<{ userId: string; email: string }>(
    `SELECT u.id AS "userId", u.email FROM users u
     JOIN allowed_emails a ON a.email = u.email AND a.gkz = u.gkz
     LEFT JOIN calendar_subscriptions s ON s.gkz = u.gkz AND s.subscribed_by = u.id
     WHERE u.gkz = $1 AND u.email_confirmed_at IS NOT NULL AND u.disabled_at IS NULL AND u.operator_since IS NULL
     ORDER BY (s.gkz IS NULL), u.email_confirmed_at, u.email LIMIT 1`,
    [gkz],
  );
  return row ?? null;
}
