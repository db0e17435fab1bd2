import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeDay } from './date-words.ts';

/**
 * Issue 19: the editor's days in words. English is read in Austria: an American month-first day
 * (12/05/2026) would be taken for the 12th of May, and German needs Austrian month names.
 */
describe('describeDay', () => {
  it('writes a day as each language reads it in Austria', () => {
    expect(describeDay('2026-11-28', 'de')).toBe('Sa., 28.11.2026');
    expect(describeDay('2026-11-28', 'en')).toBe('Sat, 28/11/2026');
    expect(describeDay('2026-11-28', 'fr')).toBe('sam. 28/11/2026');
  });

  it('puts the day before the month in every language, for every day', () => {
    const days = fc
      .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(days, fc.constantFrom('de', 'en', 'fr' as const), (day, locale) => {
        const [year, month, dayOfMonth] = day.split('-');
        const separator = locale === 'de' ? '\\.' : '/';
        expect(describeDay(day, locale)).toMatch(new RegExp(`${dayOfMonth}${separator}${month}${separator}${year}$`));
      }),
    );
  });
});
