import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../i18n.ts';
import type { RecurrenceRule } from '../market.ts';
import { makeTranslator } from '../translate.ts';
import { ruleInWords, seasonInWords } from './rule-words.ts';

const weekly: RecurrenceRule = {
  freq: 'weekly',
  interval: 1,
  weekdays: ['SA'],
  nth: null,
  time_from: '07:00',
  time_to: '12:00',
  dtstart: '2026-01-01',
};

describe('ruleInWords', () => {
  it('says a weekly rule in each language', () => {
    expect(ruleInWords(weekly, makeTranslator(MESSAGES.de, 'de'))).toBe('jeden Samstag, 07:00–12:00 Uhr');
    expect(ruleInWords(weekly, makeTranslator(MESSAGES.en, 'en'))).toBe('every Saturday, 07:00–12:00');
    expect(ruleInWords(weekly, makeTranslator(MESSAGES.fr, 'fr'))).toBe('chaque samedi, de 07:00 à 12:00');
  });

  it('names several weekdays, intervals and holidays', () => {
    const rule: RecurrenceRule = { ...weekly, interval: 2, weekdays: ['TU', 'TH', 'SA'], skip_holidays: true };
    expect(ruleInWords(rule, makeTranslator(MESSAGES.de, 'de'))).toBe(
      'alle 2 Wochen am Dienstag, Donnerstag und Samstag, 07:00–12:00 Uhr (nicht an Feiertagen)',
    );
  });

  it('says which weekday of the month', () => {
    const rule: RecurrenceRule = { ...weekly, freq: 'monthly', weekdays: ['FR'], nth: -1 };
    expect(ruleInWords(rule, makeTranslator(MESSAGES.de, 'de'))).toBe(
      'jeden letzten Freitag im Monat, 07:00–12:00 Uhr',
    );
    expect(ruleInWords({ ...rule, nth: 1 }, makeTranslator(MESSAGES.en, 'en'))).toBe(
      'on the first Friday of every month, 07:00–12:00',
    );
    expect(ruleInWords({ ...rule, nth: 2, interval: 3 }, makeTranslator(MESSAGES.fr, 'fr'))).toBe(
      'le deuxième vendredi tous les 3 mois, de 07:00 à 12:00',
    );
  });

  it('names the season in each language (issue 52)', () => {
    const say = (locale: 'de' | 'en' | 'fr', date_start: string | null, date_end: string | null) => {
      const t = makeTranslator(MESSAGES[locale], locale);
      return ruleInWords(weekly, t, seasonInWords({ date_start, date_end }, t, locale));
    };
    expect(say('de', '2027-04-01', '2027-10-31')).toBe('jeden Samstag, April bis Oktober, 07:00–12:00 Uhr');
    expect(say('en', '2027-04-01', '2027-10-31')).toBe('every Saturday, April to October, 07:00–12:00');
    expect(say('fr', '2027-04-01', '2027-10-31')).toBe('chaque samedi, d’avril à octobre, de 07:00 à 12:00');
    expect(say('fr', '2027-05-01', '2027-09-30')).toBe('chaque samedi, de mai à septembre, de 07:00 à 12:00');
    expect(say('de', '2027-01-01', '2027-02-28')).toBe('jeden Samstag, Jänner bis Februar, 07:00–12:00 Uhr');
    expect(say('de', '2027-03-15', '2027-10-31')).toBe('jeden Samstag, 15. März bis 31. Oktober, 07:00–12:00 Uhr');
    expect(say('en', '2027-03-15', '2027-10-31')).toBe('every Saturday, 15 March to 31 October, 07:00–12:00');
    expect(say('fr', '2027-03-15', '2027-10-31')).toBe('chaque samedi, du 15 mars au 31 octobre, de 07:00 à 12:00');
    // A whole year, or more, or none: no season to name.
    for (const [from, to] of [
      ['2027-01-01', '2027-12-31'],
      ['2026-06-01', '2027-12-31'],
      ['2026-03-01', '2027-02-28'],
      [null, null],
    ] as const)
      expect(say('de', from, to)).toBe('jeden Samstag, 07:00–12:00 Uhr');
  });
});
