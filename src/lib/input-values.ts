import * as z from 'zod/mini';
import type { ErrorCode } from './error-codes.ts';
import { isStorableText } from './validation.ts';

/**
 * The values a field of the portal's forms and JSON bodies may hold (text, flag, day, time, phone,
 * web address, e-mail, a nested value), each refused with an error code; market-input.ts and
 * rule-input.ts build their schemas from them, the same in the browser's forms and on the server.
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

export const text = (max: number, multiline: boolean, required = false) =>
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
export const flag = z.pipe(
  z.transform((value: unknown) => FLAGS[String(value)] ?? value),
  z.boolean({ error: 'invalid_request' }),
);
export const wholeNumber = z.pipe(
  z.transform((value: unknown) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value)),
  z.int({ error: 'invalid_request' }).check(z.minimum(1, { error: 'invalid_request' })),
);
export const recordId = z
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
export const clockTime = z
  .string({ error: missingOr('invalid_time') })
  .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'invalid_time' }));
export const optionalTime = z._default(z.pipe(z.transform(blankAsNull), z.nullable(clockTime)), null);

/** Seed: +43/3332/1231234, or with an extension +43/3332/1234123/12. */
export const PHONE_PATTERN = /^\+\d{1,3}\/\d{1,5}\/\d{3,12}(\/\d{1,6})?$/;
export const phone = z.string({ error: 'invalid_request' }).check(
  z.trim(),
  z.refine((value) => value === '' || PHONE_PATTERN.test(value), { error: 'invalid_phone' }),
);
export const webAddress = z
  .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'invalid_url' })
  .check(z.maxLength(500, { error: 'too_long' }), z.refine(isStorableText, { error: 'invalid_url' }));
export const website = z._default(z.union([z.literal(''), webAddress], { error: 'invalid_url' }), '');
const emailPattern = z.email();
export const email = z._default(
  z.string({ error: 'invalid_request' }).check(
    z.trim(),
    z.toLowerCase(),
    z.refine((value) => value === '' || emailPattern.safeParse(value).success, { error: 'invalid_email' }),
  ),
  '',
);
/** A nested value: an object in a JSON body, JSON text in form data, or nothing. */
export const nested = <S extends z.core.$ZodType>(schema: S) =>
  z._default(z.pipe(z.transform(jsonText), z.nullable(schema)), null);
