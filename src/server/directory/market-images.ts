import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { marketsOf, type Directory } from '../../lib/directory/directory.ts';
import { downloadImage, IMAGE_TYPES, type ImageDownload } from './image-download.ts';

/** Where the pages find the copies: /markt-bilder/<hash>.<ext> under the site. */
export const MARKET_IMAGES_PATH = '/markt-bilder';

/** A copy this young is used again instead of fetching the image anew (builds run nightly). */
const FRESH_MS = 20 * 60 * 60 * 1000;
const PARALLEL = 8;

/**
 * Copies every market image into `cacheDir` and notes on the market where the site will serve it
 * (`image_file`). Images that cannot be fetched stay without a copy: their page links to them.
 * Copies no market uses any more are deleted.
 */
export async function collectMarketImages(
  directory: Directory,
  cacheDir: string,
  download: ImageDownload = downloadImage,
  now = Date.now(),
): Promise<{ copied: number; failed: number }> {
  await mkdir(cacheDir, { recursive: true });
  const markets = [...marketsOf(directory)].map(({ market }) => market).filter((market) => market.image);
  let copied = 0;
  let failed = 0;
  const queue = [...markets];
  const worker = async () => {
    for (let market = queue.shift(); market; market = queue.shift()) {
      const url = market.image!.url;
      const file = (await freshCopy(cacheDir, url, now)) ?? (await fetchCopy(cacheDir, url, download));
      if (file) {
        market.image_file = `${MARKET_IMAGES_PATH}/${file}`;
        copied += 1;
      } else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const used = new Set(markets.map((market) => market.image_file && path.basename(market.image_file)));
  for (const name of await readdir(cacheDir)) {
    if (!used.has(name)) await rm(path.join(cacheDir, name), { force: true });
  }
  return { copied, failed };
}

/** Puts the copies the pages use into the built site. */
export async function publishMarketImages(directory: Directory, cacheDir: string, clientDir: string): Promise<void> {
  const target = path.join(clientDir, MARKET_IMAGES_PATH);
  await mkdir(target, { recursive: true });
  const files = new Set([...marketsOf(directory)].flatMap(({ market }) => market.image_file ?? []));
  for (const file of files) {
    const name = path.basename(file);
    await copyFile(path.join(cacheDir, name), path.join(target, name));
  }
}

const baseNameOf = (url: string) => createHash('sha256').update(url).digest('hex').slice(0, 32);

async function freshCopy(cacheDir: string, url: string, now: number): Promise<string | null> {
  for (const extension of Object.values(IMAGE_TYPES)) {
    const name = `${baseNameOf(url)}.${extension}`;
    const info = await stat(path.join(cacheDir, name)).catch(() => null);
    if (info && now - info.mtimeMs < FRESH_MS) return name;
  }
  return null;
}

async function fetchCopy(cacheDir: string, url: string, download: ImageDownload): Promise<string | null> {
  const image = await download(url);
  if (!image) return null;
  const name = `${baseNameOf(url)}.${image.extension}`;
  await writeFile(path.join(cacheDir, name), image.bytes);
  return name;
}
