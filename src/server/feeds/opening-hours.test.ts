import { eachDayOfInterval } from 'date-fns/eachDayOfInterval';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import fc from 'fast-check';
import OpeningHours from 'opening_hours';
import { describe, expect, it } from 'vitest';
import { FEAST_RELATIONS, NTHS, WEEKDAYS, type RecurrenceRule } from '../../lib/market.ts';
import { occurrences } from '../../lib/recurrence.ts';
import { FEAST_DAYS, lastDayOf } from '../../lib/yearly-rules.ts';
import { openingHoursOf } from './opening-hours.ts';

const saturdays: RecurrenceRule = {
  freq: 'weekly',
  interval: 1,
  weekdays: ['SA'],
  nth: null,
  time_from: '08:00',
  time_to: '12:00',
  dtstart: '2026-01-01',
  skip_holidays: true,
};
const noSeason = { date_start: null, date_end: null, season_repeats: false, gkz: '62219' };
const season = (date_start: string, date_end: string) => ({ ...noSeason, date_start, date_end });

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
    expect(checked(openingHoursOf({ rule: saturdays, ...noSeason }, []))).toBe('Sa 08:00-12:00; PH off');
    const twice = { ...saturdays, weekdays: ['TU', 'FR'] as RecurrenceRule['weekdays'], skip_holidays: false };
    expect(checked(openingHoursOf({ rule: twice, ...noSeason }, []))).toBe('Tu,Fr 08:00-12:00');
  });

  it('writes monthly rules with the week of the month', () => {
    const first = { ...saturdays, freq: 'monthly' as const, nth: 1 as const, skip_holidays: false };
    expect(checked(openingHoursOf({ rule: first, ...noSeason }, []))).toBe('Sa[1] 08:00-12:00');
    expect(checked(openingHoursOf({ rule: { ...first, nth: -1 }, ...noSeason }, []))).toBe('Sa[-1] 08:00-12:00');
  });

  it('limits the rule to its season with years, also over New Year', () => {
    expect(checked(openingHoursOf({ rule: saturdays, ...season('2027-03-15', '2027-10-31') }, []))).toBe(
      '2027 Mar 15-2027 Oct 31 Sa 08:00-12:00; PH off',
    );
    // Without years it would read "every year from November to January".
    expect(checked(openingHoursOf({ rule: saturdays, ...season('2026-11-20', '2027-01-06') }, []))).toBe(
      '2026 Nov 20-2027 Jan 06 Sa 08:00-12:00; PH off',
    );
    const lastSaturday = { ...saturdays, freq: 'monthly' as const, nth: -1 as const };
    expect(checked(openingHoursOf({ rule: lastSaturday, ...season('2026-01-08', '2027-01-30') }, []))).toBe(
      '2026 Jan 08-2027 Jan 30 Sa[-1] 08:00-12:00; PH off',
    );
    // A season with only its end begins at the rule's anchor.
    const ending = { ...noSeason, date_end: '2027-06-30' };
    expect(checked(openingHoursOf({ rule: saturdays, ...ending }, []))).toBe(
      '2026 Jan 01-2027 Jun 30 Sa 08:00-12:00; PH off',
    );
  });

  it('writes a season that repeats from its first year on, in two parts across New Year (issue 53)', () => {
    const yearly = (date_start: string, date_end: string) => ({
      ...season(date_start, date_end),
      season_repeats: true,
    });
    const summer = checked(openingHoursOf({ rule: saturdays, ...yearly('2026-04-01', '2026-10-31') }, []));
    expect(summer).toBe('2026+ Apr 01-Oct 31 Sa 08:00-12:00; PH off');
    const winter = checked(openingHoursOf({ rule: saturdays, ...yearly('2026-11-20', '2027-01-06') }, []));
    expect(winter).toBe('2026+ Nov 20-Dec 31 Sa 08:00-12:00; 2027+ Jan 01-Jan 06 Sa 08:00-12:00; PH off');
    const hours = new OpeningHours(winter!, {
      lat: 47.28,
      lon: 15.97,
      address: { country_code: 'at', state: 'Steiermark' },
    });
    const open = (day: string) => hours.getState(new Date(`${day}T09:00`));
    expect([
      open('2026-01-03'),
      open('2026-11-21'),
      open('2027-01-02'),
      open('2027-02-06'),
      open('2027-12-04'),
    ]).toEqual([false, true, true, false, true]);
  });

  it('names the state’s patron day when the rule skips it too; PH is the statutory holidays only', () => {
    const fridays = { ...saturdays, weekdays: ['FR' as const], skip_state_holidays: true };
    expect(checked(openingHoursOf({ rule: fridays, ...noSeason }, []))).toBe('Fr 08:00-12:00; PH off; Mar 19 off');
    const viennese = openingHoursOf({ rule: { ...fridays, skip_holidays: false }, ...noSeason, gkz: '90001' }, []);
    expect(checked(viennese)).toBe('Fr 08:00-12:00; Nov 15 off');
  });

  it('gives nothing for single dates, rules every other week, or regular dates the rule no longer describes', () => {
    expect(openingHoursOf({ rule: null, ...noSeason }, [])).toBeNull();
    expect(openingHoursOf({ rule: { ...saturdays, interval: 2 }, ...noSeason }, [])).toBeNull();
    const regular = { date_start: '2026-11-28', date_end: '2026-11-28', time_from: '08:00', time_to: '12:00' };
    expect(openingHoursOf({ rule: saturdays, ...noSeason }, [{ ...regular, type: 'regular' }])).not.toBeNull();
    // Past Saturdays at the times before the rule changed them.
    const earlier = { ...regular, time_from: '07:00', type: 'regular' as const };
    expect(openingHoursOf({ rule: saturdays, ...noSeason }, [earlier])).toBeNull();
    expect(openingHoursOf({ rule: saturdays, ...noSeason }, [{ ...earlier, type: 'changed' }])).not.toBeNull();
  });
});

