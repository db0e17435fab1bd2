import { z } from 'zod';

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

/** Seed section 9: title and description at most 200 characters. */
export const TEXT_MAX = 200;

/** Public content holds markets with a valid date from this day on (seed section 2). */
export const DIRECTORY_START = '2026-01-01';

const isoDay = z.iso.date();
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** A weekly or monthly recurrence (api.md, "Recurrence rule"). */
export const recurrenceRuleSchema = z.object({
  freq: z.enum(['weekly', 'monthly']),
  interval: z.number().int().min(1).max(12),
  weekdays: z.array(z.enum(WEEKDAYS)).min(1),
  nth: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(-1)]).nullable(),
  time_from: clockTime,
  time_to: clockTime,
  /** Beyond api.md: the rule leaves out Austrian public holidays of the market's state (lib/holidays.ts). */
  skip_holidays: z.boolean().optional(),
});
export type RecurrenceRule = z.infer<typeof recurrenceRuleSchema>;

export const marketImageSchema = z.object({
  url: z.string(),
  alt: z.string(),
  description: z.string(),
  focal_x: z.number().min(0).max(100),
  focal_y: z.number().min(0).max(100),
});
export type MarketImage = z.infer<typeof marketImageSchema>;

/** A market as stored and as the content service answers it (without the per-language labels). */
export const marketRecordSchema = z.object({
  id: z.string(),
  gkz: z.string().regex(/^\d{5}$/),
  title: z.string().max(TEXT_MAX),
  description: z.string().max(TEXT_MAX),
  type: z.enum(MARKET_TYPES),
  schedule: z.enum(['regular', 'dates']),
  rule: recurrenceRuleSchema.nullable(),
  rrule: z.string().nullable(),
  location: z.string(),
  event_location: z.string(),
  floor: z.string(),
  floorplan: z.string(),
  status: z.enum(MARKET_STATUSES),
  date_start: isoDay.nullable(),
  date_end: isoDay.nullable(),
  website: z.string(),
  phone: z.string(),
  email: z.string(),
  image: marketImageSchema.nullable(),
  hidden: z.boolean(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type MarketRecord = z.infer<typeof marketRecordSchema>;

export const marketDateRecordSchema = z.object({
  id: z.string(),
  wko_market_id: z.string(),
  date_start: isoDay,
  date_end: isoDay,
  time_from: clockTime.nullable(),
  time_to: clockTime.nullable(),
  status: z.enum(MARKET_DATE_STATUSES),
  type: z.enum(MARKET_DATE_TYPES),
  note: z.string(),
  hidden: z.boolean(),
  version: z.number().int(),
});
export type MarketDateRecord = z.infer<typeof marketDateRecordSchema>;

/** A market in a content answer: the record plus its labels in the group's language. */
export type ContentMarket = MarketRecord & { type_label: string; status_label: string };
