import type { IncomingMessage, ServerResponse } from 'node:http';
import { MARKET_IMAGES_PATH } from '../directory/market-images.ts';
import type { Publisher } from '../directory/publisher.ts';
import { partsList, SEARCH_PARTS_FILE } from '../directory/search-parts.ts';
import { etagMatches } from './etag.ts';
import { staticFiles, type StaticHandler } from './static-files.ts';

const SEARCH_PATH = '/pagefind/';
/** A file of a search index part's folder (search-parts.ts, partFolder). */
const PART_FILE = /^\/pagefind\/\d+-[0-9a-f]{16}\//;

/**
 * What the publisher made besides the pages (issue 17): the search index, its list of parts from
 * memory and its parts' files from their folders in `searchDir` (search-index-store.ts), and the
 * market images its pages show, from the copies folder (a market no longer public takes its image
 * along). Other paths go on to `next`.
 */
export function publishedFiles(publisher: Publisher, imageCache: string, searchDir: string): StaticHandler {
  const images = below(
    MARKET_IMAGES_PATH,
    staticFiles(imageCache, () => 'public, max-age=86400'),
  );
  // A part's folder never changes under its name: a browser keeps its files while the list names it.
  const parts = below(
    '/pagefind',
    staticFiles(searchDir, () => 'public, max-age=31536000, immutable'),
  );

  return (req, res, next) => {
    const pathname = (req.url ?? '/').split(/[?#]/, 1)[0] ?? '/';
    if (pathname.startsWith(`${MARKET_IMAGES_PATH}/`)) {
      const name = pathname.slice(MARKET_IMAGES_PATH.length + 1);
      return publisher.current().images.has(name) ? images(req, res, next) : next();
    }
    if (pathname === SEARCH_PATH + SEARCH_PARTS_FILE) return sendList(req, res, publisher);
    return PART_FILE.test(pathname) ? parts(req, res, next) : next();
  };
}

/** `handler` for the paths below `prefix`, as if they were at the root. */
function below(prefix: string, handler: StaticHandler): StaticHandler {
  return (req, res, next) => {
    const original = req.url;
    req.url = original?.slice(prefix.length);
    handler(req, res, () => {
      req.url = original;
      next();
    });
  };
}

/** The list of the parts of the index served now: asked again each time (an ETag), as it changes with each index. */
function sendList(req: IncomingMessage, res: ServerResponse, publisher: Publisher): void {
  const { search } = publisher.current();
  const etag = `"search-${search.key}"`;
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'no-cache');
  if (etagMatches(req.headers['if-none-match'], etag)) {
    res.writeHead(304).end();
    return;
  }
  const list = Buffer.from(partsList(search));
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': list.length });
  res.end(req.method === 'HEAD' ? undefined : list);
}
