import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Directory, DirectoryMarket } from '../../lib/directory/directory.ts';
import {
  isCurrent,
  partFolder,
  partsList,
  SEARCH_PART_COUNT,
  SEARCH_PARTS_FILE,
  searchPartOf,
  searchParts,
  updateSearchIndex,
  writeSearchIndex,
  type SearchIndex,
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
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'search-parts-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

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
    const before = await updateSearchIndex(searchParts(directoryOf(12), TODAY), dir);
    const folders = (index: SearchIndex) => (JSON.parse(partsList(index)) as { parts: string[] }).parts;
    expect(folders(before)).toEqual([...before.parts].map(([part, key]) => partFolder(part, key)));
    for (const folder of folders(before)) {
      const files = await readdir(path.join(dir, folder));
      expect(files).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind.js.br', 'pagefind-entry.json']));
      // Only what public/js/search.js uses: not Pagefind's own search interfaces.
      expect(files.some((file) => file.includes('pagefind-ui'))).toBe(false);
    }

    const same = searchParts(directoryOf(12), TODAY);
    expect(isCurrent(same, before)).toBe(true);
    expect(await updateSearchIndex(same, dir, before)).toBe(before);

    const changed = searchParts(directoryOf(12, { m5: 'Flohmarkt am Anger' }), TODAY);
    expect(isCurrent(changed, before)).toBe(false);
    const written = new Map<string, number>();
    for (const folder of await readdir(dir)) written.set(folder, (await stat(path.join(dir, folder))).mtimeMs);
    const after = await updateSearchIndex(changed, dir, before);
    const partOfChanged = searchPartOf('m5');
    for (const [part, key] of after.parts) {
      const folder = partFolder(part, key);
      if (part === partOfChanged) expect(written.has(folder)).toBe(false);
      else expect((await stat(path.join(dir, folder))).mtimeMs).toBe(written.get(folder));
    }
    expect(await readdir(path.join(dir, partFolder(partOfChanged, after.parts.get(partOfChanged)!)))).toContain(
      'pagefind-entry.json',
    );
  }, 60_000);

  it('drops a part whose markets are all gone, and lists the parts there are', async () => {
    const one = searchParts(directoryOf(1), TODAY);
    const before = await updateSearchIndex(searchParts(directoryOf(12), TODAY), dir);
    const after = await updateSearchIndex(one, dir, before);
    expect([...after.parts.keys()]).toEqual([searchPartOf('m0')]);
    expect(JSON.parse(partsList(after))).toEqual({
      parts: [partFolder(searchPartOf('m0'), after.parts.get(searchPartOf('m0'))!)],
    });
    // Nothing public: an empty list, which the search page takes as "no results".
    const none = await updateSearchIndex(searchParts(directoryOf(0), TODAY), dir, after);
    expect(JSON.parse(partsList(none))).toEqual({ parts: [] });
  }, 60_000);

  it("writes the static build's index with its list of parts", async () => {
    await writeSearchIndex(directoryOf(3), path.join(dir, 'site'));
    const { parts } = JSON.parse(await readFile(path.join(dir, 'site', SEARCH_PARTS_FILE), 'utf8')) as {
      parts: string[];
    };
    expect(parts.length).toBeGreaterThan(0);
    for (const folder of parts) expect(await readdir(path.join(dir, 'site', folder))).toContain('pagefind-entry.json');
  }, 60_000);
});
