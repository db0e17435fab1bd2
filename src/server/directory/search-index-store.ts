import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import * as z from 'zod';
import type { SearchFile } from './search-index.ts';
import { KEPT_FORMAT } from './kept-format.ts';
import { searchIndexOf, type SearchIndex } from './search-parts.ts';
import { writeWhole } from './whole-file.ts';

/** The list of the parts an index is made of, with their keys: written last, by a rename. */
const LIST = 'parts.json';

const listSchema = z.object({
  /** The version of the portal that made it (kept-format.ts) and the database it was made of (migration 0019). */
  format: z.literal(KEPT_FORMAT),
  database: z.string(),
  parts: z.record(z.string().regex(/^\d+$/), z.string().regex(/^[0-9a-f]{64}$/)),
});

/** A part's file: named by its key, so an unchanged part is not written again. */
const fileOf = (part: string, key: string) => `${part}-${key}.v8`;

/**
 * Issue 50: the search index is kept on disk (DATA_DIR/publication/search-index), so a restart serves the last
 * one at once instead of waiting for Pagefind (8 s at Austria scale) and makes again only the parts
 * whose records changed meanwhile. Each part is one file; the list naming them is switched to by a
 * rename, so a start never reads half an index. Processes sharing DATA_DIR write the same files for
 * the same key; a file another process removed makes the next start index again (loadSearchIndex).
 */
export async function saveSearchIndex(dir: string, index: SearchIndex, database: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const wanted = new Set([...index.parts].map(([part, { key }]) => fileOf(part, key)));
  const present = new Set(await readdir(dir));
  for (const [part, { key, files }] of index.parts) {
    if (!present.has(fileOf(part, key))) await writeWhole(path.join(dir, fileOf(part, key)), serialize(files));
  }
  const parts = Object.fromEntries([...index.parts].map(([part, { key }]) => [part, key]));
  await writeWhole(path.join(dir, LIST), JSON.stringify({ format: KEPT_FORMAT, database, parts }));
  for (const name of present)
    // Another process's file being written (.tmp) is left to it.
    if (name !== LIST && !wanted.has(name) && !name.endsWith('.tmp'))
      await rm(path.join(dir, name), { force: true, recursive: true });
}

/** The index of `database` last saved in `dir`, or undefined when there is none whole (the caller makes one). */
export async function loadSearchIndex(dir: string, database: string): Promise<SearchIndex | undefined> {
  const listed = listSchema.safeParse(await readJson(path.join(dir, LIST)));
  if (!listed.success || listed.data.database !== database) return undefined;
  const parts = new Map<string, { key: string; files: readonly SearchFile[] }>();
  for (const [part, key] of Object.entries(listed.data.parts).sort(([a], [b]) => a.localeCompare(b))) {
    const files = await readFile(path.join(dir, fileOf(part, key))).then(searchFilesIn, () => null);
    if (!files) return undefined;
    parts.set(part, { key, files });
  }
  return searchIndexOf(parts);
}

/** A part's files, or null when the bytes are not (a file cut short by a power loss, say). */
function searchFilesIn(bytes: Buffer): SearchFile[] | null {
  try {
    const files = deserialize(bytes) as unknown;
    const isFile = (file: unknown) =>
      typeof (file as SearchFile | null)?.path === 'string' && (file as SearchFile).content instanceof Uint8Array;
    return Array.isArray(files) && files.every(isFile) ? (files as SearchFile[]) : null;
  } catch {
    return null;
  }
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}
