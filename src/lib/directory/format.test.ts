import { describe, expect, it } from 'vitest';
import { viennaTimeFormatter } from './format.ts';

describe('viennaTimeFormatter (issue 55: the console in Vienna time)', () => {
  it('says an instant as Vienna’s wall clock in winter and in summer, in each language', () => {
    const said = (locale: 'de' | 'en' | 'fr') => [
      viennaTimeFormatter(locale)('2026-12-04T19:52:48Z'),
      viennaTimeFormatter(locale)('2026-07-01T10:00:00Z'),
    ];
    expect(said('de')).toEqual(['04.12.2026, 20:52', '01.07.2026, 12:00']);
    expect(said('en')).toEqual(['4 Dec 2026, 20:52', '1 Jul 2026, 12:00']);
    expect(said('fr')).toEqual(['4 déc. 2026, 20:52', '1 juil. 2026, 12:00']);
  });
});
