import type { Locale } from './languages.ts';

/**
 * A wait in words of the user's language (issue 19: "Bitte warten Sie 2 Minuten"): seconds under a
 * minute, whole minutes up to two hours, else whole hours (issue 49: a ceiling of a day), always
 * rounded up, so nobody who waits as told is refused again.
 */
export function waitWords(seconds: number, locale: Locale): string {
  const [amount, unit] =
    seconds < 60
      ? [Math.max(1, Math.ceil(seconds)), 'second']
      : seconds <= 7200
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return new Intl.NumberFormat(locale === 'de' ? 'de-AT' : locale, { style: 'unit', unit, unitDisplay: 'long' }).format(
    amount,
  );
}
