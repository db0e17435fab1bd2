import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translator } from '../i18n.ts';
import { MARKET_TYPES } from '../market.ts';
import { buildDirectory } from './directory.ts';
import { marketsOf } from './listing.ts';
import { districtNameOf, stateNameOf } from './names.ts';
import { sampleDate, sampleMarket } from './sample-records.ts';
import { distanceKm } from '../geo/centres.ts';
import { placesOf } from './places.ts';
import { daysOf, RESULTS_PER_PAGE, searchDirectory, searchQueryOf, type SearchQuery } from './search.ts';

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
/** The fixture's municipalities, at their real centres, and one more without markets. */
const PLACES = placesOf([
  { gkz: '62219', name: 'Hartberg', postcodes: ['8230'], centre: [15.97938, 47.28306], status: 'ST' },
  { gkz: '62205', name: 'Fürstenfeld', postcodes: ['8280', '8230'], centre: [16.08, 47.05], status: 'ST' },
  { gkz: '90001', name: 'Wien', postcodes: ['1010', '1020'], centre: [16.37446, 48.20835], status: 'SR' },
  { gkz: '62268', name: 'Grafendorf bei Hartberg', postcodes: ['8232'], centre: [15.99, 47.34], status: 'M' },
  { gkz: '62214', name: 'Greinbach', postcodes: ['8230', '8225'], centre: [15.95, 47.3], status: '' },
]);
const TITLES = ['Bauernmarkt', 'Kirtag', 'Christkindlmarkt', 'Flohmarkt am Anger', 'Gößnitzer Jahrmarkt'];
const market = fc.record({
  gkz: fc.constantFrom('62219', '62205', '90001'),
  title: fc.constantFrom(...TITLES),
  description: fc.constantFrom('', 'Mit Blasmusik am Anger', 'Regionale Produkte aus Hartberg'),
  type: fc.constantFrom(...MARKET_TYPES),
  days: fc.uniqueArray(fc.integer({ min: 1, max: 700 }), { minLength: 1, maxLength: 3 }),
  cancelled: fc.boolean(),
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
  place: fc.constantFrom('', '', '8230', 'hartberg', '62205', 'Wien', '8232'),
  km: fc.constantFrom(5, 20, 50, 100),
  from: fc.option(fc.integer({ min: 120, max: 400 }).map(dayOf), { nil: null }),
  to: fc.option(fc.integer({ min: 120, max: 400 }).map(dayOf), { nil: null }),
  when: fc.constantFrom(null, 'heute' as const, 'wochenende' as const),
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
          dates: drawn.flatMap((one, index) =>
            one.days.map((day, nth) => ({
              ...sampleDate(`m${index}`, dayOf(day)),
              status: one.cancelled && nth === 0 ? ('cancelled' as const) : ('takes_place' as const),
            })),
          ),
        });
        const found = [];
        let total = -1;
        for (let page = 1; found.length < total || total === -1; page += 1) {
          const results = searchDirectory(directory, { ...asked, page }, TODAY, t, PLACES);
          total = results.total;
          expect(results.found.length).toBeLessThanOrEqual(RESULTS_PER_PAGE);
          found.push(...results.found);
          if (results.page === results.pages) break;
        }
        const plain = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');
        const words = plain(asked.text)
          .split(/[^\p{L}\p{N}]+/u)
          .filter(Boolean);
        const days = daysOf(asked, TODAY);
        const daysAsked = asked.from !== null || asked.to !== null || asked.when !== null;
        const inDays = (date: { date_start: string; date_end: string }) =>
          date.date_end >= days.from && (days.to === null || date.date_start <= days.to);
        const centre = asked.place === '' ? null : PLACES.find(asked.place);
        const within = (gkz: string) => {
          if (centre === null) return true;
          if (centre.kind !== 'one') return false;
          const there = PLACES.byGkz.get(gkz)!.centre!;
          return distanceKm(centre.place.centre!, there) <= asked.km;
        };
        const expected = [...marketsOf(directory)].filter(
          ({ state, district, municipality, market }) =>
            within(municipality.gkz) &&
            (!daysAsked || market.dates.some(inDays)) &&
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
        // By the first date in the days, then distance, then title (from its first letter, without case and accents).
        const order = found.map((one) => ({
          day: one.next?.date_start ?? '~',
          km: one.distanceKm ?? 0,
          title: plain(one.market.title.replace(/^\W+/, '')),
        }));
        const before = (a: (typeof order)[number], b: (typeof order)[number]) =>
          a.day < b.day || (a.day === b.day && (a.km < b.km || (a.km === b.km && a.title <= b.title)));
        order.slice(1).forEach((one, index) => expect(before(order[index]!, one)).toBe(true));
        for (const one of found) {
          const { market, next } = one;
          // The date shown is the market's first in the days that is not cancelled, else its first cancelled one.
          const touching = market.dates.filter(inDays);
          expect(next).toBe(touching.find((date) => date.status !== 'cancelled') ?? touching[0] ?? null);
          expect(next === null || next.date_end >= TODAY).toBe(true);
          expect(one.distanceKm === null || one.distanceKm <= asked.km).toBe(true);
          expect(one.distanceKm === null).toBe(asked.place === '');
        }
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
    const asked = { ...searchQueryOf(new URLSearchParams()), text: 'fuerstenfeld' };
    expect(searchDirectory(before, asked, TODAY, t, PLACES).total).toBe(1);
    // The same address (the slug of ü is ue): the municipality is kept, its district's name is new.
    const after = buildDirectory({ ...source, districts: districtNamed('Hartberg-Fürstenfeld') }, before);
    const municipalityOf = (directory: typeof before) => [...marketsOf(directory)][0]!.municipality;
    expect(municipalityOf(after)).toBe(municipalityOf(before));
    expect(searchDirectory(after, asked, TODAY, t, PLACES).total).toBe(0);
    expect(searchDirectory(after, { ...asked, text: 'fürstenfeld' }, TODAY, t, PLACES).total).toBe(1);
  });

  it('reads what it can of an address and leaves out the rest', () => {
    const read = (address: string): SearchQuery => searchQueryOf(new URLSearchParams(address));
    const empty = { text: '', type: null, state: null, place: '', km: 20, from: null, to: null, when: null, page: 1 };
    expect(read('q=+Kirtag+&typ=kirtag&land=6&seite=3')).toEqual({
      ...empty,
      text: 'Kirtag',
      type: 'kirtag',
      state: 6,
      page: 3,
    });
    expect(read('typ=zirkus&land=10&seite=-1&km=0&wann=gestern')).toEqual(empty);
    expect(read('seite=1e9999&land=6.5&km=2.5&von=2027-02-30&bis=morgen')).toEqual(empty);
    expect(read(`q=${'x'.repeat(500)}`).text).toHaveLength(200);
    expect(read('ort=+8230+&km=50&wann=wochenende')).toMatchObject({ place: '8230', km: 50, when: 'wochenende' });
    // Days typed win over a named one; the wrong way round they are read the right way.
    expect(read('wann=heute&von=2027-06-02&bis=2027-06-01')).toMatchObject({
      from: '2027-06-01',
      to: '2027-06-02',
      when: null,
    });
  });

  it('knows today, tomorrow and the weekend from any day', () => {
    // 2027-05-10 is a Monday.
    expect(daysOf({ from: null, to: null, when: 'heute' }, '2027-05-10')).toEqual({
      from: '2027-05-10',
      to: '2027-05-10',
    });
    expect(daysOf({ from: null, to: null, when: 'morgen' }, '2027-12-31')).toEqual({
      from: '2028-01-01',
      to: '2028-01-01',
    });
    expect(daysOf({ from: null, to: null, when: 'wochenende' }, '2027-05-10')).toEqual({
      from: '2027-05-15',
      to: '2027-05-16',
    });
    expect(daysOf({ from: null, to: null, when: 'wochenende' }, '2027-05-14')).toEqual({
      from: '2027-05-15',
      to: '2027-05-16',
    });
    expect(daysOf({ from: null, to: null, when: 'wochenende' }, '2027-05-15')).toEqual({
      from: '2027-05-15',
      to: '2027-05-16',
    });
    expect(daysOf({ from: null, to: null, when: 'wochenende' }, '2027-05-16')).toEqual({
      from: '2027-05-16',
      to: '2027-05-16',
    });
    // Across the change to summer time and the year's end.
    expect(daysOf({ from: null, to: null, when: 'wochenende' }, '2027-03-26')).toEqual({
      from: '2027-03-27',
      to: '2027-03-28',
    });
    expect(daysOf({ from: null, to: null, when: 'wochenende' }, '2027-12-29')).toEqual({
      from: '2028-01-01',
      to: '2028-01-02',
    });
    // Days gone are not searched.
    expect(daysOf({ from: '2027-01-01', to: '2027-06-01', when: null }, '2027-05-10')).toEqual({
      from: '2027-05-10',
      to: '2027-06-01',
    });
    expect(daysOf({ from: '2027-06-01', to: null, when: null }, '2027-05-10')).toEqual({
      from: '2027-06-01',
      to: null,
    });
  });
});

