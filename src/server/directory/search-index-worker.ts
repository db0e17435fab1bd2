import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import * as pagefind from 'pagefind';
import { precompressSite } from '../compression/precompress.ts';
import type { SearchRecord } from './search-index.ts';
import { openToReaders } from './whole-file.ts';

/**
 * Pagefind's indexing, on a thread of its own (search-index.ts starts it) at the lowest CPU
 * priority: this thread's encoding of the records and the indexing process it starts (which
 * inherits the priority) then get the CPU only when readers and clerks leave it idle. At Austria
 * scale a publish's index took a core for 8–10 s, and the clerks' saves waited twice as long
 * meanwhile (issue 18). A system that refuses the priority indexes at the normal one.
 */
// A thread inherits the priority of the thread that starts it: the thread pool (compression and
// files for the whole portal) is started first, should it not be yet, so it keeps the normal one.
await stat(import.meta.filename);
try {
  setPriority(19);
} catch {
  // indexing at the normal priority
}

/** The records of one part of the index, and the folder its files go to (search-parts.ts). */
export interface IndexAsk {
  records: SearchRecord[];
  folder: string;
}
export type IndexAnswer = { written: true } | { error: string };

parentPort?.on('message', ({ records, folder }: IndexAsk) => {
  writeIndex(records, folder).then(
    () => parentPort?.postMessage({ written: true } satisfies IndexAnswer),
    (error: unknown) =>
      parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies IndexAnswer),
  );
});

/** Pagefind's ready-made interfaces: public/js/search.js is the directory's own, so they are not written. */
const UNUSED = /^pagefind-(ui|modular-ui|component-ui|highlight)\./;

/**
 * The index of `records` written to `folder` with the brotli and gzip codings of its text files,
 * whole or not at all: into a folder of its own first, renamed to `folder` once complete. A folder
 * there already (another process sharing DATA_DIR made the same part) is kept.
 */
async function writeIndex(records: readonly SearchRecord[], folder: string): Promise<void> {
  const temp = `${folder}.${randomUUID()}.tmp`;
  try {
    for (const file of await indexFiles(records)) {
      const target = path.join(temp, file.path);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.content);
    }
    await precompressSite(temp);
    await openToReaders(temp);
    await rename(temp, folder).catch(async (error: unknown) => {
      if (!(await stat(folder).catch(() => null))?.isDirectory()) throw error;
    });
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

async function indexFiles(records: readonly SearchRecord[]): Promise<{ path: string; content: Uint8Array }[]> {
  // Fragments bundled by the few hundred per language: 17,500 files (one per page and language at
  // Austria scale) took Pagefind 2 s to write and the portal's memory a map of them (issue 17).
  const { index, errors } = await pagefind.createIndex({ maxFragments: 300 });
  try {
    if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
    // All at once: one at a time waits for the indexing process's answer to each (issue 17: 18,000 at Austria scale).
    const added = await Promise.all(records.map((record) => index.addCustomRecord(record)));
    const failed = added.flatMap((answer) => answer.errors);
    if (failed.length > 0) throw new Error(`Pagefind: ${failed.join('; ')}`);
    const built = await index.getFiles();
    if (built.errors.length > 0) throw new Error(`Pagefind: ${built.errors.join('; ')}`);
    return built.files.filter((file) => !UNUSED.test(file.path));
  } finally {
    await pagefind.close();
  }
}
