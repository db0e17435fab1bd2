import * as z from 'zod/mini';
import type { ErrorCode } from './error-codes.ts';
import { eachTextField, TEXT_MAX } from './market-fields.ts';
import { isMonthDay } from './yearly-rules.ts';

/** Market types of seed section 3, as api.md spells them. */
export const MARKET_TYPES = [
  'bauernmarkt',
  'gelegenheitsmarkt',
  'handwerksmarkt',
  'jahrmarkt',
  'kirtag',
  'messe',
  'tiermarkt',
  'weihnachtsmarkt',
  'wochenmarkt',
] as const;
export type MarketType = (typeof MARKET_TYPES)[number];

export const MARKET_STATUSES = ['active', 'inactive'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

export const MARKET_DATE_STATUSES = ['takes_place', 'cancelled', 'pending'] as const;
export type MarketDateStatus = (typeof MARKET_DATE_STATUSES)[number];

export const MARKET_DATE_TYPES = ['regular', 'additional', 'changed', 'cancelled'] as const;
export type MarketDateType = (typeof MARKET_DATE_TYPES)[number];

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Public content holds markets with a valid date from this day on (seed section 2). */
export const DIRECTORY_START = '2026-01-01';

const isoDay = z.iso.date();
const clockTime = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/));

/** The weeks of the month a monthly rule may name: first to fourth, or -1 for the last. */
export const NTHS = [1, 2, 3, 4, -1] as const;

export const FREQS = ['weekly', 'monthly', 'yearly'] as const;
export type Freq = (typeof FREQS)[number];

/** How a yearly rule finds its weekday beside a feast (issue 53): "Sonntag nach Martini" is `after`. */
export const FEAST_RELATIONS = ['on_or_after', 'after', 'before'] as const;
export type FeastRelation = (typeof FEAST_RELATIONS)[number];

/** Where a date a holiday takes goes (issue 53): to the working day before or after, instead of none. */
export const HOLIDAY_SHIFTS = ['before', 'after'] as const;
export type HolidayShift = (typeof HOLIDAY_SHIFTS)[number];

/** The bounds of a rule's numbers (docs/api.md, "Yearly rules"). */
export const RULE_LIMITS = {
  interval: { min: 1, max: 12 },
  month: { min: 1, max: 12 },
  easterOffset: { min: -70, max: 130 },
  offset: { min: -14, max: 14 },
  days: { min: 1, max: 14 },
} as const;

/** A whole number within `limits`; `error` names its refusal where a clerk gives it (market-input.ts). */
export const boundedInt = (limits: { min: number; max: number }, error?: ErrorCode) =>
  z.int({ error }).check(z.minimum(limits.min, { error }), z.maximum(limits.max, { error }));

/**
 * A weekly, monthly or yearly recurrence (api.md, "Recurrence rule"; yearly rules are an extension,
 * docs/api.md). A yearly rule names its day one of three ways: the n-th weekday of a month
 * (`month`, `nth`, one weekday), a day relative to Easter Sunday (`easter_offset`), or the weekday
 * on, after or before a fixed feast (`feast`, `relation`, one weekday); `offset` then moves it by
 * days, and `days` is the length of each date.
 */
export const recurrenceRuleSchema = z.object({
  freq: z.enum(FREQS),
  interval: boundedInt(RULE_LIMITS.interval),
  /** At least one for weekly and monthly rules; one for a yearly rule by month or feast; none beside Easter. */
  weekdays: z.array(z.enum(WEEKDAYS)),
  /** The week of the month for monthly rules and yearly ones by month; null otherwise. */
  nth: z.nullable(z.literal(NTHS)),
  month: z.optional(boundedInt(RULE_LIMITS.month)),
  easter_offset: z.optional(boundedInt(RULE_LIMITS.easterOffset)),
  feast: z.optional(z.string().check(z.refine(isMonthDay))),
  relation: z.optional(z.enum(FEAST_RELATIONS)),
  offset: z.optional(boundedInt(RULE_LIMITS.offset)),
  days: z.optional(boundedInt(RULE_LIMITS.days)),
  time_from: clockTime,
  time_to: clockTime,
  /**
   * The rule's anchor (RFC 5545 DTSTART): the season's first day when the market has a season, else
   * the day the rule was first saved. Intervals count from it, so a re-save never shifts the weeks.
   */
  dtstart: isoDay,
  /** Beyond api.md: the rule leaves out Austria's statutory public holidays (lib/holidays.ts). */
  skip_holidays: z.optional(z.boolean()),
  /** Beyond api.md: the rule also leaves out the patron day of the market's state (a working day). */
  skip_state_holidays: z.optional(z.boolean()),
  /** Issue 53: a date on a holiday the rule leaves out moves to the working day before or after. */
  holiday_shift: z.optional(z.enum(HOLIDAY_SHIFTS)),
});
export type RecurrenceRule = z.infer<typeof recurrenceRuleSchema>;

const percent = z.number().check(z.minimum(0), z.maximum(100));
export const marketImageSchema = z.object({
  url: z.string(),
  alt: z.string(),
  description: z.string(),
  focal_x: percent,
  focal_y: percent,
});
export type MarketImage = z.infer<typeof marketImageSchema>;

/** A market as stored and as the content service answers it (without the per-language labels). */
export const marketRecordSchema = z.object({
  id: z.string(),
  gkz: z.string().check(z.regex(/^\d{5}$/)),
  title: z.string().check(z.maxLength(TEXT_MAX)),
  ...eachTextField((field) => z.string().check(z.maxLength(field.max))),
  type: z.enum(MARKET_TYPES),
  schedule: z.enum(['regular', 'dates']),
  rule: z.nullable(recurrenceRuleSchema),
  rrule: z.nullable(z.string()),
  status: z.enum(MARKET_STATUSES),
  date_start: z.nullable(isoDay),
  date_end: z.nullable(isoDay),
  /** Issue 53: the season holds every year ("April to October"), not once. */
  season_repeats: z.boolean(),
  website: z.string(),
  phone: z.string(),
  email: z.string(),
  image: z.nullable(marketImageSchema),
  hidden: z.boolean(),
  version: z.int(),
  updated_at: z.string(),
});
export type MarketRecord = z.infer<typeof marketRecordSchema>;

export const marketDateRecordSchema = z.object({
  id: z.string(),
  wko_market_id: z.string(),
  date_start: isoDay,
  date_end: isoDay,
  time_from: z.nullable(clockTime),
  time_to: z.nullable(clockTime),
  status: z.enum(MARKET_DATE_STATUSES),
  type: z.enum(MARKET_DATE_TYPES),
  note: z.string(),
  hidden: z.boolean(),
  version: z.int(),
});
export type MarketDateRecord = z.infer<typeof marketDateRecordSchema>;

/** A market in a content answer: the record plus its labels in the group's language. */
export type ContentMarket = MarketRecord & { type_label: string; status_label: string };
