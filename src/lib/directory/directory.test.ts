import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDirectory, type DirectorySource } from './directory.ts';
import { marketsOf, pagesOf } from './listing.ts';
import { sampleDate, sampleMarket } from './sample-records.ts';

describe('pagesOf', () => {
  it('gives a state without markets yet a page of its own, without districts (issue 19)', () => {
    const directory = buildDirectory({
      readAt: new Date('2026-11-24T10:00:00Z'),
      year: 2026,
      states: [
        { code: 6, name: 'Steiermark' },
        { code: 2, name: 'Kärnten' },
      ],
      districts: [],
      municipalities: [],
      markets: [],
      dates: [],
    });
    expect(directory.allStates.map((state) => state.path)).toEqual([
      '/verzeichnis/kaernten',
      '/verzeichnis/steiermark',
    ]);
    expect(pagesOf(directory)).toEqual([
      ['/verzeichnis', { kind: 'overview' }],
      [
        '/verzeichnis/kaernten',
        { kind: 'state', state: { code: 2, name: 'Kärnten', path: '/verzeichnis/kaernten', districts: [] } },
      ],
      [
        '/verzeichnis/steiermark',
        { kind: 'state', state: { code: 6, name: 'Steiermark', path: '/verzeichnis/steiermark', districts: [] } },
      ],
    ]);
  });
});

describe('buildDirectory, from one publish to the next (issue 18)', () => {
  const places = {
    readAt: new Date('2027-01-01T00:00:00Z'),
    year: 2027,
    states: [{ code: 6, name: 'Steiermark' }],
    districts: [{ code: '622', name: 'Hartberg-Fürstenfeld', state_code: 6 }],
    municipalities: [
      { gkz: '62219', name: 'Hartberg', postcode: '8230', website: '', district_code: '622' },
      { gkz: '62205', name: 'Fürstenfeld', postcode: '8280', website: '', district_code: '622' },
    ],
  };
  type Source = Pick<DirectorySource, 'markets' | 'dates'>;
  const titles = fc.constantFrom('Kirtag', 'Bauernmarkt', 'Advent');
  /** A change a clerk may make to the market at `index` (of those there are), or a new market. */
  const change = fc.oneof(
    fc.record({ kind: fc.constant('title' as const), index: fc.nat(), title: titles }),
    fc.record({ kind: fc.constant('add date' as const), index: fc.nat(), day: fc.integer({ min: 10, max: 28 }) }),
    fc.record({ kind: fc.constant('drop date' as const), index: fc.nat() }),
    fc.record({ kind: fc.constant('delete' as const), index: fc.nat() }),
    fc.record({ kind: fc.constant('new market' as const), gkz: fc.constantFrom('62219', '62205'), title: titles }),
  );
  type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;
  let made = 0;

  /** The next source: the records a change did not touch stay the same objects, as db/published.ts keeps them. */
  function changed({ markets, dates }: Source, step: Change): Source {
    if (step.kind === 'new market') {
      const id = `n${++made}`; // never one of the first two markets' ids (m0, m1)
      return {
        markets: [...markets, sampleMarket(id, step.title, step.gkz)],
        dates: [...dates, sampleDate(id, '2027-03-01')],
      };
    }
    const market = markets[step.index % markets.length];
    if (!market) return { markets, dates };
    const own = dates.filter((date) => date.wko_market_id === market.id);
    switch (step.kind) {
      case 'title':
        return { markets: markets.map((m) => (m === market ? { ...m, title: step.title } : m)), dates };
      case 'add date':
        return { markets, dates: [...dates, sampleDate(market.id, `2027-02-${step.day}`, `d${++made}`)] };
      case 'drop date':
        return { markets, dates: dates.filter((date) => date !== own.at(-1)) };
      case 'delete':
        return { markets: markets.filter((m) => m !== market), dates: dates.filter((date) => !own.includes(date)) };
    }
  }

  /** Each market's records: its own and its dates'. */
  const recordsOf = ({ markets, dates }: Source) =>
    new Map(
      markets.map((market) => [market.id, [market, ...dates.filter((date) => date.wko_market_id === market.id)]]),
    );
  const sameRecords = (a: readonly object[] = [], b: readonly object[] = []) =>
    a.length === b.length && a.every((record, index) => record === b[index]);

  it('makes what fresh records make, and keeps each market and municipality whose records and address stayed the same', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 12 }), (steps) => {
        let source: Source = {
          markets: [sampleMarket('m0', 'Kirtag'), sampleMarket('m1', 'Kirtag', '62205')],
          dates: [sampleDate('m0', '2027-05-01'), sampleDate('m1', '2027-05-01')],
        };
        let before = buildDirectory({ ...places, ...source });
        for (const step of steps) {
          const next = changed(source, step);
          const after = buildDirectory({ ...places, ...next }, before);
          expect(after).toEqual(buildDirectory({ ...places, ...structuredClone(next) }));
          const [was, is] = [recordsOf(source), recordsOf(next)];
          const previous = new Map([...marketsOf(before)].map(({ market }) => [market.id, market]));
          for (const { market } of marketsOf(after)) {
            const kept =
              sameRecords(was.get(market.id), is.get(market.id)) && previous.get(market.id)?.path === market.path;
            expect(market === previous.get(market.id)).toBe(kept);
          }
          // A municipality is kept while all its markets are: then what is worked out from it holds too.
          const municipalities = new Map(
            [...marketsOf(before)].map(({ municipality }) => [municipality.path, municipality]),
          );
          for (const { municipality } of marketsOf(after)) {
            const last = municipalities.get(municipality.path);
            expect(municipality === last).toBe(!!last && sameRecords(last.markets, municipality.markets));
          }
          [source, before] = [next, after];
        }
      }),
    );
  });
});
