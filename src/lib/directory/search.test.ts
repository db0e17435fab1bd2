import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translator } from '../i18n.ts';
import { MARKET_TYPES } from '../market.ts';
import { buildDirectory } from './directory.ts';
import { marketsOf } from './listing.ts';
import { districtNameOf, stateNameOf } from './names.ts';
import { sampleDate, sampleMarket } from './sample-records.ts';
import { RESULTS_PER_PAGE, searchDirectory, searchQueryOf, type SearchQuery } from './search.ts';

const TODAY = '2027-05-10';
const places = {
  readAt: new Date('2027-05-10T08:00:00Z'),
  year: 2027,
  states: [
    { code: 6, name: 'Steiermark' },
    { code: 9, name: 'Wien' },
  ],
  districts: [
    { code: '622', name: 'Hartberg-Fürstenfeld', state_code: 6 },
    { code: '900', name: 'Wien(Stadt)', state_code: 9 },
  ],
  municipalities: [
    { gkz: '62219', name: 'Hartberg', postcode: '8230', website: '', district_code: '622' },
    { gkz: '62205', name: 'Fürstenfeld', postcode: '8280', website: '', district_code: '622' },
    { gkz: '90001', name: 'Wien', postcode: '1010', website: '', district_code: '900' },
  ],
};
const TITLES = ['Bauernmarkt', 'Kirtag', 'Christkindlmarkt', 'Flohmarkt am Anger', 'Gößnitzer Jahrmarkt'];
const market = fc.record({
  gkz: fc.constantFrom('62219', '62205', '90001'),
  title: fc.constantFrom(...TITLES),
  description: fc.constantFrom('', 'Mit Blasmusik am Anger', 'Regionale Produkte aus Hartberg'),
  type: fc.constantFrom(...MARKET_TYPES),
  days: fc.uniqueArray(fc.integer({ min: 1, max: 700 }), { minLength: 1, maxLength: 3 }),
});
const query = fc.record({
  text: fc.constantFrom(
    '',
    'markt',
    'kirtag',
    'HARTBERG',
    '8230',
    '82',
    'gossnitzer',
    'Wien',
    'markt anger',
    'blasmusik',
    'farmers',
    'Vienna markt',
    'zzz',
  ),
  locale: fc.constantFrom('de' as const, 'en' as const, 'fr' as const),
  type: fc.option(fc.constantFrom(...MARKET_TYPES), { nil: null }),
  state: fc.option(fc.constantFrom(6, 9, 3), { nil: null }),
});

/** A Vienna day `offset` days after 1 January 2027. */
function dayOf(offset: number): string {
  return new Date(Date.UTC(2027, 0, offset)).toISOString().slice(0, 10);
}

describe('searchDirectory (issue 52)', () => {
  it('finds exactly the markets that match every word and filter, by next date, in pages that hold them all', () => {
    fc.assert(
      fc.property(fc.array(market, { maxLength: 50 }), query, (drawn, { locale, ...asked }) => {
        const t = translator(locale);
        const records = drawn.map((one, index) => ({
          ...sampleMarket(`m${index}`, `${one.title} ${index}`, one.gkz),
          type: one.type,
          description: one.description,
        }));
        const directory = buildDirectory({
          ...places,
          markets: records,
          dates: drawn.flatMap((one, index) => one.days.map((day) => sampleDate(`m${index}`, dayOf(day)))),
        });
        const found = [];
        let total = -1;
        for (let page = 1; found.length < total || total === -1; page += 1) {
          const results = searchDirectory(directory, { ...asked, page }, TODAY, t);
          total = results.total;
          expect(results.found.length).toBeLessThanOrEqual(RESULTS_PER_PAGE);
          found.push(...results.found);
          if (results.page === results.pages) break;
        }
        const plain = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');
        const words = plain(asked.text)
          .split(/[^\p{L}\p{N}]+/u)
          .filter(Boolean);
        const expected = [...marketsOf(directory)].filter(
          ({ state, district, municipality, market }) =>
            (asked.state === null || state.code === asked.state) &&
            (asked.type === null || market.type === asked.type) &&
            words.every((word) =>
              plain(
                [
                  market.title,
                  market.description,
                  t(`market.type.${market.type}`),
                  municipality.postcode,
                  municipality.name,
                  districtNameOf(district.name),
                  stateNameOf(state.code, t),
                ].join(' '),
              ).includes(word),
            ),
        );
        expect(found.map((one) => one.market.id).sort()).toEqual(expected.map((one) => one.market.id).sort());
        expect(found).toHaveLength(total);
        expect(new Set(found.map((one) => one.market.id)).size).toBe(total);
        // By next date, then title (its first letter on, without case and accents).
        const order = found.map((one) => [one.next?.date_start ?? 'none', plain(one.market.title.replace(/^\W+/, ''))]);
        expect(order).toEqual(
          [...order].sort((a, b) =>
            a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : a[1]! < b[1]! ? -1 : a[1]! > b[1]! ? 1 : 0,
          ),
        );
        for (const one of found) expect(one.next === null || one.next.date_end >= TODAY).toBe(true);
      }),
    );
  });

  it('finds a market by its district’s new name after a publish that kept its municipality', () => {
    const t = translator('de');
    const districtNamed = (name: string) =>
      places.districts.map((district) => (district.code === '622' ? { ...district, name } : district));
    const source = {
      ...places,
      markets: [sampleMarket('m1', 'Kirtag', '62205')],
      dates: [sampleDate('m1', '2027-07-25')],
    };
    const before = buildDirectory({ ...source, districts: districtNamed('Hartberg-Fuerstenfeld') });
    const asked = { text: 'fuerstenfeld', type: null, state: null, page: 1 };
    expect(searchDirectory(before, asked, TODAY, t).total).toBe(1);
    // The same address (the slug of ü is ue): the municipality is kept, its district's name is new.
    const after = buildDirectory({ ...source, districts: districtNamed('Hartberg-Fürstenfeld') }, before);
    const municipalityOf = (directory: typeof before) => [...marketsOf(directory)][0]!.municipality;
    expect(municipalityOf(after)).toBe(municipalityOf(before));
    expect(searchDirectory(after, asked, TODAY, t).total).toBe(0);
    expect(searchDirectory(after, { ...asked, text: 'fürstenfeld' }, TODAY, t).total).toBe(1);
  });

  it('reads what it can of an address and leaves out the rest', () => {
    const read = (address: string): SearchQuery => searchQueryOf(new URLSearchParams(address));
    expect(read('q=+Kirtag+&typ=kirtag&land=6&seite=3')).toEqual({ text: 'Kirtag', type: 'kirtag', state: 6, page: 3 });
    expect(read('typ=zirkus&land=10&seite=-1')).toEqual({ text: '', type: null, state: null, page: 1 });
    expect(read('seite=1e9999&land=6.5')).toEqual({ text: '', type: null, state: null, page: 1 });
    expect(read(`q=${'x'.repeat(500)}`).text).toHaveLength(200);
  });
});
