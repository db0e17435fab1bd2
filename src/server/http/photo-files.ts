import { photoOfFile, PHOTO_PATH } from '../../lib/market-photo.ts';
import type { PhotoStore } from '../photos/photo-store.ts';
import { staticFiles, type StaticHandler } from './static-files.ts';

/** A photo's files never change under their name (it holds the content's hash). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Uploaded photos (issue 20) from the portal's own origin, for the directory and the editing form
 * alike: a photo is shown as soon as it is uploaded, before any market shows it. Its name holds 128
 * bits of a hash, so nobody finds a photo without being given its address (decision 0020). Names of
 * another shape (the publisher's copies of typed addresses) go on to `next`.
 */
export function photoFiles(store: PhotoStore): StaticHandler {
  const files = staticFiles(store.dir, () => IMMUTABLE);
  return (req, res, next) => {
    const pathname = (req.url ?? '/').split(/[?#]/, 1)[0] ?? '/';
    const name = pathname.startsWith(`${PHOTO_PATH}/`) ? pathname.slice(PHOTO_PATH.length + 1) : '';
    if (!photoOfFile(name) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const original = req.url;
    req.url = `/${name}`;
    files(req, res, () => {
      req.url = original;
      next();
    });
  };
}
