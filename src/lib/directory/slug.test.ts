import { describe, expect, it } from 'vitest';
import { slugOf, uniqueSlugs } from './slug.ts';

describe('slugOf', () => {
  it('spells out umlauts and drops other accents and signs', () => {
    expect(slugOf('Hartberg-Fürstenfeld')).toBe('hartberg-fuerstenfeld');
    expect(slugOf('Graz(Stadt)')).toBe('graz-stadt');
    expect(slugOf('Straßgang – Café Élysée!')).toBe('strassgang-cafe-elysee');
    expect(slugOf('Niederösterreich')).toBe('niederoesterreich');
  });
});

describe('uniqueSlugs', () => {
  it('appends the key only to the later of two namesakes', () => {
    const items = [
      { name: 'Bauernmarkt', key: 'a1' },
      { name: 'Bauernmarkt', key: 'b2' },
      { name: 'Kirtag', key: 'c3' },
    ];
    const slugs = uniqueSlugs(
      items,
      (i) => i.name,
      (i) => i.key,
    );
    expect(items.map((item) => slugs.get(item))).toEqual(['bauernmarkt', 'bauernmarkt-b2', 'kirtag']);
  });

  it('falls back to the key for a name without letters', () => {
    const item = { name: '???', key: 'x9' };
    expect(
      uniqueSlugs(
        [item],
        (i) => i.name,
        (i) => i.key,
      ).get(item),
    ).toBe('x9');
  });
});
