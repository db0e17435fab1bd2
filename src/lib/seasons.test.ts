import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitsSeason, isYearlySpan, seasonSpanNear, seasonSpanOf } from './seasons.ts';

const fixed = (date_start: string | null, date_end: string | null) => ({ date_start, date_end, season_repeats: false });
const yearly = (date_start: string, date_end: string) => ({ date_start, date_end, season_repeats: true });

describe('seasonSpanOf', () => {
  it('finds a fixed season’s one span, either end open', () => {
    expect(seasonSpanOf(fixed('2026-04-01', '2026-10-31'), '2026-06-01')).toEqual({
      date_start: '2026-04-01',
      date_end: '2026-10-31',
    });
    expect(seasonSpanOf(fixed('2026-04-01', '2026-10-31'), '2027-06-01')).toBeNull();
    expect(seasonSpanOf(fixed(null, '2026-10-31'), '2020-06-01')?.date_end).toBe('2026-10-31');
    expect(seasonSpanOf(fixed(null, null), '2027-06-01')).not.toBeNull();
  });

  it('finds the span of each year from the first on (issue 53, "every year April to October")', () => {
    const summer = yearly('2026-04-01', '2026-10-31');
    expect(seasonSpanOf(summer, '2027-05-15')).toEqual({ date_start: '2027-04-01', date_end: '2027-10-31' });
    expect(seasonSpanOf(summer, '2027-11-01')).toBeNull();
    expect(seasonSpanOf(summer, '2025-05-15')).toBeNull(); // before its first year
  });

  it('holds across New Year, each span beginning in its own year', () => {
    const advent = yearly('2026-11-15', '2027-01-06');
    expect(seasonSpanOf(advent, '2027-01-03')).toEqual({ date_start: '2026-11-15', date_end: '2027-01-06' });
    expect(seasonSpanOf(advent, '2027-12-24')).toEqual({ date_start: '2027-11-15', date_end: '2028-01-06' });
    expect(seasonSpanOf(advent, '2027-02-01')).toBeNull();
    expect(seasonSpanOf(advent, '2026-01-03')).toBeNull(); // the January before the first season
  });

  it('keeps 29 February to the 28th in a common year', () => {
    expect(seasonSpanOf(yearly('2028-01-01', '2028-02-29'), '2029-02-28')?.date_end).toBe('2029-02-28');
  });

  it('gives a date of several days only when it ends inside the same span', () => {
    const summer = yearly('2026-04-01', '2026-10-31');
    expect(fitsSeason(summer, '2027-10-30', '2027-10-31')).toBe(true);
    expect(fitsSeason(summer, '2027-10-31', '2027-11-01')).toBe(false);
  });

  it('holds for every day: a repeating season of one year is that fixed season in its first year', () => {
    const day = fc
      .integer({ min: 0, max: 3 * 366 })
      .map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 364 }), day, (start, length, probe) => {
        const end = new Date(Date.parse(start) + length * 86_400_000).toISOString().slice(0, 10);
        expect(isYearlySpan(start, end)).toBe(true);
        const firstYear = probe < String(Number(start.slice(0, 4)) + 1) + start.slice(4);
        if (firstYear)
          expect(seasonSpanOf(yearly(start, end), probe) !== null).toBe(
            seasonSpanOf(fixed(start, end), probe) !== null,
          );
      }),
      { seed: 53, numRuns: 500 },
    );
  });
});

describe('isYearlySpan', () => {
  it('takes a span of less than a year only', () => {
    expect(isYearlySpan('2026-04-01', '2027-03-31')).toBe(true);
    expect(isYearlySpan('2026-04-01', '2027-04-01')).toBe(false);
    expect(isYearlySpan('2026-04-01', '2026-03-31')).toBe(false);
  });
});

describe('seasonSpanNear (the span an out-of-season message names)', () => {
  const yearly = { date_start: '2026-04-01', date_end: '2026-10-31', season_repeats: true };
  it('names the span of the day’s year for a season that repeats, the first before it began', () => {
    expect(seasonSpanNear(yearly, '2027-12-05')).toEqual({ date_start: '2027-04-01', date_end: '2027-10-31' });
    expect(seasonSpanNear(yearly, '2025-06-01')).toEqual({ date_start: '2026-04-01', date_end: '2026-10-31' });
    expect(seasonSpanNear(yearly, '2027-05-01')).toEqual({ date_start: '2027-04-01', date_end: '2027-10-31' });
  });
  it('names a fixed season as it is, an open end left open', () => {
    expect(seasonSpanNear({ ...yearly, season_repeats: false }, '2027-12-05')).toEqual({
      date_start: '2026-04-01',
      date_end: '2026-10-31',
    });
    expect(seasonSpanNear({ date_start: null, date_end: '2027-03-31', season_repeats: false }, '2027-05-01')).toEqual({
      date_end: '2027-03-31',
    });
  });
});
