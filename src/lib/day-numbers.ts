import type { Weekday } from './market.ts';

/**
 * Days as whole UTC day numbers (day 0 is 1970-01-01), free of any time zone: the arithmetic of
 * the rules (recurrence.ts, yearly-rules.ts). Days outside are YYYY-MM-DD strings.
 */

export const DAY_MS = 86_400_000;
export const WEEKDAY_NUMBER: Record<Weekday, number> = { SU: 0, MO: 1, TU: 2, WE: 3, TH: 4, FR: 5, SA: 6 };

export function dayNumber(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
}

export function isoOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday; day 0 (1970-01-01) was a Thursday. */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Months counted from year 0, so that month arithmetic crosses New Year. */
export function monthOf(day: number): number {
  const date = new Date(day * DAY_MS);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

/** The n-th (1–4) or last (-1) given weekday of a month, or null when the month has no such day. */
export function nthWeekdayOf(month: number, weekday: number, nth: number): number | null {
  const year = Math.floor(month / 12);
  const index = month % 12;
  if (nth === -1) {
    const last = Date.UTC(year, index + 1, 0) / DAY_MS;
    return last - ((weekdayOf(last) - weekday + 7) % 7);
  }
  const firstOfMonth = Date.UTC(year, index, 1) / DAY_MS;
  const day = firstOfMonth + ((weekday - weekdayOf(firstOfMonth) + 7) % 7) + (nth - 1) * 7;
  return monthOf(day) === month ? day : null;
}
