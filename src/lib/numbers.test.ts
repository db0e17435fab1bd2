import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers.ts';

describe('formatCount', () => {
  it('groups thousands as each language does', () => {
    expect(formatCount('de', 1234)).toBe('1.234');
    expect(formatCount('en', 1234)).toBe('1,234');
    expect(formatCount('fr', 1234)).toBe('1\u202F234');
    expect(formatCount('de', 2095)).toBe('2.095');
    expect(formatCount('de', 999)).toBe('999');
    expect(formatCount('de', 0)).toBe('0');
  });

  it('keeps every digit, in groups of three, for any count', () => {
    const separator = { de: '.', en: ',', fr: '\u202F' } as const;
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom('de', 'en', 'fr' as const), (count, locale) => {
        const groups = formatCount(locale, count).split(separator[locale]);
        expect(groups.join('')).toBe(String(count));
        expect(groups.slice(1).every((group) => /^\d{3}$/.test(group))).toBe(true);
        expect(groups[0]).toMatch(/^[1-9]\d{0,2}$|^0$/);
      }),
    );
  });
});
