import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { photoFiles, photoOfFile, type UploadedPhoto } from '../../lib/market-photo.ts';

/**
 * The uploaded photos' files (issue 20), in DATA_DIR/market-photos: every portal process shares
 * DATA_DIR (docs/deployment.md), so a photo one process stored is served by all.
 */
export interface PhotoStore {
  dir: string;
  write(files: ReadonlyMap<string, Buffer>): Promise<void>;
  read(file: string): Promise<Buffer | null>;
  remove(photo: UploadedPhoto): Promise<void>;
}

export const photoDirOf = (dataDir: string): string => path.join(dataDir, 'market-photos');

export function createPhotoStore(dir: string): PhotoStore {
  return {
    dir,
    async write(files) {
      await mkdir(dir, { recursive: true });
      for (const [name, bytes] of files) {
        // Written whole under another name first: a reader never gets half a file.
        const partial = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}`);
        await writeFile(partial, bytes, { mode: 0o644 });
        await rename(partial, path.join(dir, name));
      }
    },
    async read(file) {
      if (!photoOfFile(file)) return null; // only names of the photo shape: no path ever leaves the folder
      return readFile(path.join(dir, file)).catch(() => null);
    },
    async remove(photo) {
      await Promise.all(photoFiles(photo).map((file) => rm(path.join(dir, file), { force: true })));
    },
  };
}
