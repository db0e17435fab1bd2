import { publicHolidays, type PublicHoliday } from './holidays.ts';
import type { HolidayShift, RecurrenceRule } from './market.ts';
import { dayNumber, isoOf, monthOf, nthWeekdayOf, WEEKDAY_NUMBER, weekdayOf } from './day-numbers.ts';
import { lastDayOf, yearlyDays, yearlyRrule } from './yearly-rules.ts';
import { fitsSeason, type Season } from './seasons.ts';

/**
 * A weekly or monthly rule's days (api.md, "Recurrence rule"), with the meaning RFC 5545 gives
 * DTSTART, FREQ, INTERVAL and BYDAY (WKST=MO): the rule counts its weeks or months from its
 * anchor, `dtstart`, never from the day it is looked at. So saving a market on another day
 * derives the same days. Days are YYYY-MM-DD strings, reckoned as whole UTC days, free of any
 * time zone.
 */

/**
 * The RFC 5545 form of a rule (api.md): `FREQ=WEEKLY;BYDAY=SA`, `FREQ=MONTHLY;BYDAY=1SA`; a yearly
 * rule's where RFC 5545 can say it (yearly-rules.ts), else null.
 */
export function rruleOf(rule: Omit<RecurrenceRule, 'dtstart' | 'time_from' | 'time_to'>): string | null {
  if (rule.freq === 'yearly') return yearlyRrule(rule);
  const byDay = rule.weekdays.map((day) => (rule.freq === 'monthly' && rule.nth ? `${rule.nth}${day}` : day)).join(',');
  const interval = rule.interval > 1 ? `;INTERVAL=${rule.interval}` : '';
  return `FREQ=${rule.freq.toUpperCase()}${interval};BYDAY=${byDay}`;
}

/** The days on which a rule's dates begin between `from` and `to` (inclusive), in order; none before its anchor. */
export function occurrences(rule: RecurrenceRule, from: string, to: string): string[] {
  if (rule.freq === 'yearly') return yearlyDays(rule, from, to);
  const anchor = dayNumber(rule.dtstart);
  const first = Math.max(dayNumber(from), anchor);
  const last = dayNumber(to);
  const wanted = new Set(rule.weekdays.map((day) => WEEKDAY_NUMBER[day]));
  const days: number[] = [];
  if (rule.freq === 'weekly') {
    const anchorWeek = mondayOf(anchor);
    for (let day = first; day <= last; day += 1) {
      const week = (mondayOf(day) - anchorWeek) / 7;
      if (wanted.has(weekdayOf(day)) && week % rule.interval === 0) days.push(day);
    }
  } else {
    const anchorMonth = monthOf(anchor);
    for (let month = monthOf(first); month <= monthOf(last); month += 1) {
      if ((month - anchorMonth) % rule.interval !== 0) continue;
      for (const weekday of wanted) {
        const day = nthWeekdayOf(month, weekday, rule.nth ?? 1);
        if (day !== null && day >= first && day <= last) days.push(day);
      }
    }
  }
  return days.sort((a, b) => a - b).map(isoOf);
}

/**
 * The regular days of a market's rule that are not yet past: from today (or the season's start,
 * if later) to the season's end or the end of next year, whichever comes first. Holidays the
 * rule skips are left out and named in `skipped`, so a clerk sees why a week has no market.
 */
export function regularDays(
  rule: RecurrenceRule,
  season: Season,
  stateNumber: number,
  today: string,
): { days: string[]; skipped: PublicHoliday[]; moved: Map<string, string> } {
  const ruleDays = seasonDays(rule, season, today);
  const fits = dateFits(rule, season, today);
  const days = new Set<string>();
  const skipped: PublicHoliday[] = [];
  const moved = new Map<string, string>();
  for (const day of ruleDays) {
    const holiday = holidaySkipped(rule, day, stateNumber);
    if (!holiday) {
      days.add(day);
      continue;
    }
    skipped.push(holiday);
    // Issue 53: the date moves to the working day beside, if that stays in the season and is not a day of the rule.
    const target = rule.holiday_shift ? workingDayBeside(rule, day, stateNumber, rule.holiday_shift) : null;
    if (target && fits(target) && !ruleDays.includes(target)) {
      days.add(target);
      moved.set(day, target);
    }
  }
  return { days: [...days].sort(), skipped, moved };
}

/** The nearest working day (Monday to Saturday, no holiday the rule leaves out) before or after `day`. */
function workingDayBeside(rule: RecurrenceRule, day: string, stateNumber: number, shift: HolidayShift): string | null {
  const step = shift === 'before' ? -1 : 1;
  for (let n = dayNumber(day) + step; Math.abs(n - dayNumber(day)) <= 7; n += step) {
    if (weekdayOf(n) !== WEEKDAY_NUMBER.SU && !holidaySkipped(rule, isoOf(n), stateNumber)) return isoOf(n);
  }
  return null;
}

/**
 * The days a rule's dates begin on from today to the end of next year, each date (of one or
 * several days) inside the season — inside one of its yearly spans, when it repeats.
 */
export function seasonDays(rule: RecurrenceRule, season: Season, today: string): string[] {
  const { from, to } = derivationWindow(season, today);
  return occurrences(rule, from, to).filter(dateFits(rule, season, today));
}

/** Whether the rule's date beginning on `day` lies in the derivation window and inside one span of the season. */
function dateFits(rule: RecurrenceRule, season: Season, today: string): (day: string) => boolean {
  const { from, to } = derivationWindow(season, today);
  return (day) => {
    const last = lastDayOf(rule, day);
    return day >= from && last <= to && fitsSeason(season, day, last);
  };
}

/**
 * The span regular dates are derived for (api.md): today to the end of next year, from the
 * season's first day and, unless it repeats, up to its last.
 */
export function derivationWindow(season: Season, today: string): { from: string; to: string } {
  const lastDay = `${Number(today.slice(0, 4)) + 1}-12-31`;
  const end = season.season_repeats ? null : season.date_end;
  return {
    from: season.date_start && season.date_start > today ? season.date_start : today,
    to: end && end < lastDay ? end : lastDay,
  };
}

/** The holiday a rule leaves out on `day`: a statutory one if it skips holidays, the state's day if it skips that. */
export function holidaySkipped(rule: RecurrenceRule, day: string, stateNumber: number): PublicHoliday | null {
  if (!rule.skip_holidays && !rule.skip_state_holidays) return null;
  const onDay = publicHolidays(Number(day.slice(0, 4)), stateNumber).filter((holiday) => holiday.date === day);
  return (
    onDay.find((holiday) =>
      holiday.kind === 'statutory' ? rule.skip_holidays === true : rule.skip_state_holidays === true,
    ) ?? null
  );
}

/**
 * The anchor of a rule being saved (api.md): the season's first day when the market has a season,
 * else the anchor it already had, else today, the day the rule is first saved.
 */
export function anchorOf(season: Season, previous: RecurrenceRule | null, today: string): string {
  return season.date_start ?? previous?.dtstart ?? today;
}

function mondayOf(day: number): number {
  return day - ((weekdayOf(day) + 6) % 7);
}
