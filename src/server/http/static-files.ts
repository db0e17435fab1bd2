import { createReadStream, readFileSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { contentTypeOf } from '../compression/file-types.ts';
import { encodedEtag, ENCODINGS, FILE_SUFFIX, negotiateEncoding, withVary } from '../compression/negotiate.ts';
import { etagMatches } from './etag.ts';

export type StaticHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The built site's files, sent as the build pre-compressed them (compression/precompress.ts):
 * `x.br` or `x.gz` when the client accepts it, else `x`. Written here rather than with sirv
 * (issue 17): sirv ignored `q=0`, told a file's codings apart in the ETag only by size and time,
 * sent 304s without Vary, replaced the Vary set before it, and gave byte ranges of the compressed file.
 * Files are looked up per request, so a file is served as it lands and not after it is deleted;
 * with `missesHoldMs` (the build, which changes only with a deploy) a path that found no file is
 * not looked up again for that long. A file found is always looked up afresh: its size is sent.
 * Files up to `readAtOnceUpTo` bytes are read at once, without a stream (see READ_AT_ONCE_UP_TO).
 */
export function staticFiles(
  root: string,
  cacheControl: (pathname: string) => string | undefined,
  { missesHoldMs = 0, readAtOnceUpTo = 0 } = {},
): StaticHandler {
  const lookUp = holdingMisses(path.resolve(root), missesHoldMs);
  return (req, res, next) => {
    const found = lookUp(pathnameOf(req.url ?? '/'));
    if (!found) return next();
    const { file, stats, pathname } = found;
    const variantStats = new Map(ENCODINGS.map((encoding) => [encoding, statOf(file + FILE_SUFFIX[encoding])]));
    const variants = ENCODINGS.filter((encoding) => isFresh(variantStats.get(encoding), stats));
    const encoding = negotiateEncoding(req.headers['accept-encoding'], variants);
    const sent = (encoding && variantStats.get(encoding)) || stats;
    const etag = encodedEtag(`W/"${stats.size}-${stats.mtime.getTime()}"`, encoding);

    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', stats.mtime.toUTCString());
    const cache = cacheControl(pathname);
    if (cache) res.setHeader('Cache-Control', cache);
    if (variants.length) res.setHeader('Vary', withVary(res.getHeader('Vary'), 'Accept-Encoding'));
    if (etagMatches(req.headers['if-none-match'], etag)) {
      res.writeHead(304).end();
      return;
    }
    res.setHeader('Content-Type', contentTypeOf(file));
    if (encoding) res.setHeader('Content-Encoding', encoding);
    // A range of a compressed variant is a range of bytes no client can decode alone: only identity has ranges.
    const range = encoding ? undefined : byteRange(req.headers.range, stats.size);
    if (!encoding) res.setHeader('Accept-Ranges', 'bytes');
    if (range === 'unsatisfiable') {
      res.writeHead(416, { 'Content-Range': `bytes */${stats.size}`, 'Content-Length': 0 }).end();
      return;
    }
    if (range) {
      res.writeHead(206, {
        'Content-Range': `bytes ${range.start}-${range.end}/${stats.size}`,
        'Content-Length': range.end - range.start + 1,
      });
    } else res.writeHead(200, { 'Content-Length': sent.size });
    const length = range ? range.end - range.start + 1 : sent.size;
    if (req.method === 'HEAD' || length === 0) {
      res.end();
      return;
    }
    const name = encoding ? file + FILE_SUFFIX[encoding] : file;
    // Never more bytes than the length told, nor fewer: a file rewritten by a rebuild while it is
    // read would run on into the next answer of a kept-alive connection, or leave the client waiting.
    if (sent.size <= readAtOnceUpTo) {
      const bytes = readWhole(name);
      if (bytes?.length !== sent.size) res.destroy();
      else res.end(range ? bytes.subarray(range.start, range.end + 1) : bytes);
      return;
    }
    const stream = createReadStream(name, range ?? { start: 0, end: length - 1 });
    stream
      .on('error', () => res.destroy()) // removed by a rebuild midway: the client sees a cut answer, not a wrong one
      .on('end', () => {
        if (stream.bytesRead < length) res.destroy();
      })
      .pipe(res);
  };
}

/**
 * The built site's files up to this size (its pages, and its scripts and styles as compressed) are
 * read at once: from the system's file cache that takes microseconds, where a stream's open, read
 * and close each waited for a turn of a busy event loop (under the load test the built pages'
 * answers took 173 ms at the median, issue 52). Only the build's few files, which stay in that
 * cache; the photos and image copies of DATA_DIR stream (a read from the disk would hold every
 * request), and so does anything larger (a client that reads slowly holds a stream's 64 KB, not
 * the whole file).
 */
export const READ_AT_ONCE_UP_TO = 128 * 1024;

/** The file's bytes; undefined when it went (a rebuild removed it): the answer is cut, never wrong. */
function readWhole(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Misses kept at most (the least recently asked for go first); longer paths, as only made-up ones are, are looked up each time. */
const MISSES_KEPT = 10_000;
const LONGEST_KEPT_PATH = 256;

/** findFile, a path that found no file not looked up again for `holdsMs`. */
function holdingMisses(base: string, holdsMs: number): (pathname: string) => ReturnType<typeof findFile> {
  if (holdsMs <= 0) return (pathname) => findFile(base, pathname);
  const misses = new LRUCache<string, true>({ max: MISSES_KEPT, ttl: holdsMs });
  return (pathname) => {
    if (misses.has(pathname)) return null;
    const found = findFile(base, pathname);
    if (!found && pathname.length <= LONGEST_KEPT_PATH) misses.set(pathname, true);
    return found;
  };
}

function pathnameOf(url: string): string {
  const pathname = url.split(/[?#]/, 1)[0] ?? '/';
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The file for a path, as sirv found it: the path itself, `…/index`, then with `.html` and `.htm`. */
function findFile(base: string, pathname: string): { file: string; stats: Stats; pathname: string } | null {
  // Dotfiles stay private, except the well-known folder.
  if (pathname.includes('\0') || /\/\.(?!well-known\/)/.test(pathname)) return null;
  const uri = pathname.replace(/\/+$/, '');
  for (const extension of ['', '.html', '.htm']) {
    for (const candidate of uri ? [uri + extension, `${uri}/index${extension}`] : [`/index${extension}`]) {
      const file = path.resolve(base, `.${candidate}`);
      if (!file.startsWith(base + path.sep)) return null;
      if (/\.(br|gz)$/.test(file)) continue; // variants are only sent for their original
      const stats = statOf(file);
      if (stats?.isFile()) return { file, stats, pathname };
    }
  }
  return null;
}

function statOf(file: string): Stats | undefined {
  try {
    // Without an error for a missing file: making errors was most of a miss's time (issue 18).
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined; // a path through a file, or no permission
  }
}

/** A variant older than its original is left over from an earlier build. */
function isFresh(variant: Stats | undefined, original: Stats): boolean {
  return !!variant?.isFile() && variant.mtimeMs >= original.mtimeMs;
}

/** One range of `bytes=a-b`, `a-` or `-n`; several ranges or a malformed one get the whole file. */
function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return undefined;
  const [from, to] = [match[1] ? Number(match[1]) : undefined, match[2] ? Number(match[2]) : undefined];
  const start = from ?? Math.max(0, size - (to ?? 0));
  const end = from === undefined ? size - 1 : Math.min(to ?? size - 1, size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
