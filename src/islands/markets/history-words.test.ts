import { describe, expect, it } from 'vitest';
import de from '../../../locales/de.json' with { type: 'json' };
import en from '../../../locales/en.json' with { type: 'json' };
import { makeTranslator } from '../../lib/translate.ts';
import { changedDays, changeLines, type MarketChange } from './history-words.ts';

const entry = (changes: MarketChange['changes'], market_date_id: string | null = null): MarketChange => ({
  market_date_id,
  user_email: 'marktamt@hartberg.at',
  changed_at: '2026-11-23T10:00:00.000Z',
  action: 'updated',
  changes,
});
const saturdays = { freq: 'weekly', interval: 1, weekdays: ['SA'], nth: null, time_from: '08:00', time_to: '12:00' };

describe('the change history in words', () => {
  it('names fields as the form does and shows values as the clerk sees them', () => {
    const lines = changeLines(
      entry({
        rule: [saturdays, { ...saturdays, dtstart: '2026-11-23', time_from: '07:00' }],
        type: ['kirtag', 'wochenmarkt'],
        date_start: [null, '2027-03-15'],
        hidden: [false, true],
      }),
      makeTranslator(de, 'de'),
      'de',
    );
    expect(lines.map(({ label, before, after }) => `${label}: ${before} → ${after}`)).toEqual([
      'Marktregel: jeden Samstag, 08:00–12:00 Uhr → jeden Samstag, 07:00–12:00 Uhr',
      'Marktart: Kirtag → Wochen- oder Monatsmarkt',
      'Saisonbeginn: (leer) → 15.03.2027',
      'Ausgeblendet: nein → ja',
    ]);
  });

  it('words a date’s status and type, and leaves out what stayed empty', () => {
    const lines = changeLines(
      entry({ status: ['takes_place', 'cancelled'], type: ['regular', 'cancelled'], note: [null, ''] }, 'd-1'),
      makeTranslator(en, 'en'),
      'en',
    );
    expect(lines.map(({ label, before, after }) => `${label}: ${before} → ${after}`)).toEqual([
      'Does the date take place?: Takes place → Does not take place',
      'Kind of date: Regular date → Date cancelled',
    ]);
  });
});

describe('the date an entry changed (issue 53)', () => {
  const date = { id: 'd1', date_start: '2027-06-05', date_end: '2027-06-05' };
  it('is the date as it stands, found by its id', () => {
    expect(changedDays(entry({ time_from: ['08:00', '07:00'] }, 'd1'), [date])).toEqual(date);
  });
  it('is the days the entry recorded once the date is gone', () => {
    const deleted = entry({ date_start: ['2027-06-12', null], date_end: ['2027-06-13', null] }, 'gone');
    expect(changedDays(deleted, [date])).toEqual({ date_start: '2027-06-12', date_end: '2027-06-13' });
  });
  it('is none for a change of the market itself, or one that recorded no day', () => {
    expect(changedDays(entry({ title: ['A', 'B'] }), [date])).toBeNull();
    expect(changedDays(entry({ note: ['', 'x'] }, 'gone'), [date])).toBeNull();
  });
});
