import { addDays } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import type { MarketDateRecord } from './market.ts';

/** A date proposed for the next year: the same weekday, the same length, its times and note kept. */
export interface ProposedDate {
  /** The day of this year it comes from. */
  from: string;
  date: { date_start: string; date_end: string; time_from: string | null; time_to: string | null; note: string };
}

const DAY = 'yyyy-MM-dd';

/**
 * The yearly chore of every clerk: this year's dates of a market, moved into the next year on the
 * same weekday (52 weeks on, or 53 where 52 would stay in this year). Cancelled dates and days the
 * next year has already are left out.
 */
export function datesForNextYear(dates: readonly MarketDateRecord[], year: number): ProposedDate[] {
  const taken = new Set(
    dates.filter((date) => date.date_start.startsWith(`${year + 1}-`)).map((date) => date.date_start),
  );
  return dates
    .filter((date) => date.date_start.startsWith(`${year}-`) && date.status !== 'cancelled')
    .map((date) => {
      const start = parseISO(date.date_start);
      let moved = addDays(start, 364);
      if (moved.getFullYear() === year) moved = addDays(moved, 7);
      const length = differenceInCalendarDays(parseISO(date.date_end), start);
      return {
        from: date.date_start,
        date: {
          date_start: format(moved, DAY),
          date_end: format(addDays(moved, length), DAY),
          time_from: date.time_from,
          time_to: date.time_to,
          note: date.note,
        },
      };
    })
    .filter((proposed) => !taken.has(proposed.date.date_start));
}
