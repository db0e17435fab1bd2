import * as z from 'zod/mini';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import type { ErrorCode } from './error-codes.ts';
import { TEXT_MAX } from './market-fields.ts';
import { isoDaySchema, missingOr, optionalDay, optionalText, optionalTime } from './input-values.ts';
import { isStorableText, type FieldErrors } from './validation.ts';

/** An empty field is a field not given: `required_fields` (api.md), as in the other editing calls. */
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

/**
 * Issue 53: some days of a date of several days change — the rest of a running Advent market is
 * cancelled after a storm, a Jahrmarkt's Monday is called off, the last week opens later. The
 * date is split at the days chosen: the days before keep the date (its id and everything it was,
 * so the days already past stay as they were), the days chosen become a date of their own with the
 * change, and the days after them, if any, another one as the date was.
 */
const daysChangeObject = z.object({
  id: z.pipe(
    z.transform(blankAsMissing),
    z
      .string({ error: missingOr('invalid_request') })
      .check(z.maxLength(64, { error: 'invalid_request' }), z.refine(isStorableText, { error: 'invalid_request' })),
  ),
  version: z.pipe(
    z.transform((value: unknown) =>
      typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : blankAsMissing(value),
    ),
    z.int({ error: missingOr('invalid_request') }).check(z.minimum(1, { error: 'invalid_request' })),
  ),
  /** The first day changed; today or later. */
  from: z.pipe(z.transform(blankAsMissing), isoDaySchema),
  /** The last day changed; the date's last day when not given. */
  to: optionalDay,
  /** Cancel the days, or keep them with other times. */
  status: z._default(z.enum(['cancelled', 'takes_place'], { error: 'invalid_request' }), 'cancelled'),
  time_from: optionalTime,
  time_to: optionalTime,
  /** For visitors, e.g. "Wegen Sturmwarnung abgesagt"; the date's own note when empty. */
  note: optionalText(TEXT_MAX, true),
});
type DaysChangeObject = z.output<typeof daysChangeObject>;

export const daysChangeInputSchema = daysChangeObject.check(
  z.refine<DaysChangeObject>((change) => !change.to || change.to >= change.from, {
    error: 'end_before_start',
    path: ['to'],
  }),
  z.refine<DaysChangeObject>((change) => change.status === 'cancelled' || change.time_from !== null, {
    error: 'required_fields',
    path: ['time_from'],
  }),
  z.refine<DaysChangeObject>((change) => change.status === 'cancelled' || change.time_to !== null, {
    error: 'required_fields',
    path: ['time_to'],
  }),
  z.refine<DaysChangeObject>((change) => !change.time_from || !change.time_to || change.time_to > change.time_from, {
    error: 'end_time_before_start',
    path: ['time_to'],
  }),
);
export type DaysChangeInput = z.output<typeof daysChangeInputSchema>;

interface DaySpan {
  date_start: string;
  date_end: string;
}

/** The calendar's checks of a change of days: inside the date, from today on. */
export function daysChangeErrors(
  date: DaySpan,
  change: { from: string; to: string | null },
  today: string,
): FieldErrors {
  const errors: FieldErrors = {};
  const refuse = (field: 'from' | 'to', code: ErrorCode) => {
    errors[field] ??= code;
  };
  if (change.from < date.date_start || change.from > date.date_end) refuse('from', 'day_outside_date');
  if (change.to && (change.to < date.date_start || change.to > date.date_end)) refuse('to', 'day_outside_date');
  if (change.from < today) refuse('from', 'date_in_past');
  return errors;
}

/** A part of a split date: its days, and whether they are the days changed. */
export interface DaysPart extends DaySpan {
  changed: boolean;
}

/** The date's days cut at the days changed, in order: before (if any), the days changed, after (if any). */
export function splitDays(date: DaySpan, change: { from: string; to: string | null }): DaysPart[] {
  const to = change.to ?? date.date_end;
  const parts: DaysPart[] = [];
  if (change.from > date.date_start) {
    parts.push({ date_start: date.date_start, date_end: shift(change.from, -1), changed: false });
  }
  parts.push({ date_start: change.from, date_end: to, changed: true });
  if (to < date.date_end) parts.push({ date_start: shift(to, 1), date_end: date.date_end, changed: false });
  return parts;
}

function shift(day: string, days: number): string {
  return format(addDays(parseISO(day), days), 'yyyy-MM-dd');
}
