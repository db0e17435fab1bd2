import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compoundParts } from './compound-parts.ts';

describe('compoundParts', () => {
  it('splits the market words a visitor searches for off German compounds', () => {
    expect(compoundParts('Bauernmarkt am Hauptplatz')).toEqual(['markt', 'bauern', 'platz', 'haupt']);
    expect(compoundParts('Monatsmarkt im Ökopark')).toEqual(['markt', 'monats', 'park', 'öko']);
    expect(compoundParts('Kunsthandwerksmarkt')).toEqual(['handwerksmarkt', 'kunst', 'markt', 'handwerks']);
    expect(compoundParts('Frühjahrsmesse, Flohmarkt')).toEqual(['messe', 'frühjahrs', 'markt', 'floh']);
  });

  it('leaves plain words alone; a word beginning with a part is found by it anyway', () => {
    expect(compoundParts('Markt Messe Kirtag Marktplatz')).toEqual(['platz', 'markt']);
    expect(compoundParts('Hof am See')).toEqual([]);
  });

  it('gives only pieces of the text, each a search word of its own', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'ä', 'm', 'r', 'k', 't', 'e', 's', ' ', '-') }), (text) => {
        const lower = text.toLocaleLowerCase('de');
        for (const part of compoundParts(text)) {
          expect(part.length).toBeGreaterThan(0);
          expect(lower).toContain(part);
          expect(part).toMatch(/^\p{L}+$/u);
        }
      }),
    );
  });
});
