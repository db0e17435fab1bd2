import * as z from 'zod/mini';
import type { ErrorCode } from './error-codes.ts';
import {
  boundedInt,
  FEAST_RELATIONS,
  FREQS,
  HOLIDAY_SHIFTS,
  MARKET_DATE_STATUSES,
  MARKET_DATE_TYPES,
  MARKET_STATUSES,
  MARKET_TYPES,
  NTHS,
  WEEKDAYS,
  RULE_LIMITS,
} from './market.ts';
import { isMonthDay } from './yearly-rules.ts';
import { isYearlySpan } from './seasons.ts';
import { eachTextField, LINE_MAX, TEXT_MAX } from './market-fields.ts';
import { uploadedPhotoOf } from './market-photo.ts';
import { isStorableText } from './validation.ts';

/**
 * What save_market and save_market_date accept (api.md, "Markets and dates"; seed section 5),
 * the same in the browser's forms and on the server. Issue messages are error codes.
 * Form data carries nested values (rule, image, first_date) as JSON text and booleans as 0/1.
 */

/**
 * Seed: "fields reject unallowed characters". Control characters, bidi overrides and angle brackets,
 * and unpaired surrogates, which PostgreSQL cannot store (see isStorableText).
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const UNALLOWED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069<>\uD800-\uDFFF]/u;
const LINE_BREAK = /[\r\n\t]/;

/** A required value that is missing is `required_fields` (api.md), whatever else its check would say. */
export const missingOr =
  (code: ErrorCode) =>
  (issue: { input?: unknown }): ErrorCode =>
    issue.input === undefined || issue.input === null ? 'required_fields' : code;

const text = (max: number, multiline: boolean, required = false) =>
  z.string({ error: required ? missingOr('invalid_request') : 'invalid_request' }).check(
    z.trim(),
    ...(required ? [z.minLength(1, { error: 'required_fields', abort: true })] : []),
    z.maxLength(max, { error: 'too_long' }),
    z.refine((value) => !UNALLOWED.test(value) && (multiline || !LINE_BREAK.test(value)), {
      error: 'invalid_characters',
    }),
  );
export const optionalText = (max: number, multiline = false) => z._default(text(max, multiline), '');

/** Form data is flat text: an empty field means "not given", nested values come as JSON text. */
const blankAsNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const jsonText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value; // left for the schema to refuse
  }
};
const FLAGS: Record<string, boolean> = { '1': true, true: true, '0': false, false: false, '': false };
const flag = z.pipe(
  z.transform((value: unknown) => FLAGS[String(value)] ?? value),
  z.boolean({ error: 'invalid_request' }),
);
const wholeNumber = z.pipe(
  z.transform((value: unknown) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value)),
  z.int({ error: 'invalid_request' }).check(z.minimum(1, { error: 'invalid_request' })),
);
const recordId = z
  .string({ error: 'invalid_request' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'invalid_request' }),
    z.maxLength(64, { error: 'invalid_request' }),
    z.refine(isStorableText, { error: 'invalid_request' }),
  );

/** A day of the calendar PostgreSQL keeps, which has no year 0 (1 BC comes before AD 1). */
export const isoDaySchema = z.iso
  .date({ error: missingOr('invalid_date') })
  .check(z.refine((day) => !day.startsWith('0000-'), { error: 'invalid_date' }));
export const optionalDay = z._default(z.pipe(z.transform(blankAsNull), z.nullable(isoDaySchema)), null);
const clockTime = z
  .string({ error: missingOr('invalid_time') })
  .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'invalid_time' }));
export const optionalTime = z._default(z.pipe(z.transform(blankAsNull), z.nullable(clockTime)), null);

