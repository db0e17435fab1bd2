import { FORMAT_TAGS, type Locale } from '../languages.ts';
import type { DirectoryDate } from './directory.ts';

/**
 * One Intl.DateTimeFormat per language and options: making one costs far more than using it, and
 * a directory page formats hundreds of days (issue 18: a tenth of the rendering time).
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(tag, options)));
  return format;
}

/** Formats calendar days ("2026-11-28") in a language, e.g. "Samstag, 28. November". */
export function dayFormatter(locale: Locale, options: Intl.DateTimeFormatOptions = {}) {
  const format = formatOf(FORMAT_TAGS[locale], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
    ...options,
  });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}

/** An instant ("2026-12-04T19:52:48Z") as Vienna's wall clock in a language: "4. Dez. 2026, 20:52" (issue 55). */
export function viennaTimeFormatter(locale: Locale) {
  const format = formatOf(FORMAT_TAGS[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Vienna' });
  return (at: string) => format.format(new Date(at));
}

/** A date's span in words, with its hours when it has them: "Freitag, 3. Juli – Sonntag, 5. Juli, 09:00–18:00". */
export function dateSpanInWords(
  date: Pick<DirectoryDate, 'date_start' | 'date_end' | 'time_from' | 'time_to'>,
  formatDay: (day: string) => string,
): string {
  const days =
    date.date_end === date.date_start
      ? formatDay(date.date_start)
      : `${formatDay(date.date_start)} – ${formatDay(date.date_end)}`;
  return date.time_from && date.time_to ? `${days}, ${date.time_from}–${date.time_to}` : days;
}

/** The UTC offset of Vienna on a day ("+01:00" in winter, "+02:00" in summer), for schema.org times. */
export function viennaOffset(day: string): string {
  const name = formatOf('en-US', { timeZone: 'Europe/Vienna', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')?.value;
  return name?.replace('GMT', '') || '+01:00';
}

/** Names a calendar month ("2027-01") in a language, with its year: "Jänner 2027" in Austria. */
export function monthFormatter(locale: Locale) {
  const format = formatOf(FORMAT_TAGS[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (month: string) => format.format(new Date(`${month}-01T00:00:00Z`));
}
