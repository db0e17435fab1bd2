import { easter } from 'date-easter';
import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { FEAST_RELATIONS, NTHS, WEEKDAYS, type RecurrenceRule } from './market.ts';
import { occurrences, rruleOf } from './recurrence.ts';
import { FEAST_DAYS, isMonthDay, lastDayOf } from './yearly-rules.ts';

const yearly = (fields: Partial<RecurrenceRule>): RecurrenceRule => ({
  freq: 'yearly',
  interval: 1,
  weekdays: [],
  nth: null,
  time_from: '10:00',
  time_to: '18:00',
  dtstart: '2026-01-01',
  ...fields,
});
const TWO_YEARS = ['2026-01-01', '2027-12-31'] as const;

describe('yearly rules (issue 53)', () => {
  it('finds the worked dates of the issue', () => {
    expect(occurrences(yearly({ easter_offset: 51 }), ...TWO_YEARS)).toEqual(['2026-05-26', '2027-05-18']);
    const martini = yearly({ feast: '11-11', relation: 'after', weekdays: ['SU'] });
    expect(occurrences(martini, ...TWO_YEARS)).toEqual(['2026-11-15', '2027-11-14']);
    const october = yearly({ month: 10, nth: 3, weekdays: ['SU'] });
    expect(occurrences(october, ...TWO_YEARS)).toEqual(['2026-10-18', '2027-10-17']);
    const jahrmarkt = yearly({ month: 9, nth: 3, weekdays: ['SU'], offset: -2, days: 4 });
    expect(occurrences(jahrmarkt, ...TWO_YEARS)).toEqual(['2026-09-18', '2027-09-17']);
    expect(lastDayOf(jahrmarkt, '2026-09-18')).toBe('2026-09-21');
    // "Montag nach Magdalena" (22 July): in 2029 the feast is a Sunday, the market the day after.
    const magdalena = yearly({ feast: '07-22', relation: 'after', weekdays: ['MO'] });
    expect(occurrences(magdalena, '2026-01-01', '2029-12-31')).toEqual([
      '2026-07-27',
      '2027-07-26',
      '2028-07-24',
      '2029-07-23',
    ]);
  });

  it('tells on, after and before a feast apart when the feast falls on the weekday', () => {
    // Martini 2026 is a Wednesday.
    const on = (relation: RecurrenceRule['relation']) =>
      occurrences(yearly({ feast: '11-11', relation, weekdays: ['WE'] }), '2026-01-01', '2026-12-31');
    expect(on('on_or_after')).toEqual(['2026-11-11']);
    expect(on('after')).toEqual(['2026-11-18']);
    expect(on('before')).toEqual(['2026-11-04']);
  });

  it('counts years from the anchor, and none before it', () => {
    const everyOther = yearly({ easter_offset: 0, interval: 2, dtstart: '2027-01-01' });
    expect(occurrences(everyOther, '2026-01-01', '2030-12-31')).toEqual(['2027-03-28', '2029-04-01']);
  });

  it('writes RRULE where RFC 5545 can say it, and nothing where it cannot', () => {
    expect(rruleOf(yearly({ month: 10, nth: 3, weekdays: ['SU'] }))).toBe('FREQ=YEARLY;BYMONTH=10;BYDAY=3SU');
    expect(rruleOf(yearly({ feast: '11-11', relation: 'after', weekdays: ['SU'] }))).toBe(
      'FREQ=YEARLY;BYMONTH=11;BYMONTHDAY=12,13,14,15,16,17,18;BYDAY=SU',
    );
    expect(rruleOf(yearly({ easter_offset: 51 }))).toBeNull();
    expect(rruleOf(yearly({ month: 9, nth: 3, weekdays: ['SU'], offset: -2 }))).toBeNull();
    expect(rruleOf(yearly({ feast: '01-30', relation: 'after', weekdays: ['SU'] }))).toBeNull(); // leaves January
  });

  it('knows which days every year has', () => {
    expect(isMonthDay('11-11')).toBe(true);
    expect(isMonthDay('02-29')).toBe(false);
    expect(isMonthDay('04-31')).toBe(false);
    expect(FEAST_DAYS.every(isMonthDay)).toBe(true);
  });
});

const weekday = fc.constantFrom(...WEEKDAYS);
const monthDay = fc
  .record({ month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
  .map(({ month, day }) => `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`)
  .filter(isMonthDay);
const common = { interval: fc.integer({ min: 1, max: 3 }), dtstart: fc.constantFrom('2024-01-01', '2025-06-30') };
const byMonth = fc.record({
  ...common,
  month: fc.integer({ min: 1, max: 12 }),
  nth: fc.constantFrom(...NTHS),
  weekdays: weekday.map((day) => [day]),
});
const byFeast = fc.record({
  ...common,
  feast: monthDay,
  relation: fc.constantFrom(...FEAST_RELATIONS),
  weekdays: weekday.map((day) => [day]),
});

/** RFC 5545's expansion of `rrule` from the first year counted (ical.js), within 2024–2032. */
function icalDays(rule: RecurrenceRule): string[] {
  const recur = ICAL.Recur.fromString(rruleOf(rule)!);
  const iterator = recur.iterator(ICAL.Time.fromDateString(`${rule.dtstart.slice(0, 4)}-01-01`));
  const days: string[] = [];
  for (let next = iterator.next(); next && next.year <= 2032; next = iterator.next()) {
    const day = next.toString().slice(0, 10);
    if (day >= rule.dtstart) days.push(day);
  }
  return days;
}

describe('yearly rules against independent expansions', () => {
  it('derive what ical.js expands from their RRULE, by month or by feast', () => {
    fc.assert(
      fc.property(fc.oneof(byMonth, byFeast), (fields) => {
        const rule = yearly(fields);
        fc.pre(rruleOf(rule) !== null);
        // ical.js counts DTSTART itself as the first instance: the series starts on 1 January of the anchor's year.
        expect(occurrences(rule, rule.dtstart, '2032-12-31')).toEqual(icalDays(rule));
      }),
      { numRuns: 300 },
    );
  });

  it('find the days of Easter that date-easter finds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -70, max: 130 }),
        fc.integer({ min: -14, max: 14 }),
        fc.integer({ min: 1900, max: 2200 }),
        (easterOffset, offset, year) => {
          const sunday = easter(year);
          const expected = new Date(Date.UTC(year, sunday.month - 1, sunday.day + easterOffset + offset));
          const rule = yearly({ easter_offset: easterOffset, offset, dtstart: '1800-01-01' });
          const iso = expected.toISOString().slice(0, 10);
          expect(occurrences(rule, iso, iso)).toEqual([iso]);
        },
      ),
      { numRuns: 500 },
    );
  });
});
