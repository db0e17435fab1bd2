import { describe, expect, it } from 'vitest';
import {
  languageIdOf,
  localeOfLanguageId,
  localeOfPath,
  localizedPath,
  negotiateLocale,
  stripLocale,
} from './languages.ts';

describe('languages', () => {
  it('maps the seed language ids both ways', () => {
    expect([languageIdOf('de'), languageIdOf('en'), languageIdOf('fr')]).toEqual([2, 1, 3]);
    expect(localeOfLanguageId(1)).toBe('en');
    expect(localeOfLanguageId(32)).toBe('de');
  });

  it('reads the locale from the URL prefix, German having none', () => {
    expect(localeOfPath('/')).toBe('de');
    expect(localeOfPath('/maerkte')).toBe('de');
    expect(localeOfPath('/en')).toBe('en');
    expect(localeOfPath('/fr/seite/impressum')).toBe('fr');
    expect(localeOfPath('/english')).toBe('de');
  });

  it('moves a path between locales', () => {
    expect(stripLocale('/en/anmelden/abc')).toBe('/anmelden/abc');
    expect(stripLocale('/fr')).toBe('/');
    expect(localizedPath('/en/maerkte', 'de')).toBe('/maerkte');
    expect(localizedPath('/maerkte', 'fr')).toBe('/fr/maerkte');
    expect(localizedPath('/', 'en')).toBe('/en/');
  });
});

describe('negotiateLocale', () => {
  it('takes the heaviest supported language', () => {
    expect(negotiateLocale('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr');
    expect(negotiateLocale('es, en-GB;q=0.5, de;q=0.7')).toBe('de');
    expect(negotiateLocale('tr, es')).toBeNull();
    expect(negotiateLocale('en;q=0, fr;q=0.1')).toBe('fr');
    expect(negotiateLocale(undefined)).toBeNull();
  });
});
