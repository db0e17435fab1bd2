import { describe, expect, it } from 'vitest';
import type { Directory, DirectoryMarket } from '../directory/directory.ts';
import { bookOf } from './book.ts';

const day = { id: 'd', date_end: '2026-05-01', time_from: null, time_to: null, note: '', replaces_date: null };
const market = (title: string, date_start = '2026-05-01') =>
  ({ title, dates: [{ ...day, date_start, status: 'takes_place', type: 'regular' }] }) as unknown as DirectoryMarket;

function directory(markets: DirectoryMarket[]): Directory {
  const municipality = { gkz: '62206', name: 'Hartberg', postcode: '8230', website: '', path: '/h', markets };
  const district = { code: '622', name: 'Hartberg-Fürstenfeld', path: '/hf', municipalities: [municipality] };
  return {
    readAt: '2026-11-23T10:00:00Z',
    years: [2026, 2027],
    allStates: [],
    states: [{ code: 6, name: 'Steiermark', path: '/st', districts: [district] }],
  };
}

describe('bookOf', () => {
  it('keeps the year’s markets, sorted by the first letter of their titles', () => {
    const book = bookOf(
      directory([
        market('Herbstmarkt'),
        market('„Grüner Markt“'),
        market('Bauernmarkt'),
        market('Kirtag', '2027-05-01'),
      ]),
      2026,
    );
    const titles = book.states[0]!.districts[0]!.municipalities[0]!.markets.map((m) => m.title);
    expect(titles).toEqual(['Bauernmarkt', '„Grüner Markt“', 'Herbstmarkt']);
  });
});
