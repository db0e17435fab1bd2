import { describe, expect, it } from 'vitest';
import { MESSAGES, translator } from './i18n.ts';
import { LOCALES } from './languages.ts';

describe('message files', () => {
  const allKeys = new Set(LOCALES.flatMap((locale) => Object.keys(MESSAGES[locale])));

  it.each(LOCALES)('%s has every key, none empty', (locale) => {
    const messages = MESSAGES[locale];
    const missing = [...allKeys].filter((key) => !(key in messages));
    expect(missing).toEqual([]);
    const empty = Object.entries(messages).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(LOCALES)('%s keeps the placeholders of the German source', (locale) => {
    const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [key, german] of Object.entries(MESSAGES.de)) {
      expect({ key, names: placeholders(MESSAGES[locale][key] ?? '') }).toEqual({ key, names: placeholders(german) });
    }
  });

  it('translates with interpolation and without escaping', () => {
    expect(translator('en')('errors.save_failed', { email: 'help@example.org' })).toBe(
      'An error occurred while saving. Please contact us at help@example.org',
    );
    expect(translator('fr')('errors.wrong_password')).toBe('Mot de passe incorrect');
  });
});

describe('plural forms', () => {
  it('follow each language’s rules (Intl.PluralRules), not a hand-picked count', () => {
    expect(translator('de')('copy.save', { count: 1 })).toBe('1 Termin speichern');
    expect(translator('de')('copy.save', { count: 0 })).toBe('0 Termine speichern');
    expect(translator('en')('copy.save', { count: 1 })).toBe('Save 1 date');
    expect(translator('fr')('directory.count', { count: 0 })).toBe('0 marché');
    expect(translator('fr')('directory.count', { count: 2 })).toBe('2 marchés');
  });
});
