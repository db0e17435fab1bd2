import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerText, HeldRecords, membersText, withOwnRecords, type ContentRecord } from './content-records.ts';

const recordsOf = (members: string[][]): ContentRecord[] =>
  members.map((texts, index) => ({ id: String(index), gkz: '10101', members: texts }));

describe("a district's text", () => {
  it('is its members in order, each after a comma, as UTF-8, whatever they hold', () => {
    // Any code point, and any single UTF-16 unit (a lone surrogate too, which 'binary' leaves out).
    const unit = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 1 }),
      fc.nat(0xffff).map((code) => String.fromCharCode(code)),
    );
    const member = fc.string({ unit, maxLength: 400 });
    fc.assert(
      fc.property(fc.array(fc.tuple(member, member), { maxLength: 30 }), (members) => {
        const records = recordsOf(members);
        for (const group of [0, 1])
          expect(membersText(records, group)).toEqual(Buffer.from(members.map((texts) => `,${texts[group]}`).join('')));
      }),
    );
  });

  it('is whole however long, and stays as made when the next is written (issue 18: Vienna)', () => {
    const long = recordsOf(Array.from({ length: 3000 }, (_, index) => [`"${index}":{"note":"Jänner – 🍎 ${index}"}`]));
    const first = membersText(long, 0);
    const copy = Buffer.from(first);
    membersText(recordsOf([['"x":{}']]), 0);
    expect(first).toEqual(copy);
    expect(first.toString()).toBe(long.map((record) => `,${record.members[0]}`).join(''));
  });
});

describe("a clerk's answer with hidden records", () => {
  const date = (id: string, gkz: string): ContentRecord => ({ id, gkz, members: [`"${id}":{"gkz":"${gkz}"}`] });
  const held = new HeldRecords('dates');
  for (const record of [date('b', '10101'), date('a', '10102'), date('c', '30101')]) held.put(record);
  const ids = (text: Buffer) =>
    Object.keys((JSON.parse(text.toString()) as { data: { wko_market_dates: object } }).data.wko_market_dates);

  it("is the public answer, byte for byte, when the municipality's records are its published ones", () => {
    const own = [date('b', '10101')];
    expect(answerText('dates', withOwnRecords('dates', held.districts(), '10101', own))).toEqual(
      answerText('dates', held.districts()),
    );
  });

  it("holds the municipality's records in place of its published ones, in the public answer's order", () => {
    const ownIds = (gkz: string, own: ContentRecord[]) =>
      ids(answerText('dates', withOwnRecords('dates', held.districts(), gkz, own)));
    expect(ownIds('10101', [date('d', '10101')])).toEqual(['a', 'd', 'c']);
    expect(ownIds('20101', [date('e', '20101')])).toEqual(['a', 'b', 'e', 'c']);
  });
});
