import { uploadedPhotoOf } from '../../lib/market-photo.ts';
import { ApiError } from '../api-error.ts';
import type { Queryable } from '../db/database.ts';
import { findPhoto } from '../db/queries/market-photos.ts';

/**
 * Refuses (422 photo_not_found) an uploaded photo's address that is not the municipality's (issue
 * 20). Apart from market-photos.ts, which loads the image library: a save's procedure runs on the
 * database's thread, and sharp is not to be loaded there (sharp#2263).
 */
export async function refuseForeignPhoto(tx: Queryable, gkz: string, url: string | undefined): Promise<void> {
  const photo = url === undefined ? null : uploadedPhotoOf(url);
  if (!photo) return;
  const row = await findPhoto(tx, photo.name);
  if (row?.gkz !== gkz) throw new ApiError('photo_not_found', { 'image.url': 'photo_not_found' });
}
