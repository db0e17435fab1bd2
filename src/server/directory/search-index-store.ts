import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { KEPT_FORMAT } from './kept-format.ts';
import { partFolder, searchIndexOf, type SearchIndex } from './search-parts.ts';
import { writeWhole } from './whole-file.ts';

/** Where the search index's parts are, in the publication's folder (config.ts, publicationDirOf). */
export const searchIndexDirOf = (publication: string): string => path.join(publication, 'search-index');

/** Which parts the index served last is made of, with their keys: written last, by a rename. */
const LIST = 'index.json';
/**
 * A part's folder is removed once no process has listed it for this long (keepListed): a visitor's
 * page that listed it before may still ask for its files, and another process sharing DATA_DIR may
 * still serve it while its own index follows. So is a folder a crashed write left (`.tmp`).
 */
const KEEP_UNLISTED_MS = 60 * 60 * 1000;
/** How often a process marks the folders it serves as listed (the publisher's timer). */
export const KEEP_LISTED_EVERY_MS = 10 * 60 * 1000;

const listSchema = z.object({
  /** The version of the portal that made it (kept-format.ts) and the database it was made of (migration 0019). */
  format: z.literal(KEPT_FORMAT),
  database: z.string(),
  parts: z.record(z.string().regex(/^\d+$/), z.string().regex(/^[0-9a-f]{64}$/)),
});

/**
 * Issue 50: the search index's parts are folders of DATA_DIR/publication/search-index, served as
 * they are (http/published-files.ts). A restart serves the index listed last at once instead of
 * waiting for Pagefind (8 s at Austria scale), and makes again only the parts whose records changed
 * meanwhile. The list is switched to by a rename, so a start never reads half of it.
 */
export async function saveSearchIndex(dir: string, index: SearchIndex, database: string): Promise<void> {
  const parts = Object.fromEntries(index.parts);
  await writeWhole(path.join(dir, LIST), JSON.stringify({ format: KEPT_FORMAT, database, parts }));
  const listed = await keepListed(dir, index);
  for (const name of await readdir(dir)) {
    if (name === LIST || listed.has(name)) continue;
    const changed = await stat(path.join(dir, name)).catch(() => null);
    if (changed && Date.now() - changed.mtimeMs > KEEP_UNLISTED_MS)
      await rm(path.join(dir, name), { force: true, recursive: true });
  }
}

/** Marks the folders of `index` as listed now (their time), so no process sharing `dir` removes them; answers their names. */
export async function keepListed(dir: string, index: SearchIndex): Promise<Set<string>> {
  const listed = new Set([...index.parts].map(([part, key]) => partFolder(part, key)));
  const now = new Date();
  for (const name of listed) await utimes(path.join(dir, name), now, now).catch(() => {}); // made again when missing
  return listed;
}

/** The index of `database` listed last in `dir`, or undefined when there is none whole (the caller makes one). */
export async function loadSearchIndex(dir: string, database: string): Promise<SearchIndex | undefined> {
  const listed = listSchema.safeParse(
    await readFile(path.join(dir, LIST), 'utf8')
      .then(JSON.parse)
      .catch(() => undefined),
  );
  if (!listed.success || listed.data.database !== database) return undefined;
  const parts = new Map(Object.entries(listed.data.parts).sort(([a], [b]) => a.localeCompare(b)));
  for (const [part, key] of parts) if (!existsSync(path.join(dir, partFolder(part, key)))) return undefined;
  return searchIndexOf(parts);
}
