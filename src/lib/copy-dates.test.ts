import { describe, expect, it } from 'vitest';
import { datesForNextYear } from './copy-dates.ts';
import type { MarketDateRecord } from './market.ts';

const date = (date_start: string, date_end = date_start, fields: Partial<MarketDateRecord> = {}): MarketDateRecord => ({
  id: date_start,
  wko_market_id: 'm-1',
  date_start,
  date_end,
  time_from: '10:00',
  time_to: '18:00',
  status: 'takes_place',
  type: 'regular',
  note: '',
  hidden: false,
  version: 1,
  ...fields,
});

describe('datesForNextYear', () => {
  it('keeps weekday, length and times', () => {
    // Saturday and Sunday, 25–26 July 2026 → Saturday and Sunday, 24–25 July 2027.
    expect(datesForNextYear([date('2026-07-25', '2026-07-26')], 2026)).toEqual([
      {
        from: '2026-07-25',
        date: { date_start: '2027-07-24', date_end: '2027-07-25', time_from: '10:00', time_to: '18:00', note: '' },
      },
    ]);
  });

  it('moves a date of the first days of January a week further, into the next year', () => {
    // Friday 2 January 2026 + 52 weeks is Friday 1 January 2027; Thursday 1 January 2026 would land on 31 December.
    expect(datesForNextYear([date('2026-01-01')], 2026)[0]?.date.date_start).toBe('2027-01-07');
    expect(datesForNextYear([date('2026-01-02')], 2026)[0]?.date.date_start).toBe('2027-01-01');
  });

  it('leaves out cancelled dates, other years, and days the next year has already', () => {
    const dates = [
      date('2026-05-01', '2026-05-01', { status: 'cancelled', type: 'cancelled' }),
      date('2027-05-01'),
      date('2026-06-06'),
      date('2027-06-05'),
    ];
    expect(datesForNextYear(dates, 2026)).toEqual([]);
  });
});
