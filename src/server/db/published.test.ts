import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergedInOrder } from './published-order.ts';

const byKey = (a: { key: string; n: number }, b: { key: string; n: number }) =>
  a.key < b.key ? -1 : a.key > b.key ? 1 : a.n - b.n;

describe('a snapshot read again', () => {
  it('merges the records read again into the kept ones as sorting them all would', () => {
    const record = fc.record({ key: fc.string({ maxLength: 3 }), n: fc.integer() });
    fc.assert(
      fc.property(fc.array(record), fc.array(record), (kept, added) => {
        const keptInOrder = [...kept].sort(byKey);
        expect(mergedInOrder(keptInOrder, [...added], byKey)).toEqual([...keptInOrder, ...added].sort(byKey));
      }),
    );
  });
});
