import * as z from 'zod/mini';
import type { ErrorCode } from './error-codes.ts';
import { MARKET_DATE_STATUSES, MARKET_DATE_TYPES, MARKET_STATUSES, MARKET_TYPES } from './market.ts';
import {
  email,
  flag,
  isoDaySchema,
  nested,
  optionalDay,
  optionalText,
  optionalTime,
  phone,
  recordId,
  text,
  webAddress,
  website,
  wholeNumber,
} from './input-values.ts';
import { recurrenceRuleInputSchema } from './rule-input.ts';
import { isYearlySpan } from './seasons.ts';
import { eachTextField, LINE_MAX, TEXT_MAX } from './market-fields.ts';
import { uploadedPhotoOf } from './market-photo.ts';
import { isStorableText } from './validation.ts';

/**
 * What save_market and save_market_date accept (api.md, "Markets and dates"; seed section 5),
 * the same in the browser's forms and on the server. Issue messages are error codes.
 * Form data carries nested values (rule, image, first_date) as JSON text and booleans as 0/1.
 */

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
