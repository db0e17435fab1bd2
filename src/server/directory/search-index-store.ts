import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import * as z from 'zod';
import type { SearchFile } from './search-index.ts';
import { searchIndexOf, type SearchIndex } from './search-parts.ts';

/** The list of the parts an index is made of, with their keys: written last, by a rename. */
const LIST = 'parts.json';

const listSchema = z.object({
  /** The database the index was made of (migration 0019): another's is not served. */
  database: z.string(),
  parts: z.record(z.string().regex(/^\d+$/), z.string().regex(/^[0-9a-f]{64}$/)),
});

/** A part's file: named by its key, so an unchanged part is not written again. */
const fileOf = (part: string, key: string) => `${part}-${key}.v8`;

/**
 * Issue 50: the search index is kept on disk (DATA_DIR/search-index), so a restart serves the last
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
    if (!present.has(fileOf(part, key))) await writeAtomically(path.join(dir, fileOf(part, key)), serialize(files));
  }
  const parts = Object.fromEntries([...index.parts].map(([part, { key }]) => [part, key]));
  await writeAtomically(path.join(dir, LIST), JSON.stringify({ database, parts }));
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
    const bytes = await readFile(path.join(dir, fileOf(part, key))).catch(() => null);
    if (!bytes) return undefined;
    parts.set(part, { key, files: deserialize(bytes) as SearchFile[] });
  }
  return searchIndexOf(parts);
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}

async function writeAtomically(file: string, content: string | Uint8Array): Promise<void> {
  const temp = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, content);
    await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
}
