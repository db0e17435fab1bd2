import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Published } from '../db/published.ts';
import { answerBytes, publishedRecords, type ContentRecord } from './content-records.ts';

describe('an answer written from its records', () => {
  it('is the JSON of their members, as UTF-8, whatever they hold, with the deleted ids of a delta', () => {
    const value = fc.string({ unit: 'grapheme', maxLength: 200 });
    const records = fc.uniqueArray(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), value), {
      selector: ([id]) => id,
      maxLength: 30,
    });
    fc.assert(
      fc.property(records, fc.array(fc.string(), { maxLength: 5 }), (given, deleted) => {
        const written: ContentRecord[] = given.map(([id, note]) => ({
          id,
          gkz: '10101',
          members: [0, 1, 2].map((group) => `${JSON.stringify(id)}:${JSON.stringify({ id, note, group })}`),
        }));
        const group = (n: number) => Object.fromEntries(given.map(([id, note]) => [id, { id, note, group: n }]));
        expect(JSON.parse(answerBytes('dates', written, deleted).toString())).toEqual({
          data: { wko_market_dates: group(0), deleted_ids: deleted },
        });
        expect(JSON.parse(answerBytes('markets', written).toString())).toEqual({
          data: { wko_markets: { '2': group(0), '1': group(1), '3': group(2) } },
        });
      }),
    );
  });
});

describe("a snapshot's records", () => {
  const market = { id: 'm1', gkz: '60101', title: 'Bauernmarkt' };
  const date = { id: 'd1', wko_market_id: 'm1', date_start: '2027-01-04', replaces_date: '2027-01-02' };
  const snapshot = { version: '3', markets: [market], dates: [date] } as unknown as Published;

  it('are written once per record, however many publications hold it', () => {
    const [first] = publishedRecords(snapshot, 'dates');
    const [again] = publishedRecords({ ...snapshot, version: '4' }, 'dates');
    expect(again).toBe(first);
  });

  it("give a date its market's municipality and the contract's fields only", () => {
    const [record] = publishedRecords(snapshot, 'dates');
    expect(record?.gkz).toBe('60101');
    expect(JSON.parse(`{${record!.members[0]!}}`)).toEqual({
      d1: { id: 'd1', wko_market_id: 'm1', date_start: '2027-01-04' },
    });
  });
});
