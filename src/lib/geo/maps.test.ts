import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type { Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { centresOf, distanceKm } from './centres.ts';
import { drawMap } from './maps.ts';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
/** Statistik Austria's municipalities (Vienna's 23 Bezirke are one, 90001): the places the directory has pages for. */
const gkzOnFile = [
  ...new Set(
    read('../../server/master-data/gemliste_knz.csv')
      .split('\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(';')[0]!),
  ),
];
const districtsOnFile = [...new Set(gkzOnFile.map((gkz) => gkz.slice(0, 3)))];
const centres = [...centresOf(JSON.parse(read('./shapes/gemeinden_999_topo.json')) as Topology).values()];

describe('the maps of Austria (issue 52)', () => {
  it('draws the nine states on the overview', () => {
    const map = drawMap({ kind: 'austria' });
    expect(map.areas.map(({ code }) => code).sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(map.areas.every(({ d }) => d.startsWith('M'))).toBe(true);
  });

  it("draws each state's districts, Vienna as one", () => {
    for (const state of [1, 2, 3, 4, 5, 6, 7, 8, 9]) {
      const codes = drawMap({ kind: 'state', code: state }).areas.map(({ code }) => code);
      expect(codes.sort()).toEqual(districtsOnFile.filter((code) => code[0] === String(state)).sort());
    }
  });

  it("draws every district's municipalities, each a shape", () => {
    for (const district of districtsOnFile) {
      const areas = drawMap({ kind: 'district', code: district }).areas;
      expect(areas.map(({ code }) => code).sort()).toEqual(gkzOnFile.filter((gkz) => gkz.startsWith(district)).sort());
      expect(areas.every(({ d }) => /^M[\d.,-]+/.test(d))).toBe(true);
    }
  });

  it('puts a search circle and every point within it inside the picture', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...centres),
        fc.constantFrom(5, 10, 20, 50, 100),
        fc.array(fc.constantFrom(...centres), { maxLength: 20 }),
        (centre, km, candidates) => {
          const points = candidates.filter((point) => distanceKm(centre, point) <= km);
          const map = drawMap({ kind: 'around', points, circle: { centre, km } });
          for (const point of [centre, ...points]) {
            const [x, y] = map.at(point);
            expect(x).toBeGreaterThanOrEqual(0);
            expect(x).toBeLessThanOrEqual(map.width);
            expect(y).toBeGreaterThanOrEqual(0);
            expect(y).toBeLessThanOrEqual(map.height);
          }
          expect(map.circle).toMatch(/^M/);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('shows points of a search without a place on all Austria, with no district lines', () => {
    const map = drawMap({ kind: 'around', points: centres.slice(0, 20) });
    expect(map.circle).toBeNull();
    expect(map.borders?.districts).toBe('');
    for (const point of centres) {
      const [x, y] = map.at(point);
      expect(x >= 0 && x <= map.width && y >= 0 && y <= map.height).toBe(true);
    }
  });
});
