import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysChangeErrors, splitDays } from './market-days.ts';

const day = (offset: number) => format(addDays(parseISO('2026-11-01'), offset), 'yyyy-MM-dd');
const next = (one: string) => format(addDays(parseISO(one), 1), 'yyyy-MM-dd');

describe('splitDays', () => {
  it('cuts a date into parts that follow each other, cover its days once, and change exactly the days chosen', () => {
    const spans = fc.tuple(fc.nat(400), fc.nat(30), fc.nat(30), fc.nat(30)).map(([start, length, a, b]) => {
      const [from, to] = [Math.min(a, b) % (length + 1), Math.max(a, b) % (length + 1)].sort((x, y) => x - y);
      return {
        date: { date_start: day(start), date_end: day(start + length) },
        from: day(start + from!),
        to: day(start + to!),
      };
    });
    fc.assert(
      fc.property(spans, fc.boolean(), ({ date, from, to }, open) => {
        const parts = splitDays(date, { from, to: open && to === date.date_end ? null : to });
        expect(parts[0]!.date_start).toBe(date.date_start);
        expect(parts.at(-1)!.date_end).toBe(date.date_end);
        for (const [index, part] of parts.entries()) {
          expect(part.date_end >= part.date_start).toBe(true);
          if (index > 0) expect(part.date_start).toBe(next(parts[index - 1]!.date_end));
        }
        expect(parts.filter((part) => part.changed)).toEqual([{ date_start: from, date_end: to, changed: true }]);
        expect(daysChangeErrors(date, { from, to }, date.date_start)).toEqual({});
      }),
    );
  });

  it('refuses days outside the date and days before today', () => {
    const date = { date_start: '2026-11-27', date_end: '2026-12-23' };
    expect(daysChangeErrors(date, { from: '2026-11-30', to: null }, '2026-12-01')).toEqual({ from: 'date_in_past' });
    expect(daysChangeErrors(date, { from: '2026-12-24', to: null }, '2026-12-01')).toEqual({
      from: 'day_outside_date',
    });
    expect(daysChangeErrors(date, { from: '2026-12-05', to: '2027-01-02' }, '2026-12-01')).toEqual({
      to: 'day_outside_date',
    });
  });
});
