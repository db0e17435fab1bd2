import type { MarketDateStatus, MarketDateType } from '../../lib/market.ts';

/**
 * What the clerk decides about a date, as one choice: it takes place, it is still open, or it is
 * cancelled. The wire keeps the seed's two fields, status and type (api.md), which could say
 * "takes place" and "date cancelled" at once; the form never offers that pair (issue 19).
 */
export type DateChoice = MarketDateStatus;
export const DATE_CHOICES: readonly DateChoice[] = ['takes_place', 'pending', 'cancelled'];

/** The choice a stored date stands for: cancelled when either field says so, as the server reads it. */
export function choiceOf(date: { status: MarketDateStatus; type: MarketDateType }): DateChoice {
  return date.type === 'cancelled' ? 'cancelled' : date.status;
}

/**
 * The two wire fields of a choice. `type` is the date's kind so far (or a new date's default);
 * a cancelled date that takes place again sends "regular", and the server tells from the rule
 * whether it is the regular day, a changed or an additional one (rule-dates.ts).
 */
export function fieldsOfChoice(
  choice: DateChoice,
  type: MarketDateType,
): { status: MarketDateStatus; type: MarketDateType } {
  if (choice === 'cancelled') return { status: 'cancelled', type: 'cancelled' };
  return { status: choice, type: type === 'cancelled' ? 'regular' : type };
}
