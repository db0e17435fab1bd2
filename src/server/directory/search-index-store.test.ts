import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepListed, loadSearchIndex, saveSearchIndex } from './search-index-store.ts';
import { partFolder, searchIndexOf } from './search-parts.ts';

const key = (digit: string) => digit.repeat(64);
/** An index of parts with these keys, its folders written as updateSearchIndex writes them. */
async function indexOf(parts: Record<string, string>) {
  for (const [part, digit] of Object.entries(parts)) {
    await mkdir(path.join(dir, partFolder(part, key(digit))), { recursive: true });
    await writeFile(path.join(dir, partFolder(part, key(digit)), 'pagefind-entry.json'), '{}');
  }
  return searchIndexOf(new Map(Object.entries(parts).map(([part, digit]) => [part, key(digit)])));
}
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'search-index-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the search index kept on disk (issue 50)', () => {
  it('is loaded as it was saved; a part no longer listed is removed only once it is an hour old', async () => {
    await saveSearchIndex(dir, await indexOf({ '0': 'a', '1': 'b' }), 'db');
    const next = await indexOf({ '0': 'a', '1': 'c' });
    await saveSearchIndex(dir, next, 'db');
    // A visitor's page may still ask for the part it listed before.
    expect((await readdir(dir)).sort()).toEqual(
      [partFolder('0', key('a')), partFolder('1', key('b')), partFolder('1', key('c')), 'index.json'].sort(),
    );
    await utimes(path.join(dir, partFolder('1', key('b'))), hoursAgo(2), hoursAgo(2));
    await saveSearchIndex(dir, next, 'db');
    expect((await readdir(dir)).sort()).toEqual(
      [partFolder('0', key('a')), partFolder('1', key('c')), 'index.json'].sort(),
    );
    expect(await loadSearchIndex(dir, 'db')).toEqual(next);
  });

  it('keeps a folder another process still lists, and removes what a crashed write left', async () => {
    const theirs = await indexOf({ '0': 'd' });
    await utimes(path.join(dir, partFolder('0', key('d'))), hoursAgo(3), hoursAgo(3));
    await keepListed(dir, theirs); // the other process's timer
    await mkdir(path.join(dir, `${partFolder('1', key('e'))}.crashed.tmp`));
    await utimes(path.join(dir, `${partFolder('1', key('e'))}.crashed.tmp`), hoursAgo(2), hoursAgo(2));
    await mkdir(path.join(dir, `${partFolder('1', key('f'))}.writing.tmp`));
    await saveSearchIndex(dir, await indexOf({ '0': 'a' }), 'db');
    expect((await readdir(dir)).sort()).toEqual(
      [
        partFolder('0', key('a')),
        partFolder('0', key('d')),
        `${partFolder('1', key('f'))}.writing.tmp`,
        'index.json',
      ].sort(),
    );
  });

  it('is none when nothing was saved, it is of another database or version, a part is missing, or the list is not one', async () => {
    expect(await loadSearchIndex(dir, 'db')).toBeUndefined();
    await saveSearchIndex(dir, await indexOf({ '0': 'a' }), 'db');
    expect(await loadSearchIndex(dir, 'db')).toBeDefined();
    expect(await loadSearchIndex(dir, 'another db')).toBeUndefined();
    await rm(path.join(dir, partFolder('0', key('a'))), { recursive: true });
    expect(await loadSearchIndex(dir, 'db')).toBeUndefined();
    await saveSearchIndex(dir, await indexOf({ '0': 'a' }), 'db');
    const list = JSON.parse(await readFile(path.join(dir, 'index.json'), 'utf8')) as object;
    await writeFile(path.join(dir, 'index.json'), JSON.stringify({ ...list, format: 'another version' }));
    expect(await loadSearchIndex(dir, 'db')).toBeUndefined();
    await writeFile(path.join(dir, 'index.json'), JSON.stringify({ ...list, parts: { '0': '../../etc/passwd' } }));
    expect(await loadSearchIndex(dir, 'db')).toBeUndefined();
  });
});
