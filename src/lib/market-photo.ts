/**
 * A photo a clerk uploaded (issue 20), as its address names it: `/markt-bilder/<hash>-<W>x<H>.jpg`,
 * the largest JPEG. The address alone tells the page every file there is (the smaller widths and
 * the AVIF and WebP beside each), and the picture's size for `width`/`height`, so the directory
 * needs no lookup to render it and a typed image address (`https://…`) is never taken for one.
 */
export const PHOTO_PATH = '/markt-bilder';

/** The widths a photo is stored at; one narrower than 1280 px is stored at its own width as the largest. */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;
export const PHOTO_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** 32 hex digits of SHA-256: 128 bits, so a name cannot be guessed. */
const NAME = /^([0-9a-f]{32})-([1-9]\d{0,3})x([1-9]\d{0,4})$/;
const ADDRESS = new RegExp(`^${PHOTO_PATH}/([0-9a-f]{32}-[1-9]\\d{0,3}x[1-9]\\d{0,4})\\.jpg$`);
/** Every file of a photo: its name, `-<width>` for a smaller width, and the format. */
const FILE = /^([0-9a-f]{32}-[1-9]\d{0,3}x[1-9]\d{0,4})(?:-(320|640))?\.(avif|webp|jpg)$/;

export interface UploadedPhoto {
  /** `<hash>-<W>x<H>`: the files' common name and the key of its owner's record. */
  name: string;
  width: number;
  height: number;
}

export function photoOfName(name: string): UploadedPhoto | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const width = Number(match[2]);
  const height = Number(match[3]);
  return width <= 1280 ? { name, width, height } : null;
}

/** The uploaded photo an image address names; null for any other address (a typed one). */
export function uploadedPhotoOf(url: string): UploadedPhoto | null {
  const match = ADDRESS.exec(url);
  return match?.[1] ? photoOfName(match[1]) : null;
}

export function photoAddress(photo: UploadedPhoto): string {
  return `${PHOTO_PATH}/${photo.name}.jpg`;
}

/** The widths stored for a photo this wide, narrowest first; the last is its own width. */
export function photoWidths(width: number): number[] {
  return [...PHOTO_WIDTHS.filter((each) => each < width), Math.min(width, 1280)];
}

/** The file of one width and format (names below /markt-bilder/). */
export function photoFile(photo: UploadedPhoto, width: number, format: PhotoFormat): string {
  return width >= photo.width ? `${photo.name}.${format}` : `${photo.name}-${width}.${format}`;
}

export function photoFiles(photo: UploadedPhoto): string[] {
  return photoWidths(photo.width).flatMap((width) => PHOTO_FORMATS.map((format) => photoFile(photo, width, format)));
}

/** The photo a file below /markt-bilder/ belongs to, if it is one of an uploaded photo's files. */
export function photoOfFile(file: string): UploadedPhoto | null {
  const match = FILE.exec(file);
  const photo = match?.[1] ? photoOfName(match[1]) : null;
  if (!photo || !match) return null;
  return match[2] && Number(match[2]) >= photo.width ? null : photo;
}

/** `srcset` of one format: every stored width. */
export function photoSrcset(photo: UploadedPhoto, format: PhotoFormat): string {
  return photoWidths(photo.width)
    .map((width) => `${PHOTO_PATH}/${photoFile(photo, width, format)} ${width}w`)
    .join(', ');
}
