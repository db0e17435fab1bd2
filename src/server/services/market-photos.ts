import { photoAddress, photoOfName, uploadedPhotoOf, type UploadedPhoto } from '../../lib/market-photo.ts';
import { ApiError } from '../api-error.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import {
  deletePhotoRow,
  findPhoto,
  insertPhoto,
  isPhotoUsed,
  lockPhotoQuota,
  unusedPhotos,
} from '../db/queries/market-photos.ts';
import { photoQuotaRefusal } from '../db/quota-error.ts';
import { headerRefusal } from '../photos/photo-header.ts';
import { createPhotoPool, type PhotoPool } from '../photos/photo-pool.ts';
import type { PhotoStore } from '../photos/photo-store.ts';

/** An upload no market shows after a day was abandoned (the clerk left the form): it goes at the next upload. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

export interface PhotoAnswer {
  url: string;
  width: number;
  height: number;
}

/** What the market service asks of the photos when a market's image changes. */
export interface PhotoOwnership {
  /** After a commit: the photos of these addresses go, unless a market still shows them. */
  released(urls: ReadonlyArray<string | undefined>): Promise<void>;
}

export type MarketPhotoService = ReturnType<typeof createMarketPhotoService>;

/** Issue 20: a clerk's photo uploads, owned by their municipality, within its quota. */
export function createMarketPhotoService({
  db,
  store,
  clock,
  published,
  pool = createPhotoPool(),
}: {
  db: Database;
  store: PhotoStore;
  clock: () => Date;
  /** Where the photos' work is done, off the requests' thread (issue 49). */
  pool?: PhotoPool;
  /**
   * Resolves once every change made so far is in the public directory (the publisher's settled()):
   * a photo let go is deleted only then, so a page published before the change never points at
   * files already gone. Without it (no directory: API tests), at once.
   */
  published?: () => Promise<void>;
}) {
  /** Deletes the photo, row and files, unless a market shows it (checked in the deleting transaction). */
  const removeIfUnused = async (photo: UploadedPhoto): Promise<boolean> => {
    const removed = await db.transaction(async (tx) => {
      if (await isPhotoUsed(tx, photoAddress(photo))) return false;
      await deletePhotoRow(tx, photo.name);
      return true;
    });
    if (removed) await store.remove(photo);
    return removed;
  };

  const ownership: PhotoOwnership = {
    async released(urls) {
      const photos = [...new Set(urls)].flatMap((url) => (url === undefined ? [] : (uploadedPhotoOf(url) ?? [])));
      if (photos.length === 0) return;
      const remove = async () => {
        for (const photo of photos) await removeIfUnused(photo);
      };
      if (!published) return remove();
      // After the publish, beside the requests: the clerk's save does not wait for it.
      void published()
        .then(remove)
        .catch((error: unknown) => console.error(`Deleting a photo let go failed: ${String(error)}`));
    },
  };

  return {
    ownership,

    /** The upload as the pages' files; `signal` ends its work once the client has gone. */
    async upload(user: SessionUser, upload: Buffer, signal?: AbortSignal): Promise<PhotoAnswer> {
      // Refused from its header here, at once: an image no camera makes never waits for the photos' threads.
      const refused = await headerRefusal(upload);
      if (refused) throw new ApiError(refused, { file: refused });
      await sweepAbandoned(user.gkz);
      const encoded = await pool.encode(user.userId, upload, user.gkz, signal);
      if (typeof encoded === 'string') throw new ApiError(encoded, { file: encoded });
      const { photo, files, bytes } = encoded;
      await store.write(files);
      try {
        await db.transaction(async (tx) => {
          const quota = await lockPhotoQuota(tx, user.gkz);
          if (!quota) throw new ApiError('forbidden');
          if ((await findPhoto(tx, photo.name)) !== null) return; // the same upload again
          if (quota.used + bytes > quota.max * 1_000_000) throw photoQuotaRefusal(quota.max);
          await insertPhoto(tx, { name: photo.name, gkz: user.gkz, bytes }, clock());
        });
      } catch (error) {
        if (!(await findPhoto(db, photo.name))) await store.remove(photo);
        throw error;
      }
      return { url: photoAddress(photo), width: photo.width, height: photo.height };
    },

    /** Removes an upload the form let go before saving; a market's own photo goes with the save instead. */
    async remove(user: SessionUser, url: string): Promise<void> {
      const photo = uploadedPhotoOf(url);
      const row = photo && (await findPhoto(db, photo.name));
      // Another municipality's photo is "not found": its name says nothing to them.
      if (!photo || row?.gkz !== user.gkz) throw new ApiError('photo_not_found', { url: 'photo_not_found' });
      if (!(await removeIfUnused(photo))) throw new ApiError('photo_in_use', { url: 'photo_in_use' });
    },
  };

  async function sweepAbandoned(gkz: string): Promise<void> {
    const before = new Date(clock().getTime() - ABANDONED_AFTER_MS);
    for (const name of await unusedPhotos(db, gkz, before)) {
      const photo = photoOfName(name);
      if (photo) await removeIfUnused(photo);
    }
  }
}
