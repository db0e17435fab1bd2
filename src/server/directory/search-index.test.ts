import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Directory, DirectoryDate, DirectoryMarket } from '../../lib/directory/directory.ts';
import { RememberedRecords, searchRecords, writeSearchPart } from './search-index.ts';

const date = (date_start: string, fields: Partial<DirectoryDate> = {}): DirectoryDate => ({
  id: date_start,
  date_start,
  date_end: date_start,
  time_from: '07:00',
  time_to: '12:00',
  status: 'takes_place',
  type: 'regular',
  note: '',
  replaces_date: null,
  ...fields,
});
const market = {
  id: 'm1',
  title: 'Bauernmarkt am Hauptplatz',
  type: 'bauernmarkt',
  rule: null,
  path: '/verzeichnis/steiermark/hartberg-fuerstenfeld/hartberg/bauernmarkt-am-hauptplatz',
  description: '',
  location: '',
  event_location: '',
  dates: [date('2026-11-21'), date('2026-11-28', { status: 'cancelled', type: 'cancelled' }), date('2026-12-05')],
} as unknown as DirectoryMarket;
const directory = {
  readAt: '2026-11-24T10:00:00Z',
  years: [2026, 2027],
  allStates: [],
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
          municipalities: [{ gkz: '62219', name: 'Hartberg', postcode: '8230', path: '', markets: [market] }],
        },
      ],
    },
  ],
} as unknown as Directory;

describe('searchRecords', () => {
  const [de, en, fr] = searchRecords(directory, '2026-11-24').map(({ record }) => record);

  it('indexes the parts of German compounds as words, so "markt" finds the Bauernmarkt (issue 19)', () => {
    expect(de?.content.split(/\s+/)).toContain('markt');
    expect(en?.content.split(/\s+/)).toContain('markt');
  });

  it('gives each result the next date that takes place, in the language of its index', () => {
    expect(de?.meta?.['next']).toBe('Nächster Termin: Samstag, 5. Dezember 2026, 07:00–12:00');
    expect(en?.meta?.['next']).toBe('Next date: Saturday, 5 December 2026, 07:00–12:00');
    expect(fr?.meta?.['next']).toBe('Prochaine date : samedi 5 décembre 2026, 07:00–12:00');
    expect(searchRecords(directory, '2026-12-06')[0]?.record.meta?.['next']).toBeUndefined();
  });
});

describe('search records kept from one publish to the next (issue 18)', () => {
  it('are the records made anew while the page version stays, and are made anew when it changes', () => {
    const records = new RememberedRecords();
    let version = 'v1';
    const remembered = { records, versionOf: () => version };
    const fresh = searchRecords(directory, '2026-11-24');
    const first = searchRecords(directory, '2026-11-24', remembered);
    const kept = searchRecords(directory, '2026-11-24', remembered);
    expect(kept).toEqual(fresh);
    expect(kept[0]!.record).toBe(first[0]!.record); // not made again

    version = 'v2'; // the market changed: its next date, say
    const renamed = { ...directory, states: structuredClone(directory.states) };
    renamed.states[0]!.districts[0]!.municipalities[0]!.markets[0]!.title = 'Grüner Markt';
    const changed = searchRecords(renamed, '2026-11-24', remembered);
    expect(changed[0]!.record.meta?.['title']).toBe('Grüner Markt');
  });
});

describe('the search index made on a thread of its own (issue 18)', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'search-index-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]); // field 19
  const threads = () =>
    readdirSync('/proc/self/task').map((task) => ({
      name: readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim(),
      nice: niceOf(readFileSync(`/proc/self/task/${task}/stat`, 'utf8')),
    }));

  it.runIf(existsSync('/proc/self/task'))(
    'indexes at the lowest CPU priority, and leaves the other threads theirs',
    async () => {
      const records = searchRecords(directory, '2026-11-24').map(({ record }) => record);
      await writeSearchPart(records, path.join(folder, 'low'));
      expect(readdirSync(path.join(folder, 'low'))).toContain('pagefind-entry.json');
      expect(threads().some(({ nice }) => nice === 19)).toBe(true);
      expect(niceOf(readFileSync('/proc/self/stat', 'utf8'))).toBe(0); // the process's main thread
      // The thread pool compresses and reads files for the whole portal.
      const pool = threads().filter(({ name }) => name === 'libuv-worker');
      expect(pool.length).toBeGreaterThan(0);
      expect(pool.every(({ nice }) => nice === 0)).toBe(true);
    },
  );

  it('answers a failing index with its error, and indexes again afterwards', async () => {
    const [record] = searchRecords(directory, '2026-11-24').map(({ record }) => record);
    const failing = path.join(folder, 'failing');
    await expect(writeSearchPart([{ ...record!, url: undefined as unknown as string }], failing)).rejects.toThrow(
      /Pagefind/,
    );
    expect(existsSync(failing)).toBe(false); // nothing half written
    expect(readdirSync(folder).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await writeSearchPart([record!], failing);
    expect(readdirSync(failing)).toContain('pagefind-entry.json');
  });
});
