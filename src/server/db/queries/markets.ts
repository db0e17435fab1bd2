import { randomUUID } from 'node:crypto';
import type { MarketDateRecord, MarketRecord } from '../../../lib/market.ts';
import { MARKET_TEXT_FIELDS, textsOf } from '../../../lib/market-fields.ts';
import { rruleOf } from '../../../lib/recurrence.ts';
import type { Queryable } from '../database.ts';
import { readInPieces } from '../long-reads.ts';

/** The columns a save writes, in the order of `marketFieldValues`; nested values are stored as jsonb. */
const EDITABLE_COLUMNS: readonly { name: keyof NewMarket; json?: true }[] = [
  { name: 'title' },
  ...MARKET_TEXT_FIELDS.map(({ name }) => ({ name })),
  { name: 'type' },
  { name: 'schedule' },
  { name: 'rule', json: true },
  { name: 'rrule' },
  { name: 'status' },
  { name: 'date_start' },
  { name: 'date_end' },
  { name: 'season_repeats' },
  { name: 'website' },
  { name: 'phone' },
  { name: 'email' },
  { name: 'image', json: true },
  { name: 'hidden' },
];
/** `$first`, `$first+1`, … with the casts the editable columns need. */
const placeholders = (first: number) =>
  EDITABLE_COLUMNS.map((column, i) => `$${first + i}${column.json ? '::jsonb' : ''}`);

/** Columns of a market as the content service answers it. */
export const MARKET_COLUMNS = ['id', 'gkz', ...EDITABLE_COLUMNS.map(({ name }) => name), 'version', 'updated_at']
  .map((name) => `m.${name}`)
  .join(', ');

export const EDITABLE_COUNT = EDITABLE_COLUMNS.length;

/** `title = $2, …` for an UPDATE whose first parameter is the market's id. */
export const MARKET_ASSIGNMENTS = placeholders(2)
  .map((placeholder, i) => `${EDITABLE_COLUMNS[i]!.name} = ${placeholder}`)
  .join(', ');

export const DATE_COLUMNS = `d.id, d.market_id AS wko_market_id, d.date_start, d.date_end, d.time_from, d.time_to,
  d.status, d.type, d.note, d.hidden, d.version`;

/**
 * Which markets the public sees (api.md, get_content_stops): not hidden, active, with a date from
 * `since` on that is not hidden. A cancelled date counts: a market whose dates are all cancelled
 * stays public, marked cancelled, so a visitor who planned to go learns it (issue 52).
 */
export const PUBLISHED_MARKET = `NOT m.hidden AND m.status = 'active' AND EXISTS (
  SELECT 1 FROM market_dates p WHERE p.market_id = m.id AND NOT p.hidden AND p.date_end >= $1)`;

type MarketRow = Omit<MarketRecord, 'updated_at'> & { updated_at: Date };

export function toMarketRecord(row: MarketRow): MarketRecord {
  return { ...row, updated_at: row.updated_at.toISOString() };
}

/** Every public market; in a transaction (read in pieces, db/long-reads.ts). */
export async function listVisibleMarkets(tx: Queryable, since: string): Promise<MarketRecord[]> {
  const rows = await readInPieces<MarketRow>(
    tx,
    `SELECT ${MARKET_COLUMNS} FROM markets m WHERE ${PUBLISHED_MARKET} ORDER BY m.title, m.id`,
    [since],
  );
  return rows.map(toMarketRecord);
}

/** Every public date of the public markets, by day; in a transaction (read in pieces, db/long-reads.ts). */
export async function listVisibleMarketDates(tx: Queryable, since: string): Promise<MarketDateRecord[]> {
  return readInPieces<MarketDateRecord>(
    tx,
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
    ...textsOf(null),
    status: 'active',
    date_start: null,
    date_end: null,
    season_repeats: false,
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

/** The editable fields of a market in the order of EDITABLE_COLUMNS, JSON as text. */
export function marketFieldValues(market: NewMarket): unknown[] {
  return EDITABLE_COLUMNS.map(({ name, json }) => (json ? market[name] && JSON.stringify(market[name]) : market[name]));
}

export async function insertMarket(db: Queryable, market: NewMarket): Promise<void> {
  await insertMarkets(db, [market]);
}

/** Markets in one statement per thousand (a statement takes at most 65,535 parameters). */
export async function insertMarkets(db: Queryable, markets: readonly NewMarket[]): Promise<void> {
  const perRow = 2 + EDITABLE_COLUMNS.length;
  for (let first = 0; first < markets.length; first += 1000) {
    const chunk = markets.slice(first, first + 1000);
    await db.query(
      `INSERT INTO markets (id, gkz, ${EDITABLE_COLUMNS.map(({ name }) => name).join(', ')}) VALUES ` +
        chunk
          .map((_, i) => `($${i * perRow + 1}, $${i * perRow + 2}, ${placeholders(i * perRow + 3).join(', ')})`)
          .join(', '),
      chunk.flatMap((market) => [market.id, market.gkz, ...marketFieldValues(market)]),
    );
  }
}

/** A date as stored, with the regular day a changed one replaces. */
export type StoredDate = MarketDateRecord & { replaces_date: string | null };

/** Adds dates; answers them as stored, in the order given. */
export async function insertMarketDates(db: Queryable, dates: readonly NewMarketDate[]): Promise<StoredDate[]> {
  if (dates.length === 0) return [];
  const column = <K extends keyof NewMarketDate>(key: K) => dates.map((date) => date[key]);
  const rows = await db.query<StoredDate>(
    `INSERT INTO market_dates AS d (id, market_id, date_start, date_end, time_from, time_to, status, type, note, hidden)
     SELECT * FROM unnest($1::text[], $2::text[], $3::date[], $4::date[], $5::text[], $6::text[], $7::text[],
       $8::text[], $9::text[], $10::boolean[])
     RETURNING ${DATE_COLUMNS}, d.replaces_date`,
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
  const byId = new Map(rows.map((row) => [row.id, row]));
  return dates.map((date) => byId.get(date.id)!);
}
