import { randomUUID } from 'node:crypto';
import type { MarketDateRecord, MarketRecord } from '../../../lib/market.ts';
import { rruleOf } from '../../../lib/recurrence.ts';
import type { Queryable } from '../database.ts';

/** Columns of a market as the content service answers it. */
export const MARKET_COLUMNS = `m.id, m.gkz, m.title, m.description, m.type, m.schedule, m.rule, m.rrule, m.location,
  m.event_location, m.floor, m.floorplan, m.status, m.date_start, m.date_end, m.website, m.phone, m.email,
  m.image, m.hidden, m.version, m.updated_at`;

export const DATE_COLUMNS = `d.id, d.market_id AS wko_market_id, d.date_start, d.date_end, d.time_from, d.time_to,
  d.status, d.type, d.note, d.hidden, d.version`;

/**
 * Which markets the public sees (api.md, get_content_stops): not hidden, active, with a date from
 * `since` on that is neither hidden nor cancelled.
 */
const PUBLISHED_MARKET = `NOT m.hidden AND m.status = 'active' AND EXISTS (
  SELECT 1 FROM market_dates p WHERE p.market_id = m.id AND NOT p.hidden AND p.status <> 'cancelled' AND p.date_end >= $1)`;

type MarketRow = Omit<MarketRecord, 'updated_at'> & { updated_at: Date };

export function toMarketRecord(row: MarketRow): MarketRecord {
  return { ...row, updated_at: row.updated_at.toISOString() };
}

export async function listVisibleMarkets(db: Queryable, since: string): Promise<MarketRecord[]> {
  const rows = await db.query<MarketRow>(
    `SELECT ${MARKET_COLUMNS} FROM markets m WHERE ${PUBLISHED_MARKET} ORDER BY m.title, m.id`,
    [since],
  );
  return rows.map(toMarketRecord);
}

export async function listVisibleMarketDates(db: Queryable, since: string): Promise<MarketDateRecord[]> {
  return db.query<MarketDateRecord>(
    `SELECT ${DATE_COLUMNS} FROM market_dates d JOIN markets m ON m.id = d.market_id
     WHERE ${PUBLISHED_MARKET} AND NOT d.hidden
     ORDER BY d.date_start, d.id`,
    [since],
  );
}

/** Every market of one municipality, hidden or not: what its staff see. */
export async function listMarketsOf(db: Queryable, gkz: string): Promise<MarketRecord[]> {
  const rows = await db.query<MarketRow>(
    `SELECT ${MARKET_COLUMNS} FROM markets m WHERE m.gkz = $1 ORDER BY m.title, m.id`,
    [gkz],
  );
  return rows.map(toMarketRecord);
}

/** Every date of one municipality's markets, hidden or not. */
export async function listMarketDatesOf(db: Queryable, gkz: string): Promise<MarketDateRecord[]> {
  return db.query<MarketDateRecord>(
    `SELECT ${DATE_COLUMNS} FROM market_dates d JOIN markets m ON m.id = d.market_id
     WHERE m.gkz = $1 ORDER BY d.date_start, d.id`,
    [gkz],
  );
}

/** Changed dates and the regular day each one replaces (migration 0003), by date id. */
export async function replacedDays(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.query<{ id: string; replaces_date: string }>(
    'SELECT id, replaces_date FROM market_dates WHERE replaces_date IS NOT NULL',
  );
  return new Map(rows.map((row) => [row.id, row.replaces_date]));
}

/** The counter every write to markets and dates bumps (migration 0001). */
export async function contentVersion(db: Queryable): Promise<string> {
  const [row] = await db.query<{ version: string }>('SELECT version::text AS version FROM content_version');
  return row?.version ?? '0';
}

export type NewMarket = Omit<MarketRecord, 'version' | 'updated_at'>;
export type NewMarketDate = Omit<MarketDateRecord, 'version'>;

/** A new market of `gkz` with a fresh id; every field not given is empty. Its schedule follows its rule. */
export function newMarket(gkz: string, fields: Partial<NewMarket> & Pick<NewMarket, 'title' | 'type'>): NewMarket {
  const rule = fields.rule ?? null;
  return {
    id: randomUUID(),
    gkz,
    description: '',
    location: '',
    event_location: '',
    floor: '',
    floorplan: '',
    status: 'active',
    date_start: null,
    date_end: null,
    website: '',
    phone: '',
    email: '',
    image: null,
    hidden: false,
    ...fields,
    schedule: rule ? 'regular' : 'dates',
    rule,
    rrule: rule && rruleOf(rule),
  };
}

/** A new regular date of a market that takes place, with a fresh id. */
export function newMarketDate(
  marketId: string,
  fields: Partial<NewMarketDate> & Pick<NewMarketDate, 'date_start' | 'date_end'>,
): NewMarketDate {
  return {
    id: randomUUID(),
    wko_market_id: marketId,
    time_from: null,
    time_to: null,
    status: 'takes_place',
    type: 'regular',
    note: '',
    hidden: false,
    ...fields,
  };
}

/** The editable fields of a market in the order of the SQL below (title … hidden), JSON as text. */
export function marketFieldValues(market: NewMarket): unknown[] {
  return [
    market.title,
    market.description,
    market.type,
    market.schedule,
    market.rule && JSON.stringify(market.rule),
    market.rrule,
    market.location,
    market.event_location,
    market.floor,
    market.floorplan,
    market.status,
    market.date_start,
    market.date_end,
    market.website,
    market.phone,
    market.email,
    market.image && JSON.stringify(market.image),
    market.hidden,
  ];
}

export async function insertMarket(db: Queryable, market: NewMarket): Promise<void> {
  await db.query(
    `INSERT INTO markets (id, gkz, title, description, type, schedule, rule, rrule, location, event_location, floor,
       floorplan, status, date_start, date_end, website, phone, email, image, hidden)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19::jsonb, $20)`,
    [market.id, market.gkz, ...marketFieldValues(market)],
  );
}

export async function insertMarketDates(db: Queryable, dates: readonly NewMarketDate[]): Promise<void> {
  if (dates.length === 0) return;
  const column = <K extends keyof NewMarketDate>(key: K) => dates.map((date) => date[key]);
  await db.query(
    `INSERT INTO market_dates (id, market_id, date_start, date_end, time_from, time_to, status, type, note, hidden)
     SELECT * FROM unnest($1::text[], $2::text[], $3::date[], $4::date[], $5::text[], $6::text[], $7::text[],
       $8::text[], $9::text[], $10::boolean[])`,
    [
      column('id'),
      column('wko_market_id'),
      column('date_start'),
      column('date_end'),
      column('time_from'),
      column('time_to'),
      column('status'),
      column('type'),
      column('note'),
      column('hidden'),
    ],
  );
}
