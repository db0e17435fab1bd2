import { describe, expect, it } from 'vitest';
import { dateSpanErrors, datesKeepingTimes, isLocked, viennaDay } from './market-rules.ts';

const TODAY = '2026-11-23';
const NO_SEASON = { date_start: null, date_end: null, season_repeats: false };

describe('dateSpanErrors', () => {
  it('accepts today up to the end of next year', () => {
    expect(dateSpanErrors({ date_start: TODAY, date_end: '2027-12-31' }, NO_SEASON, TODAY)).toEqual({});
  });

  it('refuses a day before today as in the past', () => {
    expect(dateSpanErrors({ date_start: '2026-11-22', date_end: TODAY }, NO_SEASON, TODAY)).toEqual({
      date_start: 'date_in_past',
    });
  });

  it('refuses years other than the current and the next', () => {
    expect(dateSpanErrors({ date_start: '2025-12-31', date_end: TODAY }, NO_SEASON, TODAY)).toEqual({
      date_start: 'date_out_of_range',
    });
    expect(dateSpanErrors({ date_start: '2027-12-31', date_end: '2028-01-01' }, NO_SEASON, TODAY)).toEqual({
      date_end: 'date_out_of_range',
    });
  });

  it('keeps a date inside the season; a season may begin in the past', () => {
    const season = { date_start: '2026-03-01', date_end: '2027-10-31', season_repeats: false };
    expect(dateSpanErrors({ date_start: '2027-05-01', date_end: '2027-05-01' }, season, TODAY)).toEqual({});
    expect(dateSpanErrors({ date_start: '2027-10-31', date_end: '2027-11-01' }, season, TODAY)).toEqual({
      date_end: 'outside_season',
    });
  });

  it('keeps a date inside a season that repeats, in any of its years (issue 53)', () => {
    const season = { date_start: '2026-04-01', date_end: '2026-10-31', season_repeats: true };
    expect(dateSpanErrors({ date_start: '2027-05-01', date_end: '2027-05-02' }, season, TODAY)).toEqual({});
    expect(dateSpanErrors({ date_start: '2026-12-05', date_end: '2026-12-05' }, season, TODAY)).toEqual({
      date_start: 'outside_season',
    });
    expect(dateSpanErrors({ date_start: '2027-10-31', date_end: '2027-11-01' }, season, TODAY)).toEqual({
      date_end: 'outside_season',
    });
  });
});

describe('calendar of Vienna', () => {
  it('takes the day in Vienna, not in UTC', () => {
    expect(viennaDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(viennaDay(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
  });

  it('locks a stored date once it has begun', () => {
    expect(isLocked({ date_start: '2026-11-22' }, TODAY)).toBe(true);
    expect(isLocked({ date_start: TODAY }, TODAY)).toBe(false);
  });
});

describe('datesKeepingTimes (issue 53)', () => {
  const date = (type: string, status = 'takes_place', date_end = '2026-12-05', time_from = '08:00') => ({
    type,
    status,
    date_end,
    time_from,
    time_to: '12:00',
  });
  it('names the exceptions ahead whose own times differ from the rule’s new ones', () => {
    const added = date('additional');
    const changed = date('changed', 'takes_place', '2026-12-12', '07:00');
    const dates = [
      date('regular'),
      added,
      changed,
      date('cancelled', 'cancelled'),
      date('additional', 'takes_place', '2026-11-01'),
    ];
    expect(datesKeepingTimes(dates, { time_from: '07:00', time_to: '12:00' }, TODAY)).toEqual([added]);
    expect(datesKeepingTimes(dates, { time_from: '09:00', time_to: '12:00' }, TODAY)).toEqual([added, changed]);
  });
});
