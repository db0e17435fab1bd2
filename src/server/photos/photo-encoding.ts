import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { photoFile, photoWidths, PHOTO_FORMATS, type PhotoFormat, type UploadedPhoto } from '../../lib/market-photo.ts';

/** api.md extension: larger uploads are refused with 413 (a phone photo is 2 to 8 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * 50 megapixels: more than any phone camera's default, and still about 200 MB when decoded. A
 * "decompression bomb" (a tiny file that claims 100,000 × 100,000 pixels) is refused from its
 * header, before a pixel is decoded.
 */
export const MAX_PIXELS = 50_000_000;

/** Raster formats whose first bytes we know (never the file's name or the browser's type): no SVG, no HTML. */
const SIGNATURES: ReadonlyArray<(bytes: Buffer) => boolean> = [
  (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  (bytes) => bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP',
  (bytes) => bytes.toString('latin1', 4, 8) === 'ftyp' && ['avif', 'avis'].includes(bytes.toString('latin1', 8, 12)),
];
export const isRasterImage = (bytes: Buffer): boolean => SIGNATURES.some((matches) => matches(bytes));

export type EncodeRefusal = 'not_an_image' | 'photo_too_many_pixels';
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
  if (!isRasterImage(upload)) return 'not_an_image';
  const options = { limitInputPixels: MAX_PIXELS, failOn: 'error' as const };
  // The header alone, read without the limit (which would refuse a bomb as unreadable).
  const meta = await sharp(upload, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) return 'not_an_image';
  if (meta.width * meta.height > MAX_PIXELS) return 'photo_too_many_pixels';
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
