import { MARKET_IMAGES_PATH } from '../directory/market-images.ts';
import type { Publisher } from '../directory/publisher.ts';
import { staticFiles, type StaticHandler } from './static-files.ts';

/**
 * The market images the published pages show (issue 17), from the copies folder: a market no
 * longer public takes its image along. Other paths go on to `next`.
 */
export function publishedFiles(publisher: Publisher, imageCache: string): StaticHandler {
  const images = staticFiles(imageCache, () => 'public, max-age=86400');
  return (req, res, next) => {
    const original = req.url ?? '/';
    const pathname = original.split(/[?#]/, 1)[0] ?? '/';
    if (!pathname.startsWith(`${MARKET_IMAGES_PATH}/`)) return next();
    if (!publisher.current().images.has(pathname.slice(MARKET_IMAGES_PATH.length + 1))) return next();
    // The copies folder holds the images at its root.
    req.url = original.slice(MARKET_IMAGES_PATH.length);
    images(req, res, () => {
      req.url = original;
      next();
    });
  };
}
