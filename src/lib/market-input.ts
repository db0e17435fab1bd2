import { z } from 'zod';
import type { ErrorCode } from './error-codes.ts';
import {
  MARKET_DATE_STATUSES,
  MARKET_DATE_TYPES,
  MARKET_STATUSES,
  MARKET_TYPES,
  TEXT_MAX,
  WEEKDAYS,
} from './market.ts';

/**
 * What save_market and save_market_date accept (api.md, "Markets and dates"; seed section 5),
 * the same in the browser's forms and on the server. Issue messages are error codes.
 * Form data carries nested values (rule, image, first_date) as JSON text and booleans as 0/1.
 */

/** Seed: "fields reject unallowed characters". Control characters, bidi overrides and angle brackets. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const UNALLOWED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069<>]/u;
const LINE_BREAK = /[\r\n\t]/;
/** Longest free-text line other than title and description (places, floor, floor plan). */
const LINE_MAX = 200;

const text = (max: number, multiline: boolean) =>
  z
    .string({ error: 'invalid_request' })
    .trim()
    .max(max, { error: 'too_long' })
    .refine((value) => !UNALLOWED.test(value) && (multiline || !LINE_BREAK.test(value)), {
      error: 'invalid_characters',
    });
const optionalText = (max: number, multiline = false) => text(max, multiline).default('');

/** A form's empty field means "not given". */
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
const flag = z.preprocess(
  (value) => ({ '1': true, true: true, '0': false, false: false, '': false })[String(value)] ?? value,
  z.boolean({ error: 'invalid_request' }),
);
const wholeNumber = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value),
  z.number({ error: 'invalid_request' }).int({ error: 'invalid_request' }).min(1, { error: 'invalid_request' }),
);
const recordId = z.string({ error: 'invalid_request' }).trim().min(1, { error: 'invalid_request' }).max(64, {
  error: 'invalid_request',
});

export const isoDaySchema = z.iso.date({ error: 'invalid_date' });
const optionalDay = z.preprocess(blankAsNull, isoDaySchema.nullable());
const clockTime = z
  .string({ error: 'invalid_request' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'invalid_request' });
const optionalTime = z.preprocess(blankAsNull, clockTime.nullable());

/** Seed: +43/3332/1231234, or with an extension +43/3332/1234123/12. */
export const PHONE_PATTERN = /^\+\d{1,3}\/\d{1,5}\/\d{3,12}(\/\d{1,6})?$/;
const phone = z
  .string({ error: 'invalid_request' })
  .trim()
  .refine((value) => value === '' || PHONE_PATTERN.test(value), { error: 'invalid_phone' });
const webAddress = z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'invalid_url' }).max(500, {
  error: 'too_long',
});
const website = z.union([z.literal(''), webAddress], { error: 'invalid_url' }).default('');
const email = z
  .string({ error: 'invalid_request' })
  .trim()
  .toLowerCase()
  .refine((value) => value === '' || z.email().safeParse(value).success, { error: 'invalid_email' })
  .default('');

export const recurrenceRuleInputSchema = z.object(
  {
    freq: z.enum(['weekly', 'monthly'], { error: 'required_fields' }),
    interval: z.number({ error: 'invalid_request' }).int().min(1).max(12).default(1),
    weekdays: z
      .array(z.enum(WEEKDAYS, { error: 'invalid_request' }))
      .min(1, { error: 'required_fields' })
      .max(7),
    nth: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(-1), z.null()]).default(null),
    time_from: clockTime,
    time_to: clockTime,
    skip_holidays: z.boolean({ error: 'invalid_request' }).default(false),
  },
  { error: 'required_fields' },
);

const imageInputSchema = z.object(
  {
    url: webAddress,
    alt: text(LINE_MAX, false).min(1, { error: 'required_fields' }),
    description: optionalText(TEXT_MAX),
    focal_x: z.number({ error: 'invalid_request' }).min(0).max(100).default(50),
    focal_y: z.number({ error: 'invalid_request' }).min(0).max(100).default(50),
  },
  { error: 'invalid_request' },
);