/** Seed: +43/3332/1231234, or with an extension +43/3332/1234123/12. */
export const PHONE_PATTERN = /^\+\d{1,3}\/\d{1,5}\/\d{3,12}(\/\d{1,6})?$/;
const phone = z.string({ error: 'invalid_request' }).check(
  z.trim(),
  z.refine((value) => value === '' || PHONE_PATTERN.test(value), { error: 'invalid_phone' }),
);
const webAddress = z
  .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'invalid_url' })
  .check(z.maxLength(500, { error: 'too_long' }), z.refine(isStorableText, { error: 'invalid_url' }));
const website = z._default(z.union([z.literal(''), webAddress], { error: 'invalid_url' }), '');
const emailPattern = z.email();
const email = z._default(
  z.string({ error: 'invalid_request' }).check(
    z.trim(),
    z.toLowerCase(),
    z.refine((value) => value === '' || emailPattern.safeParse(value).success, { error: 'invalid_email' }),
  ),
  '',
);
/** A nested value: an object in a JSON body, JSON text in form data, or nothing. */
const nested = <S extends z.core.$ZodType>(schema: S) =>
  z._default(z.pipe(z.transform(jsonText), z.nullable(schema)), null);

const ruleObject = z.object(
  {
    freq: z.enum(FREQS, { error: 'required_fields' }),
    interval: z._default(boundedInt(RULE_LIMITS.interval, 'invalid_interval'), 1),
    weekdays: z._default(
      z
        .array(z.enum(WEEKDAYS, { error: 'invalid_request' }), { error: missingOr('invalid_request') })
        .check(z.maxLength(7, { error: 'invalid_request' })),
      [],
    ),
    nth: z._default(z.nullable(z.literal(NTHS, { error: 'invalid_nth' })), null),
    // Issue 53, yearly rules: by month, by Easter or by feast (market.ts, recurrenceRuleSchema).
    month: z.optional(boundedInt(RULE_LIMITS.month, 'invalid_month')),
    easter_offset: z.optional(boundedInt(RULE_LIMITS.easterOffset, 'invalid_easter_offset')),
    feast: z.optional(z.string({ error: 'invalid_feast' }).check(z.refine(isMonthDay, { error: 'invalid_feast' }))),
    relation: z._default(z.enum(FEAST_RELATIONS, { error: 'invalid_request' }), 'after'),
    offset: z._default(boundedInt(RULE_LIMITS.offset, 'invalid_offset'), 0),
    days: z._default(boundedInt(RULE_LIMITS.days, 'invalid_days'), 1),
    time_from: clockTime,
    time_to: clockTime,
    skip_holidays: z._default(z.boolean({ error: 'invalid_request' }), false),
    skip_state_holidays: z._default(z.boolean({ error: 'invalid_request' }), false),
    holiday_shift: z.optional(z.enum(HOLIDAY_SHIFTS, { error: 'invalid_request' })),
  },
  { error: 'required_fields' },
);
type RuleObject = z.output<typeof ruleObject>;

/** How a yearly rule names its day: the one of `easter_offset`, `feast` and `month` it gives. */
const yearlyKind = (rule: RuleObject) =>
  rule.freq !== 'yearly'
    ? null
    : rule.easter_offset !== undefined
      ? 'easter'
      : rule.feast !== undefined
        ? 'feast'
        : rule.month !== undefined
          ? 'month'
          : null;

/** The fields a rule of its kind keeps: equal rules are stored equally, whatever else a client sent. */
function storedRule(rule: RuleObject) {
  const { month, easter_offset, feast, relation, offset, days, holiday_shift, ...rest } = rule;
  // A date moves only off a holiday the rule leaves out.
  const skips = rule.skip_holidays || rule.skip_state_holidays;
  const common = { ...rest, ...(skips && holiday_shift ? { holiday_shift } : {}) };
  const weekdays = WEEKDAYS.filter((day) => rule.weekdays.includes(day));
  if (rule.freq !== 'yearly') return { ...common, weekdays, nth: rule.freq === 'monthly' ? rule.nth : null };
  const kind = yearlyKind(rule);
  const length = { offset, days };
  if (kind === 'easter') return { ...common, weekdays: [], nth: null, easter_offset, ...length };
  if (kind === 'feast') return { ...common, weekdays, nth: null, feast, relation, ...length };
  return { ...common, weekdays, nth: rule.nth, month, ...length };
}