describe('openingHoursOf, yearly rules (issue 53)', () => {
  const yearly = (fields: Partial<RecurrenceRule>): RecurrenceRule => ({
    ...saturdays,
    freq: 'yearly',
    weekdays: ['SU'],
    skip_holidays: false,
    ...fields,
  });
  const of = (rule: RecurrenceRule) => checked(openingHoursOf({ rule, ...noSeason }, []));

  it('says Easter, the n-th weekday of a month and a feast’s weekday as the format does', () => {
    expect(of(yearly({ weekdays: [], easter_offset: 51 }))).toBe('easter +51 days 08:00-12:00');
    expect(of(yearly({ month: 10, nth: 3 }))).toBe('Oct Su[3] 08:00-12:00');
    expect(of(yearly({ month: 9, nth: 3, offset: -2, days: 4 }))).toBe(
      'Sep Su[3] -2 days,Su[3] -1 day,Su[3],Su[3] +1 day 08:00-12:00',
    );
    expect(of(yearly({ feast: '11-11', relation: 'after' }))).toBe('Nov 12-Nov 18 Su 08:00-12:00');
    // The last Sunday and the day after can fall in the next month: no value.
    expect(of(yearly({ month: 10, nth: -1, days: 2 }))).toBeNull();
  });

  const rules = fc.oneof(
    fc.record({
      weekdays: fc.constant([] as RecurrenceRule['weekdays']),
      easter_offset: fc.integer({ min: -70, max: 130 }),
    }),
    fc.record({
      month: fc.integer({ min: 1, max: 12 }),
      nth: fc.constantFrom(...NTHS),
      weekdays: fc.constantFrom(...WEEKDAYS).map((day) => [day]),
    }),
    fc.record({
      feast: fc.constantFrom(...FEAST_DAYS),
      relation: fc.constantFrom(...FEAST_RELATIONS),
      weekdays: fc.constantFrom(...WEEKDAYS).map((day) => [day]),
    }),
  );

  it('agrees, read by the format’s reference library, with every date the rule gives', () => {
    fc.assert(
      fc.property(rules, fc.integer({ min: -14, max: 14 }), fc.integer({ min: 1, max: 5 }), (fields, offset, days) => {
        const rule = yearly({ ...fields, offset, days, dtstart: '2026-01-01' });
        const value = of(rule);
        fc.pre(value !== null);
        const hours = new OpeningHours(value, {
          lat: 47.28,
          lon: 15.97,
          address: { country_code: 'at', state: 'Steiermark' },
        });
        const open = new Set<string>();
        const iterator = hours.getIterator(new Date('2026-01-01T00:00:00'));
        while (iterator.advance(new Date('2028-01-01T00:00:00'))) {
          if (iterator.getState()) open.add(format(iterator.getDate(), 'yyyy-MM-dd'));
        }
        const expected = occurrences(rule, '2026-01-01', '2027-12-31').flatMap((start) =>
          eachDayOfInterval({ start: parseISO(start), end: parseISO(lastDayOf(rule, start)) })
            .map((day) => format(day, 'yyyy-MM-dd'))
            .filter((day) => day <= '2027-12-31'),
        );
        expect([...open].sort()).toEqual([...new Set(expected)].sort());
      }),
      { numRuns: 150 },
    );
  });
});
