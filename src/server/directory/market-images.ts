import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Directory } from '../../lib/directory/directory.ts';
import { marketsOf } from '../../lib/directory/listing.ts';
import { photoFiles, uploadedPhotoOf } from '../../lib/market-photo.ts';
import { downloadImage, IMAGE_TYPES, type ImageDownload } from './image-download.ts';

/** Where the pages find the copies: /markt-bilder/<hash>.<ext> under the site. */
export const MARKET_IMAGES_PATH = '/markt-bilder';

/** A copy this young is used again instead of fetching the image anew (builds run nightly). */
const FRESH_MS = 20 * 60 * 60 * 1000;
const PARALLEL = 8;
/** An unused copy is deleted only once it is older than this. */
const KEEP_NEW_COPY_MS = 60 * 60 * 1000;

/**
 * Issue 15, M7: the whole step has one deadline and one byte budget, so that slow or large image
 * hosts cannot hold up a build; what is not fetched by then is linked, and tried again next time.
 * Downloads under way when the budget runs out may finish (at most eight of 5 MB).
 */
export interface ImageStepLimits {
  deadlineMs: number;
  budgetBytes: number;
}
export const IMAGE_STEP_LIMITS: ImageStepLimits = { deadlineMs: 60_000, budgetBytes: 200 * 1024 * 1024 };

/** Where the site serves each image it shows, by the image's address (DirectorySource.imageFiles). */
export interface MarketImageFiles {
  files: Map<string, string>;
  copied: number;
  failed: number;
}

/**
 * Copies the markets' images at `urls` into `cacheDir` and says where the site serves each: its
 * copy, or an uploaded photo as it is. An image that cannot be fetched has no file: its page links
 * to it. Copies no address uses any more are deleted. The directory is made with the answer, so
 * that a directory once published never changes (issue 18: a publish made from the one before
 * shares its unchanged markets).
 */
export async function marketImageFiles(
  urls: Iterable<string>,
  cacheDir: string,
  download: ImageDownload | 'copies only' = downloadImage,
  now = Date.now(),
  limits: ImageStepLimits = IMAGE_STEP_LIMITS,
): Promise<MarketImageFiles> {
  const files = new Map<string, string>();
  const typed: string[] = [];
  for (const url of new Set(urls)) {
    // Issue 20: an uploaded photo is the portal's own already; only typed addresses are copied.
    if (uploadedPhotoOf(url) !== null) files.set(url, url);
    else typed.push(url);
  }
  const copies = await copiesOf(typed, cacheDir, download, now, limits);
  const used = new Set<string>();
  for (const url of typed) {
    const file = copies.get(url);
    if (!file) continue;
    files.set(url, `${MARKET_IMAGES_PATH}/${file}`);
    used.add(file);
  }
  for (const name of await readdir(cacheDir)) {
    if (used.has(name)) continue;
    // A copy younger than this was fetched after the directory was read, by another publish or
    // process sharing the cache (issue 18): it is the new market's, not an abandoned one.
    const info = await stat(path.join(cacheDir, name)).catch(() => null);
    if (info && now - info.mtimeMs > KEEP_NEW_COPY_MS) await rm(path.join(cacheDir, name), { force: true });
  }
  return { files, copied: used.size, failed: typed.length - used.size };
}

/** The addresses of images the directory shows without a copy: new since the last fetch, or unreachable. */
export function imagesWithoutCopy(directory: Directory): string[] {
  const markets = [...marketsOf(directory)].map(({ market }) => market);
  return [...new Set(markets.flatMap((market) => (market.image && !market.image_file ? market.image.url : [])))];
}

/**
 * The copy of each image in `cacheDir` (its file name), fetched when there is none or it is
 * stale; null where it could not be had. Within the step's deadline and byte budget.
 */
export async function copiesOf(
  urls: readonly string[],
  cacheDir: string,
  download: ImageDownload | 'copies only' = downloadImage,
  now = Date.now(),
  limits: ImageStepLimits = IMAGE_STEP_LIMITS,
): Promise<Map<string, string | null>> {
  await mkdir(cacheDir, { recursive: true });
  const deadline = AbortSignal.timeout(limits.deadlineMs);
  let bytesLeft = limits.budgetBytes;
  const copies = new Map<string, string | null>();
  const queue = [...new Set(urls)];
  const worker = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      // 'copies only' (npm start, issue 15, M7): any copy at hand, however old; nothing fetched.
      const cached = await freshCopy(cacheDir, url, download === 'copies only' ? Infinity : now);
      const mayFetch = download !== 'copies only' && !deadline.aborted && bytesLeft > 0;
      const fetched =
        cached || !mayFetch ? null : await fetchCopy(cacheDir, url, (address) => download(address, deadline));
      if (fetched) bytesLeft -= fetched.bytes;
      copies.set(url, cached ?? fetched?.name ?? null);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return copies;
}

/** Puts the copies and uploaded photos (every size and format) the pages use into the built site. */
export async function publishMarketImages(
  directory: Directory,
  cacheDir: string,
  clientDir: string,
  photoDir: string,
): Promise<void> {
  const target = path.join(clientDir, MARKET_IMAGES_PATH);
  await mkdir(target, { recursive: true });
  const files = new Set([...marketsOf(directory)].flatMap(({ market }) => market.image_file ?? []));
  for (const file of files) {
    const photo = uploadedPhotoOf(file);
    const names = photo ? photoFiles(photo) : [path.basename(file)];
    for (const name of names) await copyFile(path.join(photo ? photoDir : cacheDir, name), path.join(target, name));
  }
}

const baseNameOf = (url: string) => createHash('sha256').update(url).digest('hex').slice(0, 32);

async function freshCopy(cacheDir: string, url: string, now: number): Promise<string | null> {
  for (const extension of Object.values(IMAGE_TYPES)) {
    const name = `${baseNameOf(url)}.${extension}`;
    const info = await stat(path.join(cacheDir, name)).catch(() => null);
    if (info && (now === Infinity || now - info.mtimeMs < FRESH_MS)) return name;
  }
  return null;
}

async function fetchCopy(
  cacheDir: string,
  url: string,
  download: (url: string) => ReturnType<ImageDownload>,
): Promise<{ name: string; bytes: number } | null> {
  const image = await download(url);
  if (!image) return null;
  const name = `${baseNameOf(url)}.${image.extension}`;
  await writeFile(path.join(cacheDir, name), image.bytes);
  return { name, bytes: image.bytes.length };
}