/**
 * A rule as a clerk gives it (issue 14; yearly ones issue 53): the closing time after the opening
 * time; weekly and monthly rules on at least one weekday, monthly ones in a week of the month;
 * every 1 to 12 weeks, months or years. A yearly rule names its day by a month and the week in it,
 * by Easter, or by a feast, and the first and third on one weekday. Its anchor is not given: the
 * server sets it (recurrence.ts, anchorOf).
 */
export const recurrenceRuleInputSchema = z.pipe(
  ruleObject.check(
    z.refine<RuleObject>((rule) => rule.time_to > rule.time_from, {
      error: 'end_time_before_start',
      path: ['time_to'],
    }),
    // A yearly rule whose day is not chosen yet is told that alone (no_yearly_day).
    z.refine<RuleObject>(
      (rule) =>
        rule.weekdays.length > 0 ||
        (rule.freq === 'yearly' && yearlyKind(rule) !== 'month' && yearlyKind(rule) !== 'feast'),
      {
        error: 'no_weekday',
        path: ['weekdays'],
      },
    ),
    z.refine<RuleObject>((rule) => rule.freq !== 'yearly' || rule.weekdays.length <= 1, {
      error: 'one_weekday',
      path: ['weekdays'],
    }),
    z.refine<RuleObject>((rule) => rule.freq !== 'yearly' || yearlyKind(rule) !== null, {
      error: 'no_yearly_day',
      path: ['month'],
    }),
    z.refine<RuleObject>((rule) => !(rule.freq === 'monthly' || yearlyKind(rule) === 'month') || rule.nth !== null, {
      error: 'invalid_nth',
      path: ['nth'],
    }),
  ),
  z.transform(storedRule),
);
export type RecurrenceRuleInput = z.output<typeof recurrenceRuleInputSchema>;

/** Issue 20: a photo uploaded to the portal, named by its address (market-photo.ts). */
const uploadedPhotoAddress = z.string().check(z.refine((url) => uploadedPhotoOf(url) !== null));

const imageInputSchema = z.object(
  {
    url: z.union([uploadedPhotoAddress, webAddress], { error: 'invalid_url' }),
    alt: text(LINE_MAX, false, true),
    description: optionalText(TEXT_MAX),
    focal_x: z._default(z.number({ error: 'invalid_request' }).check(z.minimum(0), z.maximum(100)), 50),
    focal_y: z._default(z.number({ error: 'invalid_request' }).check(z.minimum(0), z.maximum(100)), 50),
  },
  { error: 'invalid_request' },
);

const daySpan = z.object({ date_start: isoDaySchema, date_end: isoDaySchema }, { error: 'invalid_request' });

/** Whether both ends are days of the calendar: the calendar's checks (market-rules.ts) need them. */
export function isDaySpan(days: { date_start: string; date_end: string }): boolean {
  return daySpan.safeParse(days).success;
}

interface Span {
  date_start: string | null;
  date_end: string | null;
}
const endNotBeforeStart = (value: Span) => !value.date_start || !value.date_end || value.date_end >= value.date_start;

const marketObject = z.object({
  /** Absent to create a market; with `version` to change one. */
  id: z.optional(recordId),
  version: z.optional(wholeNumber),
  title: text(TEXT_MAX, false, true),
  ...eachTextField((field) => optionalText(field.max, field.multiline)),
  type: z.enum(MARKET_TYPES, { error: 'required_fields' }),
  schedule: z.enum(['regular', 'dates'], { error: 'required_fields' }),
  rule: nested(recurrenceRuleInputSchema),
  status: z._default(z.enum(MARKET_STATUSES, { error: 'invalid_request' }), 'active'),
  date_start: optionalDay,
  date_end: optionalDay,
  season_repeats: z._default(flag, false),
  website,
  phone: z._default(phone, ''),
  email,
  image: nested(imageInputSchema),
  hidden: z._default(flag, false),
  /** Seed: a new market may come with its first date. */
  first_date: nested(daySpan),
});
type MarketObject = z.output<typeof marketObject>;

