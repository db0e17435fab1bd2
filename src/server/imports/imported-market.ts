import type { MarketType, Weekday } from '../../lib/market.ts';

/**
 * Issue 54: a market as a calendar or a spreadsheet gives it, before the portal compares it with
 * what it holds (services/market-imports.ts). Reading a source (read-calendar.ts, read-sheet.ts)
 * gives these and the rows it refused, each at its place in the source.
 */

/** One date of an imported market: days and, when the source gives them, Vienna's clock times. */
export interface ImportedDate {
  date_start: string;
  date_end: string;
  time_from: string | null;
  time_to: string | null;
}

/** A source's recurrence that fits the portal's rules: weekly, or monthly on the n-th weekday. */
export interface ImportedRule {
  freq: 'weekly' | 'monthly';
  interval: number;
  weekdays: Weekday[];
  nth: 1 | 2 | 3 | 4 | -1 | null;
  time_from: string;
  time_to: string;
}

export interface ImportedMarket {
  /** Where the market begins in its source, from 1: the event's number, or the spreadsheet's line. */
  row: number;
  /**
   * What finds the market again at the next import of the same source: the event's UID
   * (`uid:…`), the spreadsheet's id column (`id:…`), else its title and place (`key:…`, placeKey).
   */
  key: string;
  title: string;
  type: MarketType;
  description: string;
  event_location: string;
  website: string;
  /** With a rule, its season: from its first day, and to its last when the source ends it. */
  rule: ImportedRule | null;
  season: { date_start: string; date_end: string | null } | null;
  /** Single dates (without a rule), from today to the end of next year. */
  dates: ImportedDate[];
  /** The municipality a line of the operator's spreadsheet names (its `gkz` column). */
  gkz?: string;
}

/** Why a row of a source is not imported; each has its message under `import.reason.<code>`. */
export const REFUSAL_REASONS = [
  'not_a_market',
  'unknown_type',
  'no_title',
  'no_type',
  'no_date',
  'invalid_date',
  'invalid_time',
  'outside_years',
  'past',
  'too_many_dates',
  'invalid_field',
  'duplicate',
  'formula',
  'other_municipality',
  'no_municipality',
  'unknown_municipality',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export interface RefusedRow {
  row: number;
  title: string;
  reason: RefusalReason;
  /** Values of the message's placeholders: the type given and the nearest known one, the field. */
  values?: Record<string, string>;
  /** The municipality the line of the operator's spreadsheet names, when it names one. */
  gkz?: string;
}

export interface ReadSource {
  markets: ImportedMarket[];
  refused: RefusedRow[];
}

/** What a source may hold (issue 54): 10 MB, 5,000 rows or events. */
export const IMPORT_LIMITS = {
  bytes: 10 * 1024 * 1024,
  rows: 5000,
  columns: 40,
  datesPerMarket: 400,
  /** All markets' dates together: what a preview carries between the threads stays a few megabytes. */
  dates: 20_000,
} as const;

/** A source that is no calendar or spreadsheet at all, or holds more than the limits. */
export type UnreadableReason =
  'not_a_calendar' | 'not_a_spreadsheet' | 'too_many_rows' | 'too_many_columns' | 'import_too_complex';
export class UnreadableSource extends Error {
  override name = 'UnreadableSource';
  readonly reason: UnreadableReason;
  constructor(reason: UnreadableReason) {
    super(reason);
    this.reason = reason;
  }
}

/** The days an import takes: the rest of this year from today and the whole next year (seed section 5). */
export interface ImportWindow {
  today: string;
  lastDay: string;
}

export function importWindow(today: string): ImportWindow {
  return { today, lastDay: `${Number(today.slice(0, 4)) + 1}-12-31` };
}

/**
 * The key of a market its source gives no id: its title and place. Not its first day, which the
 * issue proposed: that moves on as dates pass, and the next year's import would make the market
 * anew (the duplicates of calendarize #381).
 */
export function placeKey(title: string, place: string): string {
  return `key:${title.trim().toLowerCase()}|${place.trim().toLowerCase()}`;
}

/** Why a row without dates in the window is left: its only date passed this year, or lies outside the years. */
export function pastOrOutside(only: ImportedDate | null, { today, lastDay }: ImportWindow): 'past' | 'outside_years' {
  return only && only.date_start < today && only.date_start >= `${today.slice(0, 4)}-01-01` && only.date_end <= lastDay
    ? 'past'
    : 'outside_years';
}
