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

  it('says where a date a holiday takes moves to (issue 53)', () => {
    const rule: RecurrenceRule = { ...weekly, skip_holidays: true, holiday_shift: 'before' };
    expect(ruleInWords(rule, makeTranslator(MESSAGES.de, 'de'))).toBe(
      'jeden Samstag, 07:00–12:00 Uhr (an Feiertagen am Werktag davor)',
    );
    const both: RecurrenceRule = { ...rule, skip_state_holidays: true, holiday_shift: 'after' };
    expect(ruleInWords(both, makeTranslator(MESSAGES.en, 'en'))).toBe(
      'every Saturday, 07:00–12:00 (on public holidays and the state’s patron day, the working day after)',
    );
    expect(
      ruleInWords({ ...rule, skip_holidays: false, skip_state_holidays: true }, makeTranslator(MESSAGES.fr, 'fr')),
    ).toBe('chaque samedi, de 07:00 à 12:00 (la fête du Land, le jour ouvrable précédent)');
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

describe('ruleInWords, yearly rules (issue 53)', () => {
  const yearly = (fields: Partial<RecurrenceRule>): RecurrenceRule => ({
    ...weekly,
    freq: 'yearly',
    weekdays: ['SU'],
    time_from: '10:00',
    time_to: '18:00',
    ...fields,
  });
  const words = (rule: RecurrenceRule) =>
    (['de', 'en', 'fr'] as const).map((locale) => ruleInWords(rule, makeTranslator(MESSAGES[locale], locale)));

  it('names the n-th weekday of a month, and a Jahrmarkt of several days before it', () => {
    expect(words(yearly({ month: 10, nth: 3 }))).toEqual([
      'jährlich am dritten Sonntag im Oktober, 10:00–18:00 Uhr',
      'every year on the third Sunday of October, 10:00–18:00',
      'chaque année le troisième dimanche d’octobre, de 10:00 à 18:00',
    ]);
    expect(words(yearly({ month: 9, nth: 3, offset: -2, days: 4 }))[0]).toBe(
      'jährlich 2 Tage vor dem dritten Sonntag im September, 4 Tage lang, 10:00–18:00 Uhr',
    );
  });

  it('names Easter’s days, and counts the others from Easter Sunday', () => {
    expect(words(yearly({ weekdays: [], easter_offset: 51 }))).toEqual([
      'jährlich am Pfingstdienstag, 10:00–18:00 Uhr',
      'every year on Whit Tuesday, 10:00–18:00',
      'chaque année le mardi de Pentecôte, de 10:00 à 18:00',
    ]);
    expect(words(yearly({ weekdays: [], easter_offset: 10 }))[0]).toBe(
      'jährlich 10 Tage nach dem Ostersonntag, 10:00–18:00 Uhr',
    );
  });

  it('names the weekday beside a feast, by the feast’s name or its day', () => {
    expect(words(yearly({ feast: '11-11', relation: 'after' }))).toEqual([
      'jährlich am Sonntag nach Martini, 10:00–18:00 Uhr',
      'every year on the Sunday after Martinmas, 10:00–18:00',
      'chaque année le dimanche après la Saint-Martin, de 10:00 à 18:00',
    ]);
    expect(words(yearly({ feast: '05-03', relation: 'before', weekdays: ['MO'] }))[0]).toBe(
      'jährlich am Montag vor dem 3. Mai, 10:00–18:00 Uhr',
    );
  });
});
