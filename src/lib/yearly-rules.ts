import { easterSunday } from './holidays.ts';
import { DAY_MS, dayNumber, isoOf, nthWeekdayOf, WEEKDAY_NUMBER, weekdayOf } from './day-numbers.ts';
import type { RecurrenceRule } from './market.ts';

/**
 * Yearly rules (issue 53): Austrian markets tied to the church year and the seasons. A Kirtag on
 * the Sunday after the patron's feast, a Jahrmarkt on Pfingstdienstag (Easter + 51 days), a market
 * on the third Sunday in October. RFC 5545 has no Easter anchor, so the days are reckoned here;
 * recurrence.ts asks for them (day-numbers.ts does the arithmetic).
 */

type YearlyRule = Pick<
  RecurrenceRule,
  'weekdays' | 'nth' | 'month' | 'easter_offset' | 'feast' | 'relation' | 'offset' | 'days'
>;

/** The feasts markets are named after ("Montag nach Magdalena"), by their day; names in locales/ as `feast.<MM-DD>`. */
export const FEAST_DAYS = [
  '01-06',
  '01-20',
  '02-02',
  '03-19',
  '04-23',
  '05-04',
  '06-24',
  '06-29',
  '07-22',
  '07-25',
  '07-26',
  '08-10',
  '08-15',
  '08-24',
  '09-08',
  '09-29',
  '10-16',
  '10-31',
  '11-06',
  '11-11',
  '11-15',
  '11-25',
  '12-04',
  '12-06',
] as const;

/** The days of the church year markets are held on, in days from Easter Sunday; names as `easter.<offset>`. */
export const EASTER_DAYS = [-47, -46, -7, -2, 0, 1, 7, 39, 49, 50, 51, 60] as const;

/** Whether `MM-DD` is a day of every year (29 February is not). */
export function isMonthDay(text: string): boolean {
  const match = /^(\d\d)-(\d\d)$/.exec(text);
  if (!match) return false;
  const [month, day] = [Number(match[1]), Number(match[2])];
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(2001, month, 0)).getUTCDate();
}

/** The first day of the rule's date in `year`, before its offset: the n-th weekday, Easter's day or the feast's weekday. */
function baseDay(rule: YearlyRule, year: number): number {
  if (rule.easter_offset !== undefined) {
    const easter = easterSunday(year);
    return Date.UTC(year, easter.month - 1, easter.day) / DAY_MS + rule.easter_offset;
  }
  const weekday = WEEKDAY_NUMBER[rule.weekdays[0] ?? 'SU'];
  if (rule.feast !== undefined) {
    const feast = Date.UTC(year, Number(rule.feast.slice(0, 2)) - 1, Number(rule.feast.slice(3))) / DAY_MS;
    if (rule.relation === 'before') return feast - 1 - ((weekdayOf(feast - 1) - weekday + 7) % 7);
    const from = rule.relation === 'after' ? feast + 1 : feast;
    return from + ((weekday - weekdayOf(from) + 7) % 7);
  }
  // NTHS has no fifth week: every month has the day.
  return nthWeekdayOf(year * 12 + (rule.month ?? 1) - 1, weekday, rule.nth ?? 1)!;
}

/**
 * The first days of a yearly rule's dates from `from` to `to` (inclusive), each counted to the year
 * whose feast or Easter it follows: a Friday before a feast of 1 January can fall in December.
 */
export function yearlyDays(
  rule: YearlyRule & { interval: number; dtstart: string },
  from: string,
  to: string,
): string[] {
  const first = Math.max(dayNumber(from), dayNumber(rule.dtstart));
  const last = dayNumber(to);
  const anchorYear = Number(rule.dtstart.slice(0, 4));
  const days: string[] = [];
  // The offset (±14) and Easter's (−70…+130) can carry a day into the year before or after.
  for (let year = Number(from.slice(0, 4)) - 1; year <= Number(to.slice(0, 4)) + 1; year += 1) {
    if ((((year - anchorYear) % rule.interval) + rule.interval) % rule.interval !== 0) continue;
    const day = baseDay(rule, year) + (rule.offset ?? 0);
    if (day >= first && day <= last) days.push(isoOf(day));
  }
  return days;
}

/** The last day of a date that begins on `day` and lasts the rule's `days`. */
export function lastDayOf(rule: Pick<RecurrenceRule, 'days'>, day: string): string {
  return isoOf(dayNumber(day) + (rule.days ?? 1) - 1);
}

/**
 * The RFC 5545 form of a yearly rule, where it has one: the n-th weekday of a month, or the
 * weekday in the seven days on, after or before a feast within one month. Easter and an offset
 * have none (null): the calendar then lists the dates themselves.
 */
export function yearlyRrule(rule: YearlyRule & { interval: number }): string | null {
  if (rule.easter_offset !== undefined || (rule.offset ?? 0) !== 0) return null;
  const interval = rule.interval > 1 ? `;INTERVAL=${rule.interval}` : '';
  const weekday = rule.weekdays[0];
  if (rule.feast === undefined) return `FREQ=YEARLY${interval};BYMONTH=${rule.month};BYDAY=${rule.nth}${weekday}`;
  const window = feastWindow(rule);
  return (
    window && `FREQ=YEARLY${interval};BYMONTH=${window.month};BYMONTHDAY=${window.days.join(',')};BYDAY=${weekday}`
  );
}

/**
 * The seven days of the month in which a feast's weekday lies, or null when they leave the month
 * (or might, around 29 February).
 */
export function feastWindow(
  rule: Pick<RecurrenceRule, 'feast' | 'relation'>,
): { month: number; days: number[] } | null {
  if (rule.feast === undefined) return null;
  const month = Number(rule.feast.slice(0, 2));
  const day = Number(rule.feast.slice(3));
  const start = rule.relation === 'after' ? day + 1 : rule.relation === 'before' ? day - 7 : day;
  const monthLength = new Date(Date.UTC(2001, month, 0)).getUTCDate(); // February's 28: 29 may be missing
  if (start < 1 || start + 6 > monthLength) return null;
  return { month, days: Array.from({ length: 7 }, (_, index) => start + index) };
}
