import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSearchIndex, saveSearchIndex } from './search-index-store.ts';
import { searchIndexOf } from './search-parts.ts';

const key = (digit: string) => digit.repeat(64);
const file = (name: string, text: string) => ({ path: name, content: new TextEncoder().encode(text) });
const indexOf = (parts: Record<string, [string, string]>) =>
  searchIndexOf(
    new Map(Object.entries(parts).map(([part, [k, text]]) => [part, { key: key(k), files: [file('a.pf', text)] }])),
  );

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'search-index-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the search index kept on disk (issue 50)', () => {
  it('is loaded as it was saved, and a part left alone is not written again', async () => {
    await saveSearchIndex(dir, indexOf({ '0': ['a', 'zero'], '1': ['b', 'one'] }), 'db');
    const next = indexOf({ '0': ['a', 'zero'], '1': ['c', 'one again'] });
    await saveSearchIndex(dir, next, 'db');
    expect((await readdir(dir)).sort()).toEqual([`0-${key('a')}.v8`, `1-${key('c')}.v8`, 'parts.json']);
    const loaded = await loadSearchIndex(dir, 'db');
    expect(loaded?.parts).toEqual(next.parts);
    expect([...loaded!.files.keys()]).toEqual([...next.files.keys()]);
  });

  it('is none when nothing was saved, it is of another database or version, a part is missing or cut short, or the list is not one', async () => {
    expect(await loadSearchIndex(dir, 'db')).toBeUndefined();
    await saveSearchIndex(dir, indexOf({ '0': ['a', 'zero'] }), 'db');
    expect(await loadSearchIndex(dir, 'db')).toBeDefined();
    expect(await loadSearchIndex(dir, 'another db')).toBeUndefined();
    await rm(path.join(dir, `0-${key('a')}.v8`));
    expect(await loadSearchIndex(dir, 'db')).toBeUndefined();
    await saveSearchIndex(dir, indexOf({ '0': ['a', 'zero'] }), 'db');
    await writeFile(path.join(dir, `0-${key('a')}.v8`), 'cut short');
    expect(await loadSearchIndex(dir, 'db')).toBeUndefined();
    const list = JSON.parse(await readFile(path.join(dir, 'parts.json'), 'utf8')) as object;
    await writeFile(path.join(dir, 'parts.json'), JSON.stringify({ ...list, format: 'another version' }));
    expect(await loadSearchIndex(dir, 'db')).toBeUndefined();
    await writeFile(path.join(dir, 'parts.json'), JSON.stringify({ ...list, parts: { '0': '../../etc/passwd' } }));
    expect(await loadSearchIndex(dir, 'db')).toBeUndefined();
  });
});
