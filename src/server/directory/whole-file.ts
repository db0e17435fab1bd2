import { randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

/**
 * `content` written beside `file` and renamed over it: a start never reads half a file, and
 * processes sharing DATA_DIR each write a whole one of their own (snapshot-store.ts, page-store.ts).
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
