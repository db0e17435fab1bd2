import { describe, expect, it } from 'vitest';
import type { DirectoryDate } from '../../lib/directory/directory.ts';
import type { RecurrenceRule } from '../../lib/market.ts';
import { occurrences } from '../../lib/recurrence.ts';
import { yearDates } from './year-dates.ts';

const saturdays: RecurrenceRule = {
  freq: 'weekly',
  interval: 1,
  weekdays: ['SA'],
  nth: null,
  time_from: '07:00',
  time_to: '12:00',
  dtstart: '2026-03-01',
  skip_holidays: true,
};
const STYRIA = 6;

function date(day: string, fields: Partial<DirectoryDate> = {}): DirectoryDate {
  return {
    id: day,
    date_start: day,
    date_end: day,
    time_from: '07:00',
    time_to: '12:00',
    status: 'takes_place',
    type: 'regular',
    note: '',
    replaces_date: null,
    ...fields,
  };
}

// Saturdays from March to October 2026; 15 August (a statutory holiday) is a Saturday and skipped.
const days = occurrences(saturdays, '2026-03-07', '2026-10-31').filter((day) => day !== '2026-08-15');

describe('yearDates', () => {
  it('gives a rule market its span and only the dates that differ from the rule', () => {
    const dates = days.map((day) => {
      if (day === '2026-05-02') return date(day, { type: 'cancelled', status: 'cancelled' });
      if (day === '2026-06-06') return date('2026-06-05', { type: 'changed', replaces_date: day });
      if (day === '2026-07-04') return date(day, { status: 'pending' });
      return date(day);
    });
    dates.push(date('2026-12-19', { type: 'additional' }));
    const result = yearDates({ rule: saturdays, dates }, STYRIA);
    expect(result).toMatchObject({ kind: 'rule', from: '2026-03-07', to: '2026-10-31' });
    expect(result.kind === 'rule' && result.exceptions.map((d) => d.date_start)).toEqual([
      '2026-05-02',
      '2026-06-05',
      '2026-07-04',
      '2026-12-19',
    ]);
  });

  it('lists every date when the regular dates are not the rule’s days', () => {
    const changedRule = days.map((day) => date(day)).filter((d) => d.date_start !== '2026-04-11');
    expect(yearDates({ rule: saturdays, dates: changedRule }, STYRIA).kind).toBe('list');
    // The holiday the rule skips is a date the rule does not give.
    const withHoliday = [...days, '2026-08-15'].sort().map((day) => date(day));
    expect(yearDates({ rule: saturdays, dates: withHoliday }, STYRIA).kind).toBe('list');
  });

  it('lists the dates of a market without a rule', () => {
    const dates = [date('2026-08-15')];
    expect(yearDates({ rule: null, dates }, STYRIA)).toEqual({ kind: 'list', dates });
  });
});
