import type { Locale } from './languages.ts';

/**
 * A wait in words of the user's language (issue 19: "Bitte warten Sie 2 Minuten"): seconds under a
 * minute, else whole minutes rounded up, so nobody who waits as told is refused again.
 */
export function waitWords(seconds: number, locale: Locale): string {
  const [amount, unit] =
    seconds < 60 ? [Math.max(1, Math.ceil(seconds)), 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return new Intl.NumberFormat(locale === 'de' ? 'de-AT' : locale, { style: 'unit', unit, unitDisplay: 'long' }).format(
    amount,
  );
}
