import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Directory, DirectoryMarket } from '../../lib/directory/directory.ts';
import {
  isCurrent,
  SEARCH_PART_COUNT,
  SEARCH_PARTS_FILE,
  searchPartOf,
  searchParts,
  updateSearchIndex,
} from './search-parts.ts';

/** Markets m0…m(n-1) in Hartberg, each with one date to come; `titles` overrides some titles. */
function directoryOf(count: number, titles: Record<string, string> = {}): Directory {
  const markets = Array.from({ length: count }, (_, index) => {
    const id = `m${index}`;
    return {
      id,
      title: titles[id] ?? `Bauernmarkt ${index}`,
      type: 'bauernmarkt',
      rule: null,
      path: `/verzeichnis/steiermark/hartberg-fuerstenfeld/hartberg/bauernmarkt-${index}`,
      description: '',
      location: '',
      event_location: '',
      dates: [
        {
          id: `${id}-d`,
          date_start: '2026-12-05',
          date_end: '2026-12-05',
          time_from: '07:00',
          time_to: '12:00',
          status: 'takes_place',
          type: 'regular',
          note: '',
          replaces_date: null,
        },
      ],
    } as unknown as DirectoryMarket;
  });
  return {
    states: [
      {
        code: 6,
        name: 'Steiermark',
        path: '/verzeichnis/steiermark',
        districts: [
          {
            code: '622',
            name: 'Hartberg-Fürstenfeld',
            path: '/verzeichnis/steiermark/hartberg-fuerstenfeld',
            municipalities: [{ gkz: '62219', name: 'Hartberg', postcode: '8230', path: '', markets }],
          },
        ],
      },
    ],
  } as unknown as Directory;
}

const TODAY = '2026-11-24';
/** The market a record's page belongs to, in any language. */
const marketOf = (url: string) => `m${/bauernmarkt-(\d+)\/?$/.exec(url)?.[1] ?? ''}`;
const decoded = (bytes: Uint8Array | undefined) => JSON.parse(new TextDecoder().decode(bytes)) as unknown;

describe('the parts of the search index', () => {
  it('puts every market in one of the parts, the same one every time', () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        const part = searchPartOf(id);
        expect(Number(part)).toBeGreaterThanOrEqual(0);
        expect(Number(part)).toBeLessThan(SEARCH_PART_COUNT);
        expect(searchPartOf(id)).toBe(part);
      }),
    );
  });

  it('holds each record once, the three languages of a market in its part, which it names as a filter', () => {
    const parts = searchParts(directoryOf(40), TODAY);
    const records = [...parts.values()].flatMap(({ records }) => records);
    expect(records).toHaveLength(40 * 3);
    expect(new Set(records.map((record) => record.url)).size).toBe(40 * 3);
    for (const [part, { records }] of parts)
      for (const record of records) {
        expect(searchPartOf(marketOf(record.url))).toBe(part);
        // The search page asks a part alone by this filter (public/js/search.js).
        expect(record.filters?.['part']).toEqual([part]);
      }
    // Forty markets fill every part: the partition spreads them.
    expect(parts.size).toBe(SEARCH_PART_COUNT);
  });

  it('makes only the part of a changed market again, and keeps an unchanged index as it is', async () => {
    const before = await updateSearchIndex(searchParts(directoryOf(12), TODAY));
    expect(decoded(before.files.get(SEARCH_PARTS_FILE))).toEqual({ parts: [...before.parts.keys()] });
    for (const part of before.parts.keys()) {
      expect(before.files.has(`${part}/pagefind.js`)).toBe(true);
      expect(before.files.has(`${part}/pagefind-entry.json`)).toBe(true);
    }
    // Only what public/js/search.js uses: not Pagefind's own search interfaces.
    expect([...before.files.keys()].some((file) => file.includes('pagefind-ui'))).toBe(false);

    const same = searchParts(directoryOf(12), TODAY);
    expect(isCurrent(same, before)).toBe(true);
    expect(await updateSearchIndex(same, before)).toBe(before);

    const changed = searchParts(directoryOf(12, { m5: 'Flohmarkt am Anger' }), TODAY);
    expect(isCurrent(changed, before)).toBe(false);
    const after = await updateSearchIndex(changed, before);
    const partOfChanged = searchPartOf('m5');
    for (const [part, made] of after.parts) {
      if (part === partOfChanged) expect(made.files).not.toBe(before.parts.get(part)?.files);
      else expect(made.files).toBe(before.parts.get(part)?.files);
    }
    expect(after.files.get(`${partOfChanged}/pagefind-entry.json`)).toBeDefined();
  }, 60_000);

  it('drops a part whose markets are all gone, and lists the parts there are', async () => {
    const one = searchParts(directoryOf(1), TODAY);
    const before = await updateSearchIndex(searchParts(directoryOf(12), TODAY));
    const after = await updateSearchIndex(one, before);
    expect([...after.parts.keys()]).toEqual([searchPartOf('m0')]);
    expect(decoded(after.files.get(SEARCH_PARTS_FILE))).toEqual({ parts: [searchPartOf('m0')] });
    expect(
      [...after.files.keys()].every((file) => file === SEARCH_PARTS_FILE || file.startsWith(`${searchPartOf('m0')}/`)),
    ).toBe(true);
    // Nothing public: an empty list, which the search page takes as "no results".
    const none = await updateSearchIndex(searchParts(directoryOf(0), TODAY), after);
    expect(decoded(none.files.get(SEARCH_PARTS_FILE))).toEqual({ parts: [] });
  }, 60_000);
});
