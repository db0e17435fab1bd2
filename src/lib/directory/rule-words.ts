import type { RecurrenceRule } from '../market.ts';
import type { MessageKey, Translate } from '../translate.ts';

/** A market's recurrence in a sentence: "jeden ersten Freitag im Monat, 14:00–18:00 Uhr". */
export function ruleInWords(rule: Omit<RecurrenceRule, 'dtstart'>, t: Translate): string {
  const days = rule.weekdays.map((day) => t(`weekday.${day}`));
  const weekdays =
    days.length > 1 ? `${days.slice(0, -1).join(', ')} ${t('rule.and')} ${days.at(-1)}` : (days[0] ?? '');
  const n = rule.interval;
  const when =
    rule.freq === 'weekly'
      ? n === 1
        ? t('rule.everyWeek', { weekdays })
        : t('rule.everyNWeeks', { weekdays, n })
      : rule.nth === null
        ? t(n === 1 ? 'rule.everyWeek' : 'rule.everyWeekEveryNMonths', { weekdays, n })
        : t(n === 1 ? 'rule.everyMonth' : 'rule.everyNMonths', {
            weekdays,
            n,
            nth: t(`rule.nth.${rule.nth}` as MessageKey),
          });
  const sentence = t('rule.withTime', { rule: when, from: rule.time_from, to: rule.time_to });
  const except = rule.skip_holidays
    ? rule.skip_state_holidays
      ? 'rule.exceptStateHolidays'
      : 'rule.exceptHolidays'
    : rule.skip_state_holidays
      ? 'rule.exceptStateHolidayOnly'
      : null;
  return except ? `${sentence} ${t(except)}` : sentence;
}
