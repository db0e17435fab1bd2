import { FORMAT_TAGS, type Locale } from '../languages.ts';
import type { MarketRecord, RecurrenceRule } from '../market.ts';
import type { MessageKey, Translate } from '../translate.ts';
import { EASTER_DAYS, FEAST_DAYS } from '../yearly-rules.ts';
import { seasonMonths } from '../seasons.ts';

/**
 * A market's recurrence in a sentence: "jeden ersten Freitag im Monat, 14:00–18:00 Uhr"; with its
 * season (issue 52), "jeden Samstag, April bis Oktober, 08:00–12:00 Uhr".
 */
export function ruleInWords(rule: Omit<RecurrenceRule, 'dtstart'>, t: Translate, season = ''): string {
  const days = rule.weekdays.map((day) => t(`weekday.${day}`));
  const weekdays =
    days.length > 1 ? `${days.slice(0, -1).join(', ')} ${t('rule.and')} ${days.at(-1)}` : (days[0] ?? '');
  const n = rule.interval;
  const when =
    rule.freq === 'yearly'
      ? yearlyInWords(rule, t)
      : rule.freq === 'weekly'
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
  const sentence = t('rule.withTime', {
    rule: season ? `${when}, ${season}` : when,
    from: rule.time_from,
    to: rule.time_to,
  });
  const except = rule.skip_holidays
    ? rule.skip_state_holidays
      ? 'rule.exceptStateHolidays'
      : 'rule.exceptHolidays'
    : rule.skip_state_holidays
      ? 'rule.exceptStateHolidayOnly'
      : null;
  // Issue 53: "(an Feiertagen am Werktag davor)" when such a date moves instead.
  const moved = except && rule.holiday_shift ? (`${except}.${rule.holiday_shift}` as const) : except;
  return moved ? `${sentence} ${t(moved)}` : sentence;
}

/**
 * A yearly rule's day (issue 53): "jährlich am dritten Sonntag im Oktober", "jährlich am
 * Pfingstdienstag", "jährlich 2 Tage vor dem Sonntag nach Martini, 4 Tage lang".
 */
function yearlyInWords(rule: Omit<RecurrenceRule, 'dtstart'>, t: Translate): string {
  const every = rule.interval === 1 ? t('rule.yearly') : t('rule.everyNYears', { n: rule.interval });
  const weekday = t(`weekday.${rule.weekdays[0] ?? 'SU'}`);
  const month = (number: number) => t(`month.${number}` as MessageKey);
  let shift = rule.offset ?? 0;
  let day: string;
  if (rule.easter_offset !== undefined) {
    // Easter's own days by their names, any other as days before or after Easter Sunday.
    const total = rule.easter_offset + shift;
    const named = (EASTER_DAYS as readonly number[]).includes(total);
    day = t(`easter.${named ? total : 0}` as MessageKey);
    shift = named ? 0 : total;
  } else if (rule.feast !== undefined) {
    const feast = (FEAST_DAYS as readonly string[]).includes(rule.feast)
      ? t(`feast.${rule.feast}` as MessageKey)
      : t('rule.feastDate', { day: Number(rule.feast.slice(3)), month: month(Number(rule.feast.slice(0, 2))) });
    day = t(`rule.feast.${rule.relation ?? 'after'}`, { weekday, feast });
  } else {
    day = t('rule.nthInMonth', {
      nth: t(`rule.nth.${rule.nth ?? 1}` as MessageKey),
      weekday,
      month: month(rule.month ?? 1),
    });
  }
  const words =
    shift === 0
      ? t('rule.yearlyOn', { every, day })
      : t(shift < 0 ? 'rule.yearlyBefore' : 'rule.yearlyAfter', { every, day, count: Math.abs(shift) });
  const length = (rule.days ?? 1) > 1 ? `, ${t('rule.forDays', { count: rule.days ?? 1 })}` : '';
  // French elides "de" and "le" before a vowel: "d’octobre", "l’Épiphanie" is named so already.
  return `${words}${length}`.replace(/\b(de|le) (?=[aeiouyàâéèêîôû])/giu, (_, word: string) => `${word[0]}’`);
}

/**
 * The season of a market on a rule in words: "April bis Oktober" when it runs from the first of a
 * month to the last of one, else "15. März bis 31. Oktober"; '' for a season of a whole year or
 * more, or none.
 */
export function seasonInWords(
  market: Pick<MarketRecord, 'date_start' | 'date_end'>,
  t: Translate,
  locale: Locale,
): string {
  const { date_start: from, date_end: to } = market;
  if (!from || !to) return '';
  const day = (text: string) => new Date(`${text}T12:00:00Z`);
  // Twelve months or more (1 March to the last of February next year too) is the whole year.
  const yearLater = day(`${Number(from.slice(0, 4)) + 1}${from.slice(4)}`);
  if (day(to).getTime() >= yearLater.getTime() - 86_400_000) return '';
  const wholeMonths = seasonMonths(market) !== null;
  const format = new Intl.DateTimeFormat(FORMAT_TAGS[locale], {
    ...(wholeMonths ? {} : { day: 'numeric' }),
    month: 'long',
    timeZone: 'UTC',
  });
  const words = t(wholeMonths ? 'rule.seasonMonths' : 'rule.seasonDays', {
    from: format.format(day(from)),
    to: format.format(day(to)),
  });
  // French elides "de" before a vowel: "d’avril à octobre".
  return locale === 'fr' ? words.replace(/^de (?=[aeiouyàâéèêîôû])/iu, 'd’') : words;
}
