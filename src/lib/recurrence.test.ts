import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { NTHS, WEEKDAYS, type RecurrenceRule } from './market.ts';
import { anchorOf, derivationWindow, occurrences, regularDays, rruleOf } from './recurrence.ts';

const saturdays: RecurrenceRule = {
  freq: 'weekly',
  interval: 1,
  weekdays: ['SA'],
  nth: null,
  time_from: '08:00',
  time_to: '12:00',
  dtstart: '2026-01-01',
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

  it('counts weeks from the anchor, not from the span asked for', () => {
    const fortnightly = { ...saturdays, interval: 2, dtstart: '2027-01-01' };
    expect(occurrences(fortnightly, '2027-01-01', '2027-01-31')).toEqual(['2027-01-02', '2027-01-16', '2027-01-30']);
    expect(occurrences(fortnightly, '2027-01-10', '2027-01-31')).toEqual(['2027-01-16', '2027-01-30']);
    expect(occurrences({ ...fortnightly, dtstart: '2027-01-04' }, '2027-01-01', '2027-01-31')).toEqual([
      '2027-01-09',
      '2027-01-23',
    ]);
  });

  it('takes the n-th and the last weekday of a month, every n months from the anchor', () => {
    const firstSaturday = { ...saturdays, freq: 'monthly' as const, nth: 1 as const };
    expect(occurrences(firstSaturday, '2027-01-01', '2027-03-31')).toEqual(['2027-01-02', '2027-02-06', '2027-03-06']);
    const lastFriday = { ...saturdays, freq: 'monthly' as const, nth: -1 as const, weekdays: ['FR' as const] };
    expect(occurrences(lastFriday, '2027-01-01', '2027-02-28')).toEqual(['2027-01-29', '2027-02-26']);
    const fourthMonday = { ...saturdays, freq: 'monthly' as const, nth: 4 as const, weekdays: ['MO' as const] };
    expect(occurrences(fourthMonday, '2027-02-01', '2027-02-28')).toEqual(['2027-02-22']);
    const everyOther = { ...firstSaturday, interval: 2, dtstart: '2026-12-15' };
    expect(occurrences(everyOther, '2027-01-01', '2027-05-31')).toEqual(['2027-02-06', '2027-04-03']);
  });
});

describe('regularDays', () => {
  const today = '2026-11-23';
  const noSeason = { date_start: null, date_end: null, season_repeats: false };

  it('skips the statutory holidays of a holiday-skipping rule, and names them', () => {
    const { days, skipped } = regularDays({ ...saturdays, skip_holidays: true }, noSeason, 6, today);
    expect(skipped.map((holiday) => `${holiday.date} ${holiday.name.de}`)).toEqual([
      '2026-12-26 Stefanitag',
      '2027-05-01 Staatsfeiertag',
      '2027-12-25 Christtag',
    ]);
    expect(days).toHaveLength(57 - 3);
  });

  it('keeps the state’s patron day, a working day, unless the rule skips that too', () => {
    const fridays = { ...saturdays, weekdays: ['FR' as const], skip_holidays: true };
    const kept = regularDays(fridays, noSeason, 6, today);
    expect(kept.days).toContain('2027-03-19'); // Josefstag in Styria
    expect(kept.days).not.toContain('2027-01-01'); // Neujahr
    const both = regularDays({ ...fridays, skip_state_holidays: true }, noSeason, 6, today);
    expect(both.days).not.toContain('2027-03-19');
    expect(both.skipped.find((holiday) => holiday.date === '2027-03-19')?.kind).toBe('state');
  });

  it('moves a date a holiday takes to the working day before or after, when the rule says so (issue 53)', () => {
    const before = regularDays({ ...saturdays, skip_holidays: true, holiday_shift: 'before' }, noSeason, 6, today);
    // Stefanitag: the Friday before is Christtag, so Thursday; Staatsfeiertag; Christtag: Friday is Heiliger Abend.
    expect([...before.moved]).toEqual([
      ['2026-12-26', '2026-12-24'],
      ['2027-05-01', '2027-04-30'],
      ['2027-12-25', '2027-12-24'],
    ]);
    expect(before.days).toHaveLength(57);
    expect(before.days).toContain('2027-04-30');
    const after = regularDays({ ...saturdays, skip_holidays: true, holiday_shift: 'after' }, noSeason, 6, today);
    expect([...after.moved]).toEqual([
      ['2026-12-26', '2026-12-28'],
      ['2027-05-01', '2027-05-03'],
      ['2027-12-25', '2027-12-27'],
    ]);
    // A day the rule has already is not taken twice: Friday and Saturday, Saturday's date has nowhere to go.
    const twice = { ...saturdays, weekdays: ['FR', 'SA'] as RecurrenceRule['weekdays'], skip_holidays: true };
    expect(regularDays({ ...twice, holiday_shift: 'before' }, noSeason, 6, today).moved.get('2027-05-01')).toBe(
      undefined,
    );
  });

  it('names only the holidays inside the season', () => {
    const season = { date_start: '2027-04-01', date_end: '2027-10-31', season_repeats: false };
    const { skipped } = regularDays({ ...saturdays, skip_holidays: true }, season, 6, today);
    expect(skipped.map((holiday) => holiday.date)).toEqual(['2027-05-01']);
  });
});

