import type { DirectoryDate, DirectoryMarket } from '../../lib/directory/directory.ts';
import type { RecurrenceRule } from '../../lib/market.ts';
import { followsRule } from '../../lib/directory/date-overview.ts';
import { holidaySkipped, occurrences } from '../../lib/recurrence.ts';

/**
 * A market's dates in the book's year (issue 21): a market on a rule prints its rule, the span of
 * the year it runs, and only the dates that differ from the rule; any other market prints all its dates.
 */
export type YearDates =
  | { kind: 'rule'; rule: RecurrenceRule; from: string; to: string; exceptions: DirectoryDate[] }
  | { kind: 'list'; dates: DirectoryDate[] };

/**
 * The regular dates are trusted to stand for the rule only when they are exactly the rule's days
 * over the span (holidays it skips left out; exceptions counted on the day they stand for): a rule
 * changed during the year leaves past dates of the old rule, and the book must not claim the new
 * one for them. Then it falls back to every date.
 */
export function yearDates(market: Pick<DirectoryMarket, 'rule' | 'dates'>, stateNumber: number): YearDates {
  const { rule, dates } = market;
  const list = { kind: 'list' as const, dates };
  if (!rule) return list;
  const exceptions = dates.filter((date) => !followsRule(date, rule));
  // The day of the rule each date stands for; additional dates stand for none.
  const ruleDays = dates
    .filter((date) => date.type !== 'additional')
    .map((date) => date.replaces_date ?? date.date_start)
    .sort();
  const from = ruleDays[0];
  const to = ruleDays.at(-1);
  if (from === undefined || to === undefined) return list;
  const expected = occurrences(rule, from, to).filter((day) => !holidaySkipped(rule, day, stateNumber));
  const sameDays = expected.length === ruleDays.length && expected.every((day, i) => day === ruleDays[i]);
  return sameDays ? { kind: 'rule', rule, from, to, exceptions } : list;
}
