import sharp from 'sharp';

/** api.md extension: larger uploads are refused with 413 (a phone photo is 2 to 8 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * 50 megapixels: more than any phone camera's default, and still about 200 MB when decoded. A
 * "decompression bomb" (a tiny file that claims 100,000 × 100,000 pixels) is refused from its
 * header, before a pixel is decoded.
 */
export const MAX_PIXELS = 50_000_000;
/**
 * Issue 49: the longest side a camera makes. Under 50 megapixels a photo's longest side is about
 * 8,200 px (4:3) to 9,400 px (16:9); a phone's panorama is the longest, up to about 16,000 px.
 * Longer ones are lines of pixels made to be decoded, not taken: a 6 KB PNG of 49,000,000 × 1 px
 * took a core for minutes.
 */
export const MAX_SIDE = 16_384;
/**
 * Issue 49: at most 8 times as long as wide (or as high). Phone panoramas are 1:4 to 1:6; a
 * photo more elongated than 1:8 shows nothing a market's page could use, and its scaling is
 * what libvips does worst.
 */
export const MAX_ELONGATION = 8;

/** Raster formats whose first bytes we know (never the file's name or the browser's type): no SVG, no HTML. */
const SIGNATURES: ReadonlyArray<(bytes: Buffer) => boolean> = [
  (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  (bytes) => bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP',
  (bytes) => bytes.toString('latin1', 4, 8) === 'ftyp' && ['avif', 'avis'].includes(bytes.toString('latin1', 8, 12)),
];
export const isRasterImage = (bytes: Buffer): boolean => SIGNATURES.some((matches) => matches(bytes));

export type HeaderRefusal = 'not_an_image' | 'photo_too_many_pixels' | 'photo_side_too_long' | 'photo_too_narrow';

/**
 * What the file's first bytes and its header say against it, before a pixel is decoded: the
 * requests' thread asks it of every upload, so an image no camera makes is refused at once and
 * never waits in the queue of photo work (photo-pool.ts).
 */
export async function headerRefusal(upload: Buffer): Promise<HeaderRefusal | null> {
  if (!isRasterImage(upload)) return 'not_an_image';
  // The header alone, read without the limit (which would refuse a bomb as unreadable).
  const meta = await sharp(upload, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) return 'not_an_image';
  const { width, height } = meta;
  if (width * height > MAX_PIXELS) return 'photo_too_many_pixels';
  if (Math.max(width, height) > MAX_SIDE) return 'photo_side_too_long';
  if (Math.max(width, height) > MAX_ELONGATION * Math.min(width, height)) return 'photo_too_narrow';
  return null;
}
