import { describe, expect, it } from 'vitest';
import type { RecurrenceRule } from './market.ts';
import { occurrences, rruleOf, skippedHolidays } from './recurrence.ts';

const saturdays: RecurrenceRule = {
  freq: 'weekly',
  interval: 1,
  weekdays: ['SA'],
  nth: null,
  time_from: '08:00',
  time_to: '12:00',
};

describe('recurrence', () => {
  it('writes the RFC 5545 form', () => {
    expect(rruleOf(saturdays)).toBe('FREQ=WEEKLY;BYDAY=SA');
    expect(rruleOf({ ...saturdays, freq: 'monthly', nth: -1, weekdays: ['FR'] })).toBe('FREQ=MONTHLY;BYDAY=-1FR');
    expect(rruleOf({ ...saturdays, interval: 2, weekdays: ['TU', 'FR'] })).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,FR');
  });

  it('lists every Saturday of a span', () => {
    expect(occurrences(saturdays, '2027-01-01', '2027-01-31')).toEqual([
      '2027-01-02',
      '2027-01-09',
      '2027-01-16',
      '2027-01-23',
      '2027-01-30',
    ]);
    expect(occurrences(saturdays, '2027-12-31', '2027-01-01')).toEqual([]);
  });

  it('counts weeks from the start for an interval', () => {
    const fortnightly = { ...saturdays, interval: 2 };
    expect(occurrences(fortnightly, '2027-01-01', '2027-01-31')).toEqual(['2027-01-02', '2027-01-16', '2027-01-30']);
  });

  it('takes the n-th and the last weekday of a month', () => {
    const firstSaturday = { ...saturdays, freq: 'monthly' as const, nth: 1 as const };
    expect(occurrences(firstSaturday, '2027-01-01', '2027-03-31')).toEqual(['2027-01-02', '2027-02-06', '2027-03-06']);
    const lastFriday = { ...saturdays, freq: 'monthly' as const, nth: -1 as const, weekdays: ['FR' as const] };
    expect(occurrences(lastFriday, '2027-01-01', '2027-02-28')).toEqual(['2027-01-29', '2027-02-26']);
    const fifthMonday = { ...saturdays, freq: 'monthly' as const, nth: 4 as const, weekdays: ['MO' as const] };
    expect(occurrences(fifthMonday, '2027-02-01', '2027-02-28')).toEqual(['2027-02-22']);
  });
});

describe('skippedHolidays', () => {
  it('names the Saturdays a holiday-skipping rule leaves out, in the state of the market', () => {
    const skipped = skippedHolidays({ ...saturdays, skip_holidays: true }, 6, '2026-11-23', '2027-12-31');
    expect(skipped.map((holiday) => `${holiday.date} ${holiday.name.de}`)).toEqual([
      '2026-12-26 Stefanitag',
      '2027-05-01 Staatsfeiertag',
      '2027-12-25 Christtag',
    ]);
  });

  it('leaves out nothing for a rule that keeps holidays', () => {
    expect(skippedHolidays(saturdays, 6, '2026-11-23', '2027-12-31')).toEqual([]);
  });
});