const daySpan = z.object({ date_start: isoDaySchema, date_end: isoDaySchema }, { error: 'invalid_request' });

const endNotBeforeStart = <T extends { date_start: string | null; date_end: string | null }>(value: T) =>
  !value.date_start || !value.date_end || value.date_end >= value.date_start;
const END_BEFORE_START = { error: 'end_before_start', path: ['date_end'] };

export const marketInputSchema = z
  .object({
    /** Absent to create a market; with `version` to change one. */
    id: recordId.optional(),
    version: wholeNumber.optional(),
    title: text(TEXT_MAX, false).min(1, { error: 'required_fields' }),
    description: optionalText(TEXT_MAX, true),
    type: z.enum(MARKET_TYPES, { error: 'required_fields' }),
    schedule: z.enum(['regular', 'dates'], { error: 'required_fields' }),
    rule: z.preprocess(jsonText, recurrenceRuleInputSchema.nullable()).default(null),
    location: optionalText(LINE_MAX),
    event_location: optionalText(LINE_MAX),
    floor: optionalText(LINE_MAX),
    floorplan: optionalText(LINE_MAX),
    status: z.enum(MARKET_STATUSES, { error: 'invalid_request' }).default('active'),
    date_start: optionalDay.default(null),
    date_end: optionalDay.default(null),
    website,
    phone: phone.default(''),
    email,
    image: z.preprocess(jsonText, imageInputSchema.nullable()).default(null),
    hidden: flag.default(false),
    /** Seed: a new market may come with its first date. */
    first_date: z.preprocess(jsonText, daySpan.nullable()).default(null),
  })
  .refine(endNotBeforeStart, END_BEFORE_START)
  .refine((market) => market.schedule !== 'regular' || market.rule !== null, {
    error: 'required_fields',
    path: ['rule'],
  })
  .refine((market) => !market.first_date || endNotBeforeStart(market.first_date), {
    error: 'end_before_start',
    path: ['first_date'],
  })
  .transform((market) => ({ ...market, rule: market.schedule === 'regular' ? market.rule : null }));
export type MarketInput = z.output<typeof marketInputSchema>;

export const marketDateInputSchema = z
  .object({
    id: recordId.optional(),
    version: wholeNumber.optional(),
    wko_market_id: z.string({ error: 'required_fields' }).trim().min(1, { error: 'required_fields' }).max(64, {
      error: 'invalid_request',
    }),
    date_start: isoDaySchema,
    date_end: isoDaySchema,
    time_from: optionalTime.default(null),
    time_to: optionalTime.default(null),
    status: z.enum(MARKET_DATE_STATUSES, { error: 'invalid_request' }).default('takes_place'),
    type: z.enum(MARKET_DATE_TYPES, { error: 'invalid_request' }).default('regular'),
    note: optionalText(TEXT_MAX, true),
    hidden: flag.default(false),
  })
  .refine(endNotBeforeStart, END_BEFORE_START)
  .refine((date) => !date.time_from || !date.time_to || date.time_to > date.time_from, {
    error: 'end_before_start',
    path: ['time_to'],
  })
  // A date that does not take place is a cancelled date, whichever of the two fields said so (seed section 4).
  .transform((date) =>
    date.status === 'cancelled' || date.type === 'cancelled'
      ? { ...date, status: 'cancelled' as const, type: 'cancelled' as const }
      : date,
  );
export type MarketDateInput = z.output<typeof marketDateInputSchema>;

/** The order in which a market form's checks name the answer: missing fields first, then formats, then relations. */
export const MARKET_CHECK_ORDER: readonly ErrorCode[] = [
  'required_fields',
  'too_long',
  'invalid_characters',
  'invalid_date',
  'invalid_url',
  'invalid_phone',
  'invalid_email',
  'end_before_start',
];
