import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Issue 20: test photos made in code, not kept as binary files. */

export const CLERKS_COMMENT = 'Taken at the clerk home';

/**
 * A phone photo as it leaves the camera: EXIF with a GPS position (Hartberg), the camera owner in
 * IFD0, a JPEG comment, and an orientation that turns it upright (6: 90° clockwise).
 */
export async function phonePhoto(width = 1600, height = 1200): Promise<Buffer> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: '#4a8a3c' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Artist: 'Clerk Private' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 17/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '15/1 58/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const comment = Buffer.from(CLERKS_COMMENT, 'latin1');
  const marker = Buffer.from([0xff, 0xfe, 0, comment.length + 2]);
  return Buffer.concat([jpeg.subarray(0, 2), marker, comment, jpeg.subarray(2)]);
}

export const pngOf = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.5 } } })
    .png()
    .toBuffer();

/**
 * A decompression bomb: a PNG of a few hundred bytes that claims 100,000 × 100,000 pixels
 * (10 gigapixels, 40 GB decoded).
 */
export function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  return pngFile(header, deflateSync(Buffer.alloc(64 * 1024)));
}

/**
 * Issue 49: a black line of 1-bit pixels, whole, under the 50-megapixel limit: 49,000,000 × 1 px
 * is 6 KB, 1 × 49,000,000 px 95 KB. Decoded, turned and scaled it took a core for minutes.
 */
export function pngLine(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit, grey
  return pngFile(header, deflateSync(Buffer.alloc((1 + Math.ceil(width / 8)) * height), { level: 9 }));
}

function pngFile(header: Buffer, data: Buffer): Buffer {
  const chunk = (type: string, content: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), content]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(content.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, check]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Issue 49: an honest 12-megapixel camera photo (4000 × 3000 px JPEG), its pixels a soft gradient
 * (sharp's own noise takes seconds to make, and an image library to encode). The same pixels each
 * time, made once; each `seed` is a photo of its own by a comment in its header.
 */
export async function cameraPhoto(seed: number): Promise<Buffer> {
  cameraPixels ??= gradientJpeg(4000, 3000);
  const jpeg = await cameraPixels;
  const comment = Buffer.from(`photo ${seed}`, 'latin1');
  const marker = Buffer.from([0xff, 0xfe, 0, comment.length + 2]);
  return Buffer.concat([jpeg.subarray(0, 2), marker, comment, jpeg.subarray(2)]);
}
let cameraPixels: Promise<Buffer> | undefined;

function gradientJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0, at = 0; y < height; y++) {
    for (let x = 0; x < width; x++, at += 3) {
      pixels[at] = x >> 4;
      pixels[at + 1] = y >> 4;
      pixels[at + 2] = (x + y) >> 5;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Whether the bytes carry metadata: an EXIF block, XMP, a JPEG comment, or any text of the camera's. */
export function metadataLeftIn(bytes: Buffer): string[] {
  const found: string[] = [];
  if (bytes.includes('Exif')) found.push('Exif');
  if (bytes.includes('http://ns.adobe.com/xap')) found.push('XMP');
  if (bytes.includes(CLERKS_COMMENT)) found.push('comment');
  if (bytes.includes('Clerk Private')) found.push('artist');
  return found;
}