const DAY = 86_400_000;
const isoDay = (from: string, days: number) => new Date(Date.parse(from) + days * DAY).toISOString().slice(0, 10);

/** Random rules as a clerk can save them: weekly or monthly, every 1–4 weeks or months, some weekdays. */
const rules = fc
  .record({
    freq: fc.constantFrom('weekly' as const, 'monthly' as const),
    interval: fc.integer({ min: 1, max: 4 }),
    weekdays: fc.subarray([...WEEKDAYS], { minLength: 1 }),
    nth: fc.constantFrom(...NTHS),
  })
  .map(({ nth, ...rule }) => ({ ...rule, nth: rule.freq === 'monthly' ? nth : null }));
/** A season (either end may be open) and two save days, the second on or after the first. */
const schedules = fc.record({
  rule: rules,
  seasonStart: fc.option(fc.integer({ min: 0, max: 700 })),
  seasonLength: fc.option(fc.integer({ min: 0, max: 500 })),
  firstSave: fc.integer({ min: 0, max: 700 }),
  laterBy: fc.integer({ min: 0, max: 400 }),
});

/** The independent expansion: ical.js reads the rule with its DTSTART as any calendar would. */
function icalDays(rule: RecurrenceRule, from: string, to: string): string[] {
  const iterator = ICAL.Recur.fromString(`${rruleOf(rule)};WKST=MO`).iterator(ICAL.Time.fromDateString(rule.dtstart));
  const days: string[] = [];
  for (let next = iterator.next(); next && next.toString() <= to; next = iterator.next()) {
    if (next.toString() >= from) days.push(next.toString());
  }
  return days;
}

describe('a rule’s days, for every rule, season and day of saving', () => {
  it('are those of an independent RFC 5545 expansion from the stored DTSTART, and a later save changes none', () => {
    fc.assert(
      fc.property(schedules, ({ rule: shape, seasonStart, seasonLength, firstSave, laterBy }) => {
        const base = '2025-06-01';
        const date_start = seasonStart === null ? null : isoDay(base, seasonStart);
        const date_end = date_start && seasonLength !== null ? isoDay(date_start, seasonLength) : null;
        const season = { date_start, date_end, season_repeats: false };
        const firstDay = isoDay(base, firstSave);
        const rule: RecurrenceRule = {
          ...shape,
          time_from: '08:00',
          time_to: '12:00',
          dtstart: anchorOf(season, null, firstDay),
        };

        const first = regularDays(rule, season, 6, firstDay).days;
        const window = derivationWindow(season, firstDay);
        expect(first).toEqual(icalDays(rule, window.from, window.to));

        // Saved again later: the anchor stays, so the days still ahead are the same days.
        const laterDay = isoDay(firstDay, laterBy);
        const again = { ...rule, dtstart: anchorOf(season, rule, laterDay) };
        expect(again.dtstart).toBe(rule.dtstart);
        const firstEnd = `${Number(firstDay.slice(0, 4)) + 1}-12-31`;
        const later = regularDays(again, season, 6, laterDay).days.filter((day) => day <= firstEnd);
        expect(later).toEqual(first.filter((day) => day >= laterDay));
      }),
      { seed: 14, numRuns: 400 },
    );
  });
});
