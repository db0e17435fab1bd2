import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DirectoryDate, DirectoryMarket, DirectoryMunicipality } from '../directory/directory.ts';
import type { Book } from './book.ts';
import { editionChanges, editionOf } from './edition.ts';

const date = (date_start: string, fields: Partial<DirectoryDate> = {}): DirectoryDate => ({
  ...{ id: `d-${date_start}`, date_start, date_end: date_start, time_from: '08:00', time_to: '12:00' },
  ...{ status: 'takes_place', type: 'regular', note: '', replaces_date: null },
  ...fields,
});
const market = (id: string, dates: DirectoryDate[]) =>
  ({ id, title: `Markt ${id}`, path: `/verzeichnis/m/${id}`, dates }) as unknown as DirectoryMarket;
const municipality = (gkz: string, name: string, markets: DirectoryMarket[]) => ({
  gkz,
  name,
  postcode: '8230',
  website: '',
  path: `/verzeichnis/g/${gkz}`,
  markets,
});
const book = (...municipalities: DirectoryMunicipality[]): Book => ({
  year: 2027,
  readAt: '2026-12-04T10:00:00Z',
  states: [
    { code: 6, name: 'Steiermark', path: '/st', districts: [{ code: '622', name: 'H', path: '/h', municipalities }] },
  ],
});

const printed = book(
  municipality('62206', 'Hartberg', [market('a', [date('2027-05-01'), date('2027-05-08'), date('2027-05-15')])]),
  municipality('62219', 'Kaindorf', [market('b', [date('2027-08-15')])]),
);

describe('editionChanges', () => {
  it('finds nothing when nothing changed', () => {
    expect(editionChanges(editionOf(printed), printed)).toEqual([]);
  });

  it('names a cancelled, a moved and a removed date, a new one, and the live pages', () => {
    const live = book(
      municipality('62206', 'Hartberg', [
        market('a', [
          date('2027-05-01', { status: 'cancelled', type: 'cancelled' }),
          date('2027-05-09', { type: 'changed', replaces_date: '2027-05-08' }),
          date('2027-05-22'),
        ]),
      ]),
      municipality('62219', 'Kaindorf', [market('b', [date('2027-08-15', { time_from: '10:00' })])]),
    );
    const [hartberg, kaindorf] = editionChanges(editionOf(printed), live);
    expect(hartberg).toMatchObject({ gkz: '62206', name: 'Hartberg', path: '/verzeichnis/g/62206' });
    expect(hartberg!.changes.map(({ kind, date, to }) => [kind, date?.date_start, to?.date_start])).toEqual([
      ['cancelled', '2027-05-01', undefined],
      ['moved', '2027-05-08', '2027-05-09'],
      ['removed', '2027-05-15', undefined],
      ['new', '2027-05-22', undefined],
    ]);
    expect(hartberg!.changes[0]).toMatchObject({ market_id: 'a', title: 'Markt a', path: '/verzeichnis/m/a' });
    // Other hours on the same day: moved too.
    expect(kaindorf!.changes).toMatchObject([
      { kind: 'moved', date: { date_start: '2027-08-15', time_from: '08:00' }, to: { time_from: '10:00' } },
    ]);
  });

  it('names a whole market gone and a whole market new, and keeps a municipality that lost every market', () => {
    const live = book(
      municipality('62206', 'Hartberg', [
        market('a', printed.states[0]!.districts[0]!.municipalities[0]!.markets[0]!.dates),
        market('c', [date('2027-06-01')]),
      ]),
    );
    expect(editionChanges(editionOf(printed), live)).toEqual([
      {
        ...{ gkz: '62206', name: 'Hartberg', path: '/verzeichnis/g/62206' },
        changes: [{ kind: 'new', market_id: 'c', title: 'Markt c', path: '/verzeichnis/m/c', date: null, to: null }],
      },
      {
        ...{ gkz: '62219', name: 'Kaindorf', path: null },
        changes: [{ kind: 'removed', market_id: 'b', title: 'Markt b', path: null, date: null, to: null }],
      },
    ]);
  });

  it('calls a printed cancellation taking place again new, and is silent on one still cancelled', () => {
    const cancelled = (on: boolean) =>
      book(
        municipality('62206', 'Hartberg', [
          market('a', [
            date('2027-05-01', on ? {} : { status: 'cancelled' }),
            date('2027-06-01', { status: 'cancelled' }),
          ]),
        ]),
      );
    const changes = editionChanges(editionOf(cancelled(false)), cancelled(true));
    expect(changes[0]!.changes.map((change) => [change.kind, change.date?.date_start])).toEqual([
      ['new', '2027-05-01'],
    ]);
  });

  it('tells two dates of one day apart, and follows a date moved under its own id', () => {
    const morning = date('2027-05-01', { id: 'am', time_from: '08:00', time_to: '12:00' });
    const afternoon = date('2027-05-01', { id: 'pm', time_from: '14:00', time_to: '18:00' });
    const printedTwice = book(municipality('62206', 'Hartberg', [market('a', [morning, afternoon])]));
    expect(editionChanges(editionOf(printedTwice), printedTwice)).toEqual([]);
    const evening = date('2027-05-01', { id: 'pm2', time_from: '18:00', time_to: '21:00' });
    const moved = { ...morning, date_start: '2027-05-02', date_end: '2027-05-02' };
    const live = book(municipality('62206', 'Hartberg', [market('a', [moved, afternoon, evening])]));
    expect(
      editionChanges(editionOf(printedTwice), live)[0]!.changes.map(({ kind, date, to }) => [kind, date, to]),
    ).toEqual([
      [
        'moved',
        { date_start: '2027-05-01', date_end: '2027-05-01', time_from: '08:00', time_to: '12:00' },
        { date_start: '2027-05-02', date_end: '2027-05-02', time_from: '08:00', time_to: '12:00' },
      ],
      ['new', { date_start: '2027-05-01', date_end: '2027-05-01', time_from: '18:00', time_to: '21:00' }, null],
    ]);
  });

  it('finds nothing for any book compared with itself (property)', () => {
    const day = fc.integer({ min: 1, max: 365 }).map((n) => new Date(Date.UTC(2027, 0, n)).toISOString().slice(0, 10));
    // Several dates may share a day (a morning and an afternoon): each has its own id.
    const dates = fc.array(fc.record({ day, cancelled: fc.boolean() }), { maxLength: 6 });
    fc.assert(
      fc.property(fc.array(dates, { maxLength: 5 }), (markets) => {
        const sample = book(
          municipality(
            '62206',
            'Hartberg',
            markets.map((entries, n) =>
              market(
                String(n),
                entries.map((entry, k) =>
                  date(entry.day, { id: `${n}-${k}`, ...(entry.cancelled ? { status: 'cancelled' as const } : {}) }),
                ),
              ),
            ),
          ),
        );
        expect(editionChanges(editionOf(sample), sample)).toEqual([]);
      }),
    );
  });
});
