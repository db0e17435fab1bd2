import type { Directory } from '../../lib/directory/directory.ts';
import type { ImageDownload } from './image-download.ts';
import { copiesOf, imagesWithoutCopy } from './market-images.ts';

/** An address that could not be fetched is tried again after this long (the nightly run tries them all). */
const IMAGE_RETRY_MS = 60 * 60 * 1000;

/**
 * Issue 17: a new market's image is published with it, not at the next start. Missing copies are
 * fetched one batch at a time, within the image step's deadline and budget (issue 15, M7), and
 * an address that failed is not asked for again at every publish.
 */
export function imageFetcher(
  imageCache: string,
  download: ImageDownload | undefined,
  log: (message: string) => void,
  arrived: () => void,
) {
  const triedAt = new Map<string, number>();
  let fetching = false;
  return {
    fetchMissing(directory: Directory): void {
      if (!download || fetching) return;
      const at = Date.now();
      for (const [url, tried] of triedAt) if (at - tried > IMAGE_RETRY_MS) triedAt.delete(url);
      const urls = imagesWithoutCopy(directory).filter((url) => !triedAt.has(url));
      if (urls.length === 0) return;
      for (const url of urls) triedAt.set(url, at);
      fetching = true;
      copiesOf(urls, imageCache, download)
        .then(
          (copies) => {
            if ([...copies.values()].some(Boolean)) arrived();
          },
          (error: unknown) =>
            log(`Fetching market images failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => (fetching = false));
    },
  };
}
