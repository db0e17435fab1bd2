import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../i18n.ts';
import type { RecurrenceRule } from '../market.ts';
import { makeTranslator } from '../translate.ts';
import { ruleInWords } from './rule-words.ts';

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
});