describe('placesOf (issue 52)', () => {
  it('finds a municipality by code, postcode or name, and offers the ones a name fits', () => {
    expect(PLACES.find('62219')).toMatchObject({ kind: 'one', place: { name: 'Hartberg' } });
    // 8230 is the office's of Greinbach and Hartberg, and one of Fürstenfeld's others: the town's office wins.
    expect(PLACES.find(' 8230 ')).toMatchObject({ kind: 'one', place: { gkz: '62219' } });
    expect(PLACES.find('8225')).toMatchObject({ kind: 'one', place: { gkz: '62214' } });
    expect(PLACES.find('1020')).toMatchObject({ kind: 'one', place: { gkz: '90001' } });
    expect(PLACES.find('FURSTENFELD')).toMatchObject({ kind: 'one', place: { gkz: '62205' } });
    // An exact name wins over the names it begins.
    expect(PLACES.find('hartberg')).toMatchObject({ kind: 'one', place: { gkz: '62219' } });
    expect(PLACES.find('grafendorf')).toMatchObject({ kind: 'one', place: { gkz: '62268' } });
    const twice = placesOf([
      { gkz: '31234', name: 'Mühldorf', postcodes: ['3622'], centre: null, status: '' },
      { gkz: '20612', name: 'Mühldorf', postcodes: ['9814'], centre: null, status: '' },
    ]);
    expect(twice.find('muehldorf')).toEqual({ kind: 'none' });
    expect(twice.find('Mühldorf')).toMatchObject({ kind: 'several', places: [{ gkz: '20612' }, { gkz: '31234' }] });
    expect(twice.find('Müh')).toMatchObject({ kind: 'several' });
    for (const nothing of ['', '99999', '0000', 'Atlantis', '%'])
      expect(PLACES.find(nothing)).toEqual({ kind: 'none' });
  });
});
