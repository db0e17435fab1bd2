import { randomUUID } from 'node:crypto';
import { chmod, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * `content` written beside `file` and renamed over it: a start never reads half a file, and
 * processes sharing DATA_DIR each write a whole one of their own (snapshot-store.ts, search-index-store.ts).
 */
export async function writeWhole(file: string, content: string | Uint8Array): Promise<void> {
  const temp = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, content);
    await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * Opens `target` and all below it to other users' reading (folders 755, files 644; the portal's
 * umask is 077, file-modes.ts): what nginx may serve from PUBLICATION_DIR (docs/deployment.md).
 * Inside DATA_DIR, which is the portal's user's alone, it changes nothing anyone else can reach.
 */
export async function openToReaders(target: string): Promise<void> {
  const entry = await stat(target);
  await chmod(target, entry.isDirectory() ? 0o755 : 0o644);
  if (entry.isDirectory()) for (const name of await readdir(target)) await openToReaders(path.join(target, name));
}
