import OpeningHours from 'opening_hours';
import { describe, expect, it } from 'vitest';
import type { RecurrenceRule } from '../lib/market.ts';
import { openingHoursOf } from './opening-hours.ts';

const saturdays: RecurrenceRule = {
  freq: 'weekly',
  interval: 1,
  weekdays: ['SA'],
  nth: null,
  time_from: '08:00',
  time_to: '12:00',
  skip_holidays: true,
};
const noSeason = { date_start: null, date_end: null };

/** The reference parser of the format (used by OpenStreetMap's editors) must take every value. */
function checked(value: string | null): string | null {
  if (value !== null)
    expect(
      () => new OpeningHours(value, { lat: 47.28, lon: 15.97, address: { country_code: 'at', state: 'Steiermark' } }),
    ).not.toThrow();
  return value;
}

describe('openingHoursOf', () => {
  it('writes weekly rules with their days, times and public holidays', () => {
    expect(checked(openingHoursOf({ rule: saturdays, ...noSeason }))).toBe('Sa 08:00-12:00; PH off');
    const twice = { ...saturdays, weekdays: ['TU', 'FR'] as RecurrenceRule['weekdays'], skip_holidays: false };
    expect(checked(openingHoursOf({ rule: twice, ...noSeason }))).toBe('Tu,Fr 08:00-12:00');
  });

  it('writes monthly rules with the week of the month', () => {
    const first = { ...saturdays, freq: 'monthly' as const, nth: 1 as const, skip_holidays: false };
    expect(checked(openingHoursOf({ rule: first, ...noSeason }))).toBe('Sa[1] 08:00-12:00');
    expect(checked(openingHoursOf({ rule: { ...first, nth: -1 }, ...noSeason }))).toBe('Sa[-1] 08:00-12:00');
  });

  it('limits the rule to the season, also over New Year', () => {
    expect(checked(openingHoursOf({ rule: saturdays, date_start: '2027-03-15', date_end: '2027-10-31' }))).toBe(
      'Mar 15-Oct 31 Sa 08:00-12:00; PH off',
    );
    expect(checked(openingHoursOf({ rule: saturdays, date_start: '2026-11-20', date_end: '2027-01-06' }))).toBe(
      'Nov 20-Jan 06 Sa 08:00-12:00; PH off',
    );
  });

  it('gives nothing for single dates or rules every other week', () => {
    expect(openingHoursOf({ rule: null, ...noSeason })).toBeNull();
    expect(openingHoursOf({ rule: { ...saturdays, interval: 2 }, ...noSeason })).toBeNull();
  });
});
