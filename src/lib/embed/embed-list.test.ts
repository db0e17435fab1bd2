import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DirectoryDate, DirectoryMarket } from '../directory/directory.ts';
import { MARKET_TYPES, type MarketType } from '../market.ts';
import { embedEntries } from './embed-list.ts';

const TODAY = '2026-11-24';

function day(date_start: string, fields: Partial<DirectoryDate> = {}): DirectoryDate {
  return {
    id: date_start,
    date_start,
    date_end: date_start,
    time_from: null,
    time_to: null,
    status: 'takes_place',
    type: 'regular',
    note: '',
    replaces_date: null,
    ...fields,
  };
}

function market(title: string, type: MarketType, dates: DirectoryDate[]): DirectoryMarket {
  return { title, type, dates, path: `/verzeichnis/x/${title}` } as DirectoryMarket;
}

describe('embedEntries', () => {
  const advent = market('Adventmarkt', 'weihnachtsmarkt', [day('2026-11-27', { date_end: '2026-12-23' })]);
  const farmers = market('Bauernmarkt', 'bauernmarkt', [
    day('2026-11-21'),
    day('2026-11-28', { status: 'cancelled', type: 'cancelled' }),
    day('2026-12-05'),
  ]);
  const fair = market('Messe', 'messe', [day('2026-04-16')]);

  it('lists the soonest first, a past-only market last, and marks a cancelled date before the next', () => {
    const entries = embedEntries([fair, farmers, advent], { types: [], count: null }, TODAY);
    expect(entries.map((e) => [e.title, e.next?.date_start ?? null, e.cancelledBefore?.date_start ?? null])).toEqual([
      ['Adventmarkt', '2026-11-27', null],
      ['Bauernmarkt', '2026-12-05', '2026-11-28'],
      ['Messe', null, null],
    ]);
  });

  it('counts a market on its last day as coming, and filters by type and count', () => {
    expect(embedEntries([advent], { types: [], count: null }, '2026-12-23')[0]?.next?.date_start).toBe('2026-11-27');
    expect(embedEntries([fair, farmers, advent], { types: ['bauernmarkt', 'messe'], count: 1 }, TODAY)).toHaveLength(1);
  });

  it('holds only markets of the chosen types, at most the count, and never a cancelled or past date as next', () => {
    const dateArb = fc
      .record({
        offset: fc.integer({ min: -60, max: 400 }),
        cancelled: fc.boolean(),
      })
      .map(({ offset, cancelled }) => {
        const start = new Date(Date.UTC(2026, 10, 24 + offset)).toISOString().slice(0, 10);
        return day(start, cancelled ? { status: 'cancelled', type: 'cancelled' } : {});
      });
    const marketArb = fc
      .record({
        title: fc.string({ minLength: 1, maxLength: 8 }),
        type: fc.constantFrom(...MARKET_TYPES),
        dates: fc.array(dateArb, { maxLength: 6 }),
      })
      .map(({ title, type, dates }) =>
        market(
          title,
          type,
          dates.sort((a, b) => a.date_start.localeCompare(b.date_start)),
        ),
      );
    fc.assert(
      fc.property(
        fc.array(marketArb, { maxLength: 12 }),
        fc.subarray([...MARKET_TYPES]),
        fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
        (markets, types, count) => {
          const entries = embedEntries(markets, { types, count }, TODAY);
          expect(entries.length).toBeLessThanOrEqual(count ?? markets.length);
          for (const entry of entries) {
            if (types.length > 0) expect(types).toContain(entry.type);
            if (entry.next) {
              expect(entry.next.status).not.toBe('cancelled');
              expect(entry.next.date_end >= TODAY).toBe(true);
            }
            if (entry.cancelledBefore) expect(entry.cancelledBefore.status).toBe('cancelled');
          }
          const starts = entries.map((e) => e.next?.date_start ?? '9999');
          expect(starts).toEqual([...starts].sort());
        },
      ),
    );
  });
});
