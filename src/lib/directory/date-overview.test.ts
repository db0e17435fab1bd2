import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecurrenceRule } from '../market.ts';
import { dateOverview, markOf } from './date-overview.ts';
import type { DirectoryDate } from './directory.ts';

const saturdays: RecurrenceRule = {
  freq: 'weekly',
  interval: 1,
  weekdays: ['SA'],
  nth: null,
  time_from: '07:00',
  time_to: '12:00',
  dtstart: '2026-01-01',
};
const date = (date_start: string, fields: Partial<DirectoryDate> = {}): DirectoryDate => ({
  id: date_start,
  date_start,
  date_end: date_start,
  time_from: '07:00',
  time_to: '12:00',
  status: 'takes_place',
  type: 'regular',
  note: '',
  replaces_date: null,
  ...fields,
});

describe('dateOverview', () => {
  const dates = [
    date('2026-11-21'),
    date('2026-11-28'),
    date('2026-12-05'),
    date('2026-12-12', { status: 'cancelled', type: 'cancelled' }),
    date('2026-12-16', { type: 'changed', replaces_date: '2026-12-19' }),
    date('2026-12-23', { type: 'additional' }),
    date('2027-01-02'),
  ];

  it('names the next date that takes place, a date running today included', () => {
    expect(dateOverview({ rule: saturdays, dates }, '2026-11-28').next?.date.date_start).toBe('2026-11-28');
    expect(dateOverview({ rule: saturdays, dates }, '2026-12-06').next?.date.date_start).toBe('2026-12-16');
    expect(dateOverview({ rule: saturdays, dates }, '2027-01-03').next).toBeUndefined();
  });

  it('lists the coming exceptions to the rule with their badges, and groups by month', () => {
    const overview = dateOverview({ rule: saturdays, dates }, '2026-11-22');
    expect(overview.exceptions.map(({ date, mark }) => [date.date_start, mark])).toEqual([
      ['2026-12-12', 'cancelled'],
      ['2026-12-16', 'moved'],
      ['2026-12-23', 'additional'],
    ]);
    expect(overview.exceptions[1]?.movedFrom).toBe('2026-12-19');
    expect(overview.upcoming.map(({ month, dates }) => [month, dates.length])).toEqual([
      ['2026-11', 1],
      ['2026-12', 4],
      ['2027-01', 1],
    ]);
    expect(overview.past).toEqual([{ month: '2026-11', dates: [{ date: dates[0], mark: null, movedFrom: null }] }]);
  });

  it('has no exceptions for a market without a rule', () => {
    expect(dateOverview({ rule: null, dates }, '2026-01-01').exceptions).toEqual([]);
  });

  it('shows every date once, in order, past before today and coming from today', () => {
    const day = fc
      .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const someDate = fc.record({
      start: day,
      length: fc.integer({ min: 0, max: 3 }),
      status: fc.constantFrom('takes_place', 'cancelled', 'pending'),
      type: fc.constantFrom('regular', 'additional', 'changed', 'cancelled'),
    });
    fc.assert(
      fc.property(fc.array(someDate, { maxLength: 40 }), day, (drawn, today) => {
        const list = drawn
          .map(({ start, length, status, type }) => {
            const end = new Date(Date.parse(`${start}T00:00:00Z`) + length * 86_400_000).toISOString().slice(0, 10);
            return date(start, { date_end: end, status, type });
          })
          .sort((a, b) => a.date_start.localeCompare(b.date_start));
        const overview = dateOverview({ rule: saturdays, dates: list }, today);
        const flat = (months: typeof overview.past) => months.flatMap((m) => m.dates.map((d) => d.date));
        // Every date once, in the list's order within each part: a date that began earlier but runs on
        // past today comes after one that began later and is over (a fresh clone's random run found it).
        expect(flat(overview.past)).toEqual(list.filter((d) => d.date_end < today));
        expect(flat(overview.upcoming)).toEqual(list.filter((d) => d.date_end >= today));
        for (const month of [...overview.past, ...overview.upcoming])
          for (const shown of month.dates) expect(shown.date.date_start.startsWith(month.month)).toBe(true);
        expect(flat(overview.past).every((d) => d.date_end < today)).toBe(true);
        if (overview.next) {
          expect(overview.next.date.date_end >= today).toBe(true);
          expect(markOf(overview.next.date)).not.toBe('cancelled');
        }
        // Issue 52: the state the page's top shows agrees with the dates.
        const coming = list.filter((d) => d.date_end >= today);
        const takingPlace = coming.filter((d) => markOf(d) !== 'cancelled');
        const first = takingPlace[0];
        const expected = first
          ? first.date_start <= today
            ? 'open'
            : 'next'
          : coming.length > 0
            ? 'cancelled'
            : 'seasonOver';
        expect(overview.state).toBe(expected);
        expect(overview.next?.date).toBe(first);
        expect(overview.cancelled?.date).toBe(first ? undefined : coming[0]);
        if (overview.state === 'open')
          expect(list.some((d) => d.date_start <= today && today <= d.date_end)).toBe(true);
        if (overview.next?.date.status === 'pending') expect(overview.next.mark).toBe('pending');
        // Without a rule nothing ahead is just that, not a season's end.
        if (expected === 'seasonOver') expect(dateOverview({ rule: null, dates: list }, today).state).toBe('none');
      }),
    );
  });
});