export const marketInputSchema = z.pipe(
  marketObject.check(
    z.refine<MarketObject>(endNotBeforeStart, { error: 'end_before_start', path: ['date_end'] }),
    z.refine<MarketObject>((market) => !market.season_repeats || market.date_start !== null, {
      error: 'season_incomplete',
      path: ['date_start'],
    }),
    z.refine<MarketObject>((market) => !market.season_repeats || market.date_end !== null, {
      error: 'season_incomplete',
      path: ['date_end'],
    }),
    z.refine<MarketObject>(
      ({ season_repeats, date_start, date_end }) =>
        !season_repeats || !date_start || !date_end || date_end < date_start || isYearlySpan(date_start, date_end),
      { error: 'season_too_long', path: ['date_end'] },
    ),
    z.refine<MarketObject>((market) => market.schedule !== 'regular' || market.rule !== null, {
      error: 'required_fields',
      path: ['rule'],
    }),
    z.refine<MarketObject>((market) => !market.first_date || endNotBeforeStart(market.first_date), {
      error: 'end_before_start',
      path: ['first_date', 'date_end'],
    }),
  ),
  z.transform((market: MarketObject) => ({ ...market, rule: market.schedule === 'regular' ? market.rule : null })),
);
export type MarketInput = z.output<typeof marketInputSchema>;

const marketDateObject = z.object({
  id: z.optional(recordId),
  version: z.optional(wholeNumber),
  wko_market_id: z
    .string({ error: 'required_fields' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'required_fields' }),
      z.maxLength(64, { error: 'invalid_request' }),
      z.refine(isStorableText, { error: 'invalid_request' }),
    ),
  date_start: isoDaySchema,
  date_end: isoDaySchema,
  time_from: optionalTime,
  time_to: optionalTime,
  status: z._default(z.enum(MARKET_DATE_STATUSES, { error: 'invalid_request' }), 'takes_place'),
  type: z._default(z.enum(MARKET_DATE_TYPES, { error: 'invalid_request' }), 'regular'),
  note: optionalText(TEXT_MAX, true),
  hidden: z._default(flag, false),
});
type MarketDateObject = z.output<typeof marketDateObject>;

export const marketDateInputSchema = z.pipe(
  marketDateObject.check(
    z.refine<MarketDateObject>(endNotBeforeStart, { error: 'end_before_start', path: ['date_end'] }),
    z.refine<MarketDateObject>((date) => !date.time_from || !date.time_to || date.time_to > date.time_from, {
      error: 'end_time_before_start',
      path: ['time_to'],
    }),
  ),
  // A date that does not take place is a cancelled date, whichever of the two fields said so (seed section 4).
  z.transform((date: MarketDateObject) =>
    date.status === 'cancelled' || date.type === 'cancelled'
      ? { ...date, status: 'cancelled' as const, type: 'cancelled' as const }
      : date,
  ),
);
export type MarketDateInput = z.output<typeof marketDateInputSchema>;

/** The order in which a market form's checks name the answer: missing fields first, then formats, then relations. */
export const MARKET_CHECK_ORDER: readonly ErrorCode[] = [
  'required_fields',
  'no_weekday',
  'too_long',
  'invalid_characters',
  'invalid_date',
  'invalid_time',
  'invalid_url',
  'invalid_phone',
  'invalid_email',
  'invalid_nth',
  'invalid_interval',
  'end_before_start',
  'end_time_before_start',
];
