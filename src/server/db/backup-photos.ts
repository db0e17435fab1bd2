import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { photoFiles, photoOfFile, photoOfName } from '../../lib/market-photo.ts';
import { createPhotoStore } from '../photos/photo-store.ts';
import type { Queryable } from './database.ts';
import { allPhotoNames } from './queries/market-photos.ts';

/**
 * Issue 20: a backup carries the uploaded photos' files after the tables, one line each
 * (`{"file": name, "data": base64}`), so that a restore on a new machine brings them back. Only
 * the files of photos in the backed-up `market_photos` rows: what the restored database names.
 */
export interface PhotoLine {
  file: string;
  data: string;
}

/** Base64 as Buffer writes it; a file of a photo is under 3 MB (backup-file.ts limits a line to 4 MB). */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The files to back up, as they are on disk now (read in the backup's snapshot of the rows). */
export async function photoFilesToBackUp(tx: Queryable, photoDir: string | null): Promise<string[]> {
  const names = await allPhotoNames(tx);
  if (names.length === 0) return [];
  if (photoDir === null) throw new Error('The database has uploaded photos, but no folder for them was given.');
  const present = new Set(await readdir(photoDir).catch(() => []));
  return names.flatMap((name) => {
    const photo = photoOfName(name);
    return photo ? photoFiles(photo).filter((file) => present.has(file)) : [];
  });
}

export async function* photoLines(photoDir: string, files: readonly string[]): AsyncGenerator<string> {
  for (const file of files) {
    const data = (await readFile(path.join(photoDir, file))).toString('base64');
    yield `${JSON.stringify({ file, data } satisfies PhotoLine)}\n`;
  }
}

/** A photo line of a backup file, or null when it is not one (damaged or hostile). */
export function photoLineOf(value: unknown): PhotoLine | null {
  const { file, data } = (value ?? {}) as Partial<PhotoLine>;
  if (typeof file !== 'string' || typeof data !== 'string' || !photoOfFile(file) || !BASE64.test(data)) return null;
  return { file, data };
}

export async function writeRestoredPhoto(photoDir: string, line: PhotoLine): Promise<void> {
  await createPhotoStore(photoDir).write(new Map([[line.file, Buffer.from(line.data, 'base64')]]));
}

/** After a restore: files of photos the restored database does not name go (other files stay). */
export async function removePhotosNotIn(db: Queryable, photoDir: string): Promise<void> {
  const kept = new Set(await allPhotoNames(db));
  for (const file of await readdir(photoDir).catch(() => [])) {
    const photo = photoOfFile(file);
    if (photo && !kept.has(photo.name)) await rm(path.join(photoDir, file), { force: true });
  }
}
