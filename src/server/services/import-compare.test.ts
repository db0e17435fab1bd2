import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compare, COMPARED_FIELDS, type SourceValues } from './import-compare.ts';

const TODAY = '2027-06-01';
const values = fc.record({
  title: fc.constantFrom('Kirtag', 'Bauernmarkt'),
  type: fc.constantFrom('kirtag', 'bauernmarkt'),
  description: fc.constantFrom('', 'A', 'B'),
  event_location: fc.constantFrom('', 'Hauptplatz'),
  website: fc.constantFrom('', 'https://example.at'),
  rule: fc.constantFrom(null, '{"freq":"weekly"}'),
  date_start: fc.constantFrom(null, '2027-04-01'),
  date_end: fc.constantFrom(null, '2027-10-31'),
  dates: fc.constantFrom([], ['2027-07-01/2027-07-01//'], ['2027-07-01/2027-07-01//', '2027-08-01/2027-08-01//']),
}) satisfies fc.Arbitrary<SourceValues>;

describe('whose edit wins (issue 54)', () => {
  it('takes only what the source changed, never a field only the clerk changed, and names a field both changed a conflict', () => {
    fc.assert(
      fc.property(values, values, values, (source, last, portal) => {
        const { status, take, conflicts } = compare(source, last, portal, TODAY);
        for (const field of COMPARED_FIELDS) {
          const clerkChanged = JSON.stringify(portal[field]) !== JSON.stringify(last[field]);
          const sourceChanged = JSON.stringify(source[field]) !== JSON.stringify(last[field]);
          const differs = JSON.stringify(source[field]) !== JSON.stringify(portal[field]);
          expect(take.includes(field)).toBe(differs && sourceChanged);
          expect(conflicts.includes(field)).toBe(differs && sourceChanged && clerkChanged);
        }
        expect(status).toBe(conflicts.length > 0 ? 'conflict' : take.length > 0 ? 'changed' : 'same');
      }),
    );
  });

  it('finds a source imported again unchanged the same, whatever the clerk did since', () => {
    fc.assert(
      fc.property(values, values, (source, portal) => {
        expect(compare(source, source, portal, TODAY).status).toBe('same');
      }),
    );
  });

  it('proposes every difference of a market never imported (found by its title)', () => {
    fc.assert(
      fc.property(values, values, (source, portal) => {
        const differing = COMPARED_FIELDS.filter(
          (field) => JSON.stringify(source[field]) !== JSON.stringify(portal[field]),
        );
        expect(compare(source, null, portal, TODAY)).toEqual({
          status: differing.length > 0 ? 'changed' : 'same',
          take: differing,
          conflicts: [],
        });
      }),
    );
  });
});
