import type { ErrorCode } from './error-codes.ts';
import { seasonSpanOf, type DaySpan, type Season } from './seasons.ts';
import type { FieldErrors } from './validation.ts';

// Made once: a formatter with a time zone costs far more to make than to use.
const VIENNA_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' });

/** Markets are Austrian: "today" is the day in Vienna, whatever the server's or browser's zone. */
export function viennaDay(now: Date): string {
  return VIENNA_DAY.format(now);
}

/** The year in Vienna: the server (whatever its time zone) renders the year a clerk's browser shows. */
export function viennaYear(now: Date): number {
  return Number(viennaDay(now).slice(0, 4));
}

/**
 * The year a clerk plans for (issue 53): this one, and from December on the next, whose dates are
 * the ones ahead. The list and a new date's form open on it.
 */
export function planningYear(now: Date): number {
  const day = viennaDay(now);
  return Number(day.slice(0, 4)) + (day.slice(5, 7) === '12' ? 1 : 0);
}

/**
 * Seed section 5, the checks of a market date that need the calendar: only the current and the
 * next year, no day before today, and inside the market's season when it has one.
 */
export function dateSpanErrors(span: DaySpan, season: Season, today: string): FieldErrors {
  const year = Number(today.slice(0, 4));
  const errors: FieldErrors = {};
  const refuse = (field: keyof DaySpan, code: ErrorCode) => {
    errors[field] ??= code;
  };
  if (Number(span.date_start.slice(0, 4)) < year) refuse('date_start', 'date_out_of_range');
  if (Number(span.date_end.slice(0, 4)) > year + 1) refuse('date_end', 'date_out_of_range');
  const inSeason = seasonSpanOf(season, span.date_start);
  if (!inSeason) refuse('date_start', 'outside_season');
  else if (span.date_end > inSeason.date_end) refuse('date_end', 'outside_season');
  if (span.date_start < today) refuse('date_start', 'date_in_past');
  return errors;
}

/**
 * Issue 53: a rule's new times reach its own (regular) dates; the exceptions ahead — added,
 * changed — keep theirs. These are the ones whose times then differ, for the clerk to know.
 */
export function datesKeepingTimes<D extends DatedTimes>(
  dates: readonly D[],
  times: { time_from: string; time_to: string },
  today: string,
): D[] {
  return dates.filter(
    (date) =>
      date.type !== 'regular' &&
      date.status !== 'cancelled' &&
      date.date_end >= today &&
      (date.time_from !== times.time_from || date.time_to !== times.time_to),
  );
}

interface DatedTimes {
  date_end: string;
  type: string;
  status: string;
  time_from: string | null;
  time_to: string | null;
}

/** A stored date that has begun is history: it can be neither changed nor deleted. */
export function isLocked(date: { date_start: string }, today: string): boolean {
  return date.date_start < today;
}
