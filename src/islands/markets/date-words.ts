import { dayFormatter } from '../../lib/directory/format.ts';
import type { Locale } from '../../lib/languages.ts';
import type { MarketDateRecord } from '../../lib/market.ts';
import { seasonSpanNear, type Season } from '../../lib/seasons.ts';
import type { Translate } from '../../lib/translate.ts';

/**
 * A day as the clerk reads it ("Sa., 28.11.2026"); an ISO day never reaches a sentence (issue 19).
 * One formatter per language, kept (issue 50: making one costs more than the list's whole row).
 */
export function describeDay(day: string, locale: Locale): string {
  return dayFormatter(locale, { weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric' })(day);
}

/** The days of a date, one or a span. */
export function describeDays(date: Pick<MarketDateRecord, 'date_start' | 'date_end'>, locale: Locale): string {
  return date.date_end === date.date_start
    ? describeDay(date.date_start, locale)
    : `${describeDay(date.date_start, locale)} – ${describeDay(date.date_end, locale)}`;
}

/** Its hours, or nothing when they are not given. */
export function describeTimes(date: Pick<MarketDateRecord, 'time_from' | 'time_to'>): string {
  return date.time_from && date.time_to ? `${date.time_from}–${date.time_to}` : '';
}

/**
 * The season around a day, as an out-of-season message names it (issue 53): "1. April 2027 –
 * 31. Oktober 2027", or "ab 1. April 2027" / "bis 31. Oktober 2027" for a season open at one end.
 */
export function seasonAround(season: Season, day: string, locale: Locale, t: Translate): string {
  const { date_start: from, date_end: until } = seasonSpanNear(season, day);
  const long = dayFormatter(locale, { weekday: undefined, day: 'numeric', month: 'long', year: 'numeric' });
  if (from && until) return `${long(from)} – ${long(until)}`;
  return from ? t('season.from', { day: long(from) }) : t('season.until', { day: long(until ?? day) });
}
