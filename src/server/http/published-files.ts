import type { IncomingMessage, ServerResponse } from 'node:http';
import { compressedBody, type CompressedBody } from '../compression/compressed-body.ts';
import { contentTypeOf, isCompressible } from '../compression/file-types.ts';
import { encodedEtag, withVary } from '../compression/negotiate.ts';
import { MARKET_IMAGES_PATH } from '../directory/market-images.ts';
import type { PublishedDirectory } from '../directory/published-directory.ts';
import type { Publisher } from '../directory/publisher.ts';
import { etagMatches } from './etag.ts';
import { staticFiles, type StaticHandler } from './static-files.ts';

const SEARCH_PATH = '/pagefind/';

/**
 * What the publisher made besides the pages (issue 17): the search index of the published version,
 * from memory, and the market images its pages show, from the copies folder (a market no longer
 * public takes its image along). Other paths go on to `next`.
 */
export function publishedFiles(publisher: Publisher, imageCache: string): StaticHandler {
  const images = staticFiles(imageCache, () => 'public, max-age=86400');
  const bodies = new WeakMap<PublishedDirectory, Map<string, CompressedBody>>();
  const bodyOf = (published: PublishedDirectory, file: string, bytes: Uint8Array) => {
    let kept = bodies.get(published);
    if (!kept) bodies.set(published, (kept = new Map<string, CompressedBody>()));
    let body = kept.get(file);
    if (!body) kept.set(file, (body = compressedBody(Buffer.from(bytes))));
    return body;
  };

  return (req, res, next) => {
    const pathname = (req.url ?? '/').split(/[?#]/, 1)[0] ?? '/';
    const published = publisher.current();
    if (pathname.startsWith(`${MARKET_IMAGES_PATH}/`)) {
      const name = pathname.slice(MARKET_IMAGES_PATH.length + 1);
      if (!published.images.has(name)) return next();
      const original = req.url;
      req.url = `/${name}`;
      return images(req, res, () => {
        req.url = original;
        next();
      });
    }
    if (!pathname.startsWith(SEARCH_PATH)) return next();
    const file = pathname.slice(SEARCH_PATH.length);
    const bytes = published.search.files.get(file);
    if (!bytes) return next();
    const compressible = isCompressible(file);
    const body = compressible ? bodyOf(published, file, bytes) : null;
    void send(req, res, published.search.key, file, body, bytes).catch(() => res.destroy());
  };
}

async function send(
  req: IncomingMessage,
  res: ServerResponse,
  /** The index's key: it changes while the pages' version stays, as the index follows them or a restart's kept one is replaced. */
  version: string,
  file: string,
  body: CompressedBody | null,
  bytes: Uint8Array,
): Promise<void> {
  const encoding = body ? body.encodingFor(req.headers['accept-encoding']) : null;
  const etag = encodedEtag(`"search-${version}"`, encoding);
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'no-cache');
  if (body) res.setHeader('Vary', withVary(res.getHeader('Vary'), 'Accept-Encoding'));
  if (etagMatches(req.headers['if-none-match'], etag)) {
    res.writeHead(304).end();
    return;
  }
  const sent = body ? await body.bytes(encoding) : bytes;
  res.setHeader('Content-Type', contentTypeOf(file));
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.writeHead(200, { 'Content-Length': sent.length });
  res.end(req.method === 'HEAD' ? undefined : sent);
}
