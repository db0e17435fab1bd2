import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Directory } from '../../lib/directory/directory.ts';
import { KEPT_FORMAT } from './kept-format.ts';
import { searchRecords, writeSearchPart, type Remembered, type SearchRecord } from './search-index.ts';

/**
 * Issue 17: at Austria scale Pagefind takes seconds for the whole index, too long for one
 * market's change. The index is made in parts (docs/decisions/0023-search-index-in-parts.md):
 * a market's records always go to the same part, by a hash of its id, so a change rebuilds the
 * one part that holds the market, and the browser merges the parts (public/js/search.js). A
 * hash, not the state, so that the parts are of one size and each is a fair sample of the whole:
 * Pagefind ranks a part's results by that part's word statistics.
 */
export const SEARCH_PART_COUNT = 8;

/** The list of the parts' folders, below `/pagefind/`: public/js/search.js reads it first. */
export const SEARCH_PARTS_FILE = 'parts.json';

/** The part that holds a market's records: "0" to "7", the start of its folder's name below `/pagefind/`. */
export function searchPartOf(marketId: string): string {
  let part = partOfMarket.get(marketId);
  if (part === undefined) {
    part = String(createHash('sha256').update(marketId).digest().readUInt32BE(0) % SEARCH_PART_COUNT);
    partOfMarket.set(marketId, part);
  }
  return part;
}

/** Each market's part, worked out once: a publish asks for every market's in three languages. */
const partOfMarket = new Map<string, string>();

/** The records of each part that has any, and a hash of them: an unchanged part is not made again. */
export type SearchParts = ReadonlyMap<string, { key: string; records: readonly SearchRecord[] }>;

export function searchParts(directory: Directory, today?: string, remembered?: Remembered): SearchParts {
  const parts = new Map<string, { records: SearchRecord[]; hashes: string[] }>();
  for (const { marketId, record } of searchRecords(directory, today, remembered)) {
    const { part, parted, hash } = partedOf(marketId, record);
    let entry = parts.get(part);
    if (!entry) parts.set(part, (entry = { records: [], hashes: [] }));
    entry.records.push(parted);
    entry.hashes.push(hash);
  }
  return new Map(
    [...parts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([part, { records, hashes }]) => [part, { key: digest(hashes.join('\n')), records }]),
  );
}

/**
 * A record in its part, with its hash, made once per record: a record kept from the last publish
 * (RememberedRecords) is not copied, written out and hashed again. All 18,000 at Austria scale
 * took 50–150 ms of the server's thread per publish, in one block (issue 18).
 */
function partedOf(marketId: string, record: SearchRecord): { part: string; parted: SearchRecord; hash: string } {
  let made = partedRecords.get(record);
  if (made === undefined) {
    const part = searchPartOf(marketId);
    // The part as a filter too: the search page leaves out a part that forgave a typo (search.js).
    const parted = { ...record, filters: { ...record.filters, part: [part] } };
    partedRecords.set(record, (made = { part, parted, hash: digest(JSON.stringify(record)) }));
  }
  return made;
}

const partedRecords = new WeakMap<SearchRecord, { part: string; parted: SearchRecord; hash: string }>();

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The index as served: each part's key. A part's files are in a folder named by the part and its
 * key (`partFolder`), written once and never changed, so a browser keeps them as long as they are
 * listed (http/published-files.ts) and processes sharing DATA_DIR make each part once.
 */
export interface SearchIndex {
  /** What it holds, as a hash of its parts' folders: its list's ETag (http/published-files.ts). */
  key: string;
  parts: ReadonlyMap<string, string>;
}

export const NO_SEARCH_INDEX: SearchIndex = searchIndexOf(new Map());

/** A part's folder: its records' key with the portal's version of the index (kept-format.ts, Pagefind's version in it). */
export function partFolder(part: string, key: string): string {
  return `${part}-${digest(`${KEPT_FORMAT}:${key}`).slice(0, 16)}`;
}

/** What `/pagefind/parts.json` holds: the folders of the index's parts. */
export function partsList(index: SearchIndex): string {
  return JSON.stringify({ parts: [...index.parts].map(([part, key]) => partFolder(part, key)) });
}

/** The parts whose records differ from what `index` was made of, or that it lacks. */
export function staleParts(parts: SearchParts, index: SearchIndex): string[] {
  return [...parts].filter(([part, { key }]) => index.parts.get(part) !== key).map(([part]) => part);
}

/** Whether `index` holds exactly `parts`: then it is kept as it is (a date added after the next one). */
export function isCurrent(parts: SearchParts, index: SearchIndex): boolean {
  return staleParts(parts, index).length === 0 && [...index.parts.keys()].every((part) => parts.has(part));
}

/**
 * The index of `parts`, its folders in `dir`: only a part that has no folder yet is written (its
 * records changed since `previous`, or the folder was removed); `beforePart` is waited for before
 * each (the publisher's wait for a lull).
 */
export async function updateSearchIndex(
  parts: SearchParts,
  dir: string,
  previous = NO_SEARCH_INDEX,
  beforePart: () => Promise<void> = () => Promise.resolve(),
): Promise<SearchIndex> {
  if (isCurrent(parts, previous)) return previous;
  await mkdir(dir, { recursive: true });
  // One part after another: Pagefind indexes in one process (search-index.ts).
  for (const [part, { key, records }] of parts) {
    const folder = path.join(dir, partFolder(part, key));
    if (existsSync(folder)) continue;
    await beforePart();
    await writeSearchPart([...records], folder);
  }
  return searchIndexOf(new Map([...parts].map(([part, { key }]) => [part, key])));
}

/** The index of these parts; its key is a hash of its folders' names, which hold the portal's index format too. */
export function searchIndexOf(parts: SearchIndex['parts']): SearchIndex {
  return { key: digest([...parts].map(([part, key]) => partFolder(part, key)).join('\n')).slice(0, 16), parts };
}

/** The static build's search index, written to `outputPath` (the site's `pagefind/` folder). */
export async function writeSearchIndex(directory: Directory, outputPath: string): Promise<void> {
  await rm(outputPath, { recursive: true, force: true });
  const index = await updateSearchIndex(searchParts(directory), outputPath);
  await writeFile(path.join(outputPath, SEARCH_PARTS_FILE), partsList(index));
}
