import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  photoAddress,
  photoFiles,
  photoOfFile,
  photoSrcset,
  photoWidths,
  uploadedPhotoOf,
  type UploadedPhoto,
} from './market-photo.ts';

const photos = fc
  .record({
    hash: fc.stringMatching(/^[0-9a-f]{32}$/),
    width: fc.integer({ min: 1, max: 1280 }),
    height: fc.integer({ min: 1, max: 99_999 }),
  })
  .map(({ hash, width, height }): UploadedPhoto => ({ name: `${hash}-${width}x${height}`, width, height }));

describe('an uploaded photo’s address (issue 20)', () => {
  it('names the photo and every file of it, and nothing else', () => {
    fc.assert(
      fc.property(photos, (photo) => {
        expect(uploadedPhotoOf(photoAddress(photo))).toEqual(photo);
        const files = photoFiles(photo);
        expect(new Set(files).size).toBe(files.length);
        for (const file of files) expect(photoOfFile(file)).toEqual(photo);
        // The largest width is the photo's own: the address is one of its files.
        expect(files).toContain(photoAddress(photo).split('/').pop());
      }),
    );
  });

  it('stores each width once, narrowest first, never wider than the photo', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1280 }), (width) => {
        const widths = photoWidths(width);
        expect(widths.at(-1)).toBe(width);
        expect([...widths].sort((a, b) => a - b)).toEqual(widths);
        expect(new Set(widths).size).toBe(widths.length);
      }),
    );
  });

  it('is never a typed address, a path out of the folder, or a width above 1280', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const photo = uploadedPhotoOf(`/markt-bilder/${text}`);
        if (photo) expect(`/markt-bilder/${text}`).toBe(photoAddress(photo));
      }),
    );
    for (const url of [
      'https://example.org/markt-bilder/0123456789abcdef0123456789abcdef-640x480.jpg',
      '/markt-bilder/../0123456789abcdef0123456789abcdef-640x480.jpg',
      '/markt-bilder/0123456789abcdef0123456789abcdef-1281x480.jpg',
      '/markt-bilder/0123456789abcdef0123456789abcdef-640x480.webp',
    ])
      expect(uploadedPhotoOf(url), url).toBeNull();
    expect(photoOfFile('0123456789abcdef0123456789abcdef-320x200-320.jpg')).toBeNull();
  });

  it('gives srcset entries for every stored width', () => {
    const photo = uploadedPhotoOf('/markt-bilder/0123456789abcdef0123456789abcdef-1280x720.jpg')!;
    expect(photoSrcset(photo, 'avif')).toBe(
      '/markt-bilder/0123456789abcdef0123456789abcdef-1280x720-320.avif 320w, ' +
        '/markt-bilder/0123456789abcdef0123456789abcdef-1280x720-640.avif 640w, ' +
        '/markt-bilder/0123456789abcdef0123456789abcdef-1280x720.avif 1280w',
    );
  });
});
