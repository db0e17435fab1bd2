import type { RecurrenceRule } from '../market.ts';
import { movedFrom } from './date-mapping.ts';
import type { DirectoryDate, DirectoryMarket } from './directory.ts';

/** What sets a date apart from the ordinary: the badge the market page gives it. */
export type DateMark = 'cancelled' | 'pending' | 'moved' | 'changed' | 'additional';

export interface ShownDate {
  date: DirectoryDate;
  mark: DateMark | null;
  /** For a moved date, the regular day it replaces. */
  movedFrom: string | null;
}

/** The dates of one calendar month ("2026-12"), in order. */
export interface MonthOfDates {
  month: string;
  dates: ShownDate[];
}

/**
 * What the top of a market's page says (issue 52): open today, its next date, that the next one is
 * cancelled, that its season is over, or that no date is ahead.
 */
export type MarketState = 'open' | 'next' | 'cancelled' | 'seasonOver' | 'none';

/** A market's dates as its public page shows them (issue 19): the next one first, then by month. */
export interface DateOverview {
  state: MarketState;
  /** The first date from today on that still takes place (a visitor's one question). */
  next: ShownDate | undefined;
  /** With no such date: the first coming one, cancelled. */
  cancelled: ShownDate | undefined;
  /** Coming dates that differ from the rule; empty for a market without one. */
  exceptions: ShownDate[];
  upcoming: MonthOfDates[];
  /** Shown collapsed: a visitor rarely looks back. */
  past: MonthOfDates[];
}

/**
 * A date the rule's words already say: regular, one day, at the rule's times, taking place. The
 * book prints only the others (export/book/year-dates.ts); the page lists them as exceptions.
 */
export function followsRule(date: DirectoryDate, rule: Pick<RecurrenceRule, 'time_from' | 'time_to'>): boolean {
  return (
    date.type === 'regular' &&
    date.status === 'takes_place' &&
    date.date_end === date.date_start &&
    date.time_from === rule.time_from &&
    date.time_to === rule.time_to
  );
}

/** The badge of a date; a cancellation outranks everything else said about it. */
export function markOf(date: DirectoryDate): DateMark | null {
  if (date.status === 'cancelled' || date.type === 'cancelled') return 'cancelled';
  if (date.status === 'pending') return 'pending';
  if (movedFrom(date)) return 'moved';
  if (date.type === 'changed') return 'changed';
  if (date.type === 'additional') return 'additional';
  return null;
}

/** `today` is a Vienna calendar day ("2026-11-24"); a date running today is still coming. */
export function dateOverview(market: Pick<DirectoryMarket, 'rule' | 'dates'>, today: string): DateOverview {
  const shown = (date: DirectoryDate): ShownDate => ({ date, mark: markOf(date), movedFrom: movedFrom(date) });
  const coming = market.dates.filter((date) => date.date_end >= today).map(shown);
  const gone = market.dates.filter((date) => date.date_end < today).map(shown);
  const { rule } = market;
  const next = coming.find(({ date }) => markOf(date) !== 'cancelled');
  const cancelled = next ? undefined : coming[0];
  const state: MarketState = next
    ? next.date.date_start <= today
      ? 'open'
      : 'next'
    : cancelled
      ? 'cancelled'
      : rule
        ? 'seasonOver'
        : 'none';
  return {
    state,
    next,
    cancelled,
    exceptions: rule ? coming.filter(({ date }) => !followsRule(date, rule)) : [],
    upcoming: byMonth(coming),
    past: byMonth(gone),
  };
}

function byMonth(dates: ShownDate[]): MonthOfDates[] {
  const months: MonthOfDates[] = [];
  for (const shown of dates) {
    const month = shown.date.date_start.slice(0, 7);
    const last = months.at(-1);
    if (last?.month === month) last.dates.push(shown);
    else months.push({ month, dates: [shown] });
  }
  return months;
}
