import { addDays } from 'date-fns/addDays';
import { addMonths } from 'date-fns/addMonths';
import { differenceInCalendarWeeks } from 'date-fns/differenceInCalendarWeeks';
import { eachDayOfInterval } from 'date-fns/eachDayOfInterval';
import { endOfMonth } from 'date-fns/endOfMonth';
import { format } from 'date-fns/format';
import { getDay } from 'date-fns/getDay';
import { parseISO } from 'date-fns/parseISO';
import { startOfMonth } from 'date-fns/startOfMonth';
import { isPublicHoliday, type PublicHoliday } from './holidays.ts';
import type { RecurrenceRule, Weekday } from './market.ts';

const DAY_NUMBER: Record<Weekday, number> = { SU: 0, MO: 1, TU: 2, WE: 3, TH: 4, FR: 5, SA: 6 };
const ISO_DAY = 'yyyy-MM-dd';

/** The RFC 5545 form of a rule (api.md): `FREQ=WEEKLY;BYDAY=SA`, `FREQ=MONTHLY;BYDAY=1SA`. */
export function rruleOf(rule: RecurrenceRule): string {
  const byDay = rule.weekdays.map((day) => (rule.freq === 'monthly' && rule.nth ? `${rule.nth}${day}` : day)).join(',');
  const interval = rule.interval > 1 ? `;INTERVAL=${rule.interval}` : '';
  return `FREQ=${rule.freq.toUpperCase()}${interval};BYDAY=${byDay}`;
}

/**
 * The days on which a rule falls between `from` and `to` (inclusive, YYYY-MM-DD), in order.
 * Weekly rules with an interval count weeks from `from`; monthly rules take the n-th
 * (or, with nth -1, the last) given weekday of each month, every `interval` months.
 */
export function occurrences(rule: RecurrenceRule, from: string, to: string): string[] {
  const start = parseISO(from);
  const end = parseISO(to);
  if (end < start) return [];
  const wanted = new Set(rule.weekdays.map((day) => DAY_NUMBER[day]));
  if (rule.freq === 'weekly') {
    return eachDayOfInterval({ start, end })
      .filter((day) => wanted.has(getDay(day)))
      .filter((day) => differenceInCalendarWeeks(day, start, { weekStartsOn: 1 }) % rule.interval === 0)
      .map((day) => format(day, ISO_DAY));
  }
  const days: string[] = [];
  for (let month = startOfMonth(start); month <= end; month = addMonths(month, rule.interval)) {
    for (const weekday of wanted) {
      const day = nthWeekdayOfMonth(month, weekday, rule.nth ?? 1);
      if (day && day >= start && day <= end) days.push(format(day, ISO_DAY));
    }
  }
  return days.sort();
}

function nthWeekdayOfMonth(month: Date, weekday: number, nth: number): Date | null {
  if (nth === -1) {
    const last = endOfMonth(month);
    return addDays(last, -((getDay(last) - weekday + 7) % 7));
  }
  const first = addDays(month, (weekday - getDay(month) + 7) % 7);
  const day = addDays(first, (nth - 1) * 7);
  return day.getMonth() === month.getMonth() ? day : null;
}

/** The days a rule would fall on but leaves out because they are public holidays (rule.skip_holidays). */
export function skippedHolidays(rule: RecurrenceRule, stateNumber: number, from: string, to: string): PublicHoliday[] {
  if (!rule.skip_holidays) return [];
  return occurrences(rule, from, to).flatMap((day) => isPublicHoliday(day, stateNumber) ?? []);
}
