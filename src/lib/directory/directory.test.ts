import { describe, expect, it } from 'vitest';
import { buildDirectory, pagesOf } from './directory.ts';

describe('pagesOf', () => {
  it('gives a state without markets yet a page of its own, without districts (issue 19)', () => {
    const directory = buildDirectory({
      readAt: new Date('2026-11-24T10:00:00Z'),
      year: 2026,
      states: [
        { code: 6, name: 'Steiermark' },
        { code: 2, name: 'Kärnten' },
      ],
      districts: [],
      municipalities: [],
      markets: [],
      dates: [],
    });
    expect(directory.allStates.map((state) => state.path)).toEqual([
      '/verzeichnis/kaernten',
      '/verzeichnis/steiermark',
    ]);
    expect(pagesOf(directory)).toEqual([
      ['/verzeichnis', { kind: 'overview' }],
      [
        '/verzeichnis/kaernten',
        { kind: 'state', state: { code: 2, name: 'Kärnten', path: '/verzeichnis/kaernten', districts: [] } },
      ],
      [
        '/verzeichnis/steiermark',
        { kind: 'state', state: { code: 6, name: 'Steiermark', path: '/verzeichnis/steiermark', districts: [] } },
      ],
    ]);
  });
});
