import { randomUUID } from 'node:crypto';
import { chmod, lstat, readdir, rename, rm, writeFile } from 'node:fs/promises';
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
 * A link is left as it is, and what another process removes meanwhile is passed over.
 */
export async function openToReaders(target: string): Promise<void> {
  const entry = await lstat(target).catch(() => null);
  if (!entry || entry.isSymbolicLink()) return;
  await chmod(target, entry.isDirectory() ? 0o755 : 0o644).catch(() => {});
  if (entry.isDirectory())
    for (const name of await readdir(target).catch(() => [])) await openToReaders(path.join(target, name));
}
