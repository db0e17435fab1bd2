import { hasImageSignature } from './image-signature.ts';
import { createPublicDownload, type DownloadRules } from './public-download.ts';

export { isPublicAddress, type DownloadRules } from './public-download.ts';

/** What a market image may be: the raster formats every browser shows (no SVG, which can carry scripts). */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
};

export interface DownloadedImage {
  bytes: Buffer;
  extension: string;
}

/** `stop` ends the download early: the whole image step's deadline (market-images.ts). */
export type ImageDownload = (url: string, stop?: AbortSignal) => Promise<DownloadedImage | null>;

const MAX_BYTES = 5 * 1024 * 1024;

/**
 * Fetches an image a market's record points to, for the static build to serve it itself
 * (visitors' browsers then ask no third party). Gives null for anything that is not an https
 * address (port 443) on the public internet answering 200 with a raster image under 5 MB, whose
 * bytes begin as its type's do, all within 10 s for the image, redirects included.
 */
export function createImageDownload(rules?: DownloadRules): ImageDownload {
  const download = createPublicDownload({ maxBytes: MAX_BYTES, accept: Object.keys(IMAGE_TYPES) }, rules);
  return async (url, stop) => {
    const file = await download(url, stop);
    const extension = file && IMAGE_TYPES[file.type];
    return file && extension && hasImageSignature(file.bytes, extension) ? { bytes: file.bytes, extension } : null;
  };
}

export const downloadImage: ImageDownload = createImageDownload();
