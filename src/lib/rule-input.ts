import * as z from 'zod/mini';
import { boundedInt, FEAST_RELATIONS, FREQS, HOLIDAY_SHIFTS, NTHS, WEEKDAYS, RULE_LIMITS } from './market.ts';
import { clockTime, missingOr } from './input-values.ts';
import { isMonthDay } from './yearly-rules.ts';

/**
 * A market's rule as save_market accepts it (api.md, "Recurrence rules"; docs/api.md for the
 * yearly ones): weekly, monthly or yearly, with its times and exceptions, stored the same way
 * whatever else a client sent.
 */

const ruleObject = z.object(
  {
    freq: z.enum(FREQS, { error: 'required_fields' }),
    interval: z._default(boundedInt(RULE_LIMITS.interval, 'invalid_interval'), 1),
    weekdays: z._default(
      z
        .array(z.enum(WEEKDAYS, { error: 'invalid_request' }), { error: missingOr('invalid_request') })
        .check(z.maxLength(7, { error: 'invalid_request' })),
      [],
    ),
    nth: z._default(z.nullable(z.literal(NTHS, { error: 'invalid_nth' })), null),
    // Issue 53, yearly rules: by month, by Easter or by feast (market.ts, recurrenceRuleSchema).
    month: z.optional(boundedInt(RULE_LIMITS.month, 'invalid_month')),
    easter_offset: z.optional(boundedInt(RULE_LIMITS.easterOffset, 'invalid_easter_offset')),
    feast: z.optional(z.string({ error: 'invalid_feast' }).check(z.refine(isMonthDay, { error: 'invalid_feast' }))),
    relation: z._default(z.enum(FEAST_RELATIONS, { error: 'invalid_request' }), 'after'),
    offset: z._default(boundedInt(RULE_LIMITS.offset, 'invalid_offset'), 0),
    days: z._default(boundedInt(RULE_LIMITS.days, 'invalid_days'), 1),
    time_from: clockTime,
    time_to: clockTime,
    skip_holidays: z._default(z.boolean({ error: 'invalid_request' }), false),
    skip_state_holidays: z._default(z.boolean({ error: 'invalid_request' }), false),
    holiday_shift: z.optional(z.enum(HOLIDAY_SHIFTS, { error: 'invalid_request' })),
  },
  { error: 'required_fields' },
);
type RuleObject = z.output<typeof ruleObject>;

/** How a yearly rule names its day: the one of `easter_offset`, `feast` and `month` it gives. */
const yearlyKind = (rule: RuleObject) =>
  rule.freq !== 'yearly'
    ? null
    : rule.easter_offset !== undefined
      ? 'easter'
      : rule.feast !== undefined
        ? 'feast'
        : rule.month !== undefined
          ? 'month'
          : null;

/** The fields a rule of its kind keeps: equal rules are stored equally, whatever else a client sent. */
function storedRule(rule: RuleObject) {
  const { month, easter_offset, feast, relation, offset, days, holiday_shift, ...rest } = rule;
  // A date moves only off a holiday the rule leaves out.
  const skips = rule.skip_holidays || rule.skip_state_holidays;
  const common = { ...rest, ...(skips && holiday_shift ? { holiday_shift } : {}) };
  const weekdays = WEEKDAYS.filter((day) => rule.weekdays.includes(day));
  if (rule.freq !== 'yearly') return { ...common, weekdays, nth: rule.freq === 'monthly' ? rule.nth : null };
  const kind = yearlyKind(rule);
  const length = { offset, days };
  if (kind === 'easter') return { ...common, weekdays: [], nth: null, easter_offset, ...length };
  if (kind === 'feast') return { ...common, weekdays, nth: null, feast, relation, ...length };
  return { ...common, weekdays, nth: rule.nth, month, ...length };
}

/**
 * A rule as a clerk gives it (issue 14; yearly ones issue 53): the closing time after the opening
 * time; weekly and monthly rules on at least one weekday, monthly ones in a week of the month;
 * every 1 to 12 weeks, months or years. A yearly rule names its day by a month and the week in it,
 * by Easter, or by a feast, and the first and third on one weekday. Its anchor is not given: the
 * server sets it (recurrence.ts, anchorOf).
 */
export const recurrenceRuleInputSchema = z.pipe(
  ruleObject.check(
    z.refine<RuleObject>((rule) => rule.time_to > rule.time_from, {
      error: 'end_time_before_start',
      path: ['time_to'],
    }),
    // A yearly rule whose day is not chosen yet is told that alone (no_yearly_day).
    z.refine<RuleObject>(
      (rule) =>
        rule.weekdays.length > 0 ||
        (rule.freq === 'yearly' && yearlyKind(rule) !== 'month' && yearlyKind(rule) !== 'feast'),
      {
        error: 'no_weekday',
        path: ['weekdays'],
      },
    ),
    z.refine<RuleObject>((rule) => rule.freq !== 'yearly' || rule.weekdays.length <= 1, {
      error: 'one_weekday',
      path: ['weekdays'],
    }),
    z.refine<RuleObject>((rule) => rule.freq !== 'yearly' || yearlyKind(rule) !== null, {
      error: 'no_yearly_day',
      path: ['month'],
    }),
    z.refine<RuleObject>((rule) => !(rule.freq === 'monthly' || yearlyKind(rule) === 'month') || rule.nth !== null, {
      error: 'invalid_nth',
      path: ['nth'],
    }),
  ),
  z.transform(storedRule),
);
export type RecurrenceRuleInput = z.output<typeof recurrenceRuleInputSchema>;
