import type { Locale } from './languages.ts';

/**
 * Whole numbers as readers of each language group them: de "1.234", en "1,234", fr "1 234" (a
 * narrow no-break space, which never breaks a line). German is formatted as `de`, not `de-AT`:
 * CLDR gives Austria a space, while the portal's Austrian readers (and the book's printed counts)
 * write the point.
 */
export function formatCount(locale: Locale, count: number): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(count);
}
