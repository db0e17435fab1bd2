import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { photoFile, photoWidths, PHOTO_FORMATS, type PhotoFormat, type UploadedPhoto } from '../../lib/market-photo.ts';
import { headerRefusal, MAX_PIXELS, type HeaderRefusal } from './photo-header.ts';

export type EncodeRefusal = HeaderRefusal;
export interface EncodedPhoto {
  photo: UploadedPhoto;
  /** Every file by its name below /markt-bilder/. */
  files: Map<string, Buffer>;
  bytes: number;
}

/**
 * Turns an upload into the files the pages show: turned upright by its EXIF orientation, at most
 * 1280 px wide, at each of the stored widths as AVIF, WebP and JPEG. sharp writes no metadata
 * unless asked to (`keepMetadata`, `withMetadata`), so the GPS position, camera and comments of a
 * phone photo are gone from every file (tests check the bytes). The name is a hash over the
 * municipality and the upload: the same photo of two municipalities is two photos, each its own.
 */
export async function encodePhoto(upload: Buffer, gkz: string): Promise<EncodedPhoto | EncodeRefusal> {
  const refused = await headerRefusal(upload);
  if (refused) return refused;
  const options = { limitInputPixels: MAX_PIXELS, failOn: 'error' as const };
  try {
    const upright = await sharp(upload, options)
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
      for (const format of PHOTO_FORMATS) files.set(photoFile(photo, each, format), await inFormat(scaled, format));
    }
    const bytes = [...files.values()].reduce((sum, file) => sum + file.length, 0);
    return { photo, files, bytes };
  } catch {
    return 'not_an_image'; // truncated or damaged past its header
  }
}

/** Qualities near what image CDNs choose; AVIF at low effort, since a clerk waits for it. */
function inFormat(image: Sharp, format: PhotoFormat): Promise<Buffer> {
  const copy = image.clone();
  if (format === 'avif') return copy.avif({ quality: 55, effort: 2 }).toBuffer();
  if (format === 'webp') return copy.webp({ quality: 75 }).toBuffer();
  // JPEG has no transparency: a PNG's transparent parts become white, as on the page.
  return copy.flatten({ background: '#ffffff' }).jpeg({ quality: 78, progressive: true, mozjpeg: true }).toBuffer();
}
