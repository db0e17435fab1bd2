import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { photoFile, photoWidths, PHOTO_FORMATS, type PhotoFormat, type UploadedPhoto } from '../../lib/market-photo.ts';
import { headerRefusal, MAX_PIXELS, type HeaderRefusal } from './photo-header.ts';

/**
 * Issue 49: the most a photo's work may take, from its header to its last file. An honest
 * 12-megapixel photo takes 1–4 s of one core (on a busy two-core machine), one of 50 megapixels
 * about four times that; past the bound its work is stopped inside the image library, which
 * measures it by whole seconds.
 */
export const PHOTO_SECONDS = 30;

export type EncodeRefusal = HeaderRefusal | 'photo_too_slow';
export interface EncodedPhoto {
  photo: UploadedPhoto;
  /** Every file by its name below /markt-bilder/. */
  files: Map<string, Buffer>;
  bytes: number;
}

/** Thrown between two steps of a photo's work once its client has gone (photo-pool.ts). */
export class PhotoWorkStopped extends Error {
  override name = 'PhotoWorkStopped';
}

export interface PhotoWorkBounds {
  /** When the work must be done, in performance.now() time. */
  deadline: number;
  /** Whether the work is no longer wanted: asked between its steps. */
  stopped: () => boolean;
}

/**
 * Turns an upload into the files the pages show: turned upright by its EXIF orientation, at most
 * 1280 px wide, at each of the stored widths as AVIF, WebP and JPEG. sharp writes no metadata
 * unless asked to (`keepMetadata`, `withMetadata`), so the GPS position, camera and comments of a
 * phone photo are gone from every file (tests check the bytes). The name is a hash over the
 * municipality and the upload: the same photo of two municipalities is two photos, each its own.
 */
export async function encodePhoto(
  upload: Buffer,
  gkz: string,
  bounds: PhotoWorkBounds = { deadline: performance.now() + PHOTO_SECONDS * 1000, stopped: () => false },
): Promise<EncodedPhoto | EncodeRefusal> {
  const refused = await headerRefusal(upload);
  if (refused) return refused;
  // Each step of the image library stops itself at the deadline, and none starts after it.
  const timed = (image: Sharp): Sharp => {
    if (bounds.stopped()) throw new PhotoWorkStopped();
    const seconds = Math.ceil((bounds.deadline - performance.now()) / 1000);
    if (seconds <= 0) throw new TooSlow();
    return image.timeout({ seconds });
  };
  try {
    const upright = await timed(sharp(upload, { limitInputPixels: MAX_PIXELS, failOn: 'error' }))
      .rotate()
      .resize({ width: 1280, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = upright.info;
    const hash = createHash('sha256').update(gkz).update('\0').update(upload).digest('hex').slice(0, 32);
    const photo: UploadedPhoto = { name: `${hash}-${width}x${height}`, width, height };
    const files = new Map<string, Buffer>();
    for (const each of photoWidths(width)) {
      const scaled = sharp(upright.data, { raw: { width, height, channels } }).resize({ width: each });
      for (const format of PHOTO_FORMATS) {
        files.set(photoFile(photo, each, format), await inFormat(timed(scaled.clone()), format));
      }
    }
    const bytes = [...files.values()].reduce((sum, file) => sum + file.length, 0);
    return { photo, files, bytes };
  } catch (error) {
    if (error instanceof PhotoWorkStopped) throw error;
    if (error instanceof TooSlow || (error instanceof Error && error.message.startsWith('timeout'))) {
      return 'photo_too_slow';
    }
    return 'not_an_image'; // truncated or damaged past its header
  }
}

class TooSlow extends Error {}

/** Qualities near what image CDNs choose; AVIF at low effort, since a clerk waits for it. */
function inFormat(image: Sharp, format: PhotoFormat): Promise<Buffer> {
  if (format === 'avif') return image.avif({ quality: 55, effort: 2 }).toBuffer();
  if (format === 'webp') return image.webp({ quality: 75 }).toBuffer();
  // JPEG has no transparency: a PNG's transparent parts become white, as on the page.
  return image.flatten({ background: '#ffffff' }).jpeg({ quality: 78, progressive: true, mozjpeg: true }).toBuffer();
}
