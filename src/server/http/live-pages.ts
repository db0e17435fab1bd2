import type { IncomingMessage, ServerResponse } from 'node:http';
import { compressedBody, type CompressedBody } from '../compression/compressed-body.ts';
import { encodedEtag, withVary } from '../compression/negotiate.ts';
import { parseEmbedQuery } from '../../lib/embed/embed-query.ts';
import { etagMatches } from './etag.ts';
import { EMBED_PATH } from './framable.ts';

/** The directory's pages and the sitemap: rendered from the published snapshot, not pre-rendered (issue 17). */
const LIVE_PATH = /^\/(?:(?:en|fr)\/)?verzeichnis(?:\/.*)?$|^\/sitemap\.xml$/;

/**
 * The key a page is kept under, or null when it is not kept. An embeddable list (issue 23) is one
 * page per canonical filter query; any other parameter is left out of the key, so no query string
 * can fill the memory, and a list with wrong filters (a 400) is never kept.
 */
function keyOf({ pathname, searchParams }: Address): string | null {
  const path = pathname.replace(/(.)\/+$/, '$1');
  if (LIVE_PATH.test(path)) return path;
  if (!EMBED_PATH.test(path)) return null;
  const query = parseEmbedQuery(searchParams);
  return query.ok ? path + query.key : null;
}

type Address = Pick<URL, 'pathname' | 'searchParams'>;

/** A path of plain segments, which a URL parses to itself: parsing it was a tenth of a kept page's cost (issue 18). */
const PLAIN_PATH = /^(?:\/[\w-]+)+\/?$/;
const NO_QUERY = new URLSearchParams();

function addressOf(target: string): Address {
  return PLAIN_PATH.test(target) ? { pathname: target, searchParams: NO_QUERY } : new URL(target, 'http://portal');
}

/**
 * Bytes of rendered pages kept at most (the least recently asked for go first). A market page is
 * ~30 KB of HTML, ~40 KB with its codings, so this holds ~3,000 pages; the Austria-scale directory
 * has 24,000 in three languages, but visitors mostly ask for a small part of them.
 */
const MAX_KEPT_BYTES = 128 * 1024 * 1024;
/** What a page's codings add to its HTML, roughly (gzip and brotli are about a fifth each). */
const WITH_CODINGS = 1.4;

interface Kept {
  status: number;
  headers: [string, string][];
  body: CompressedBody;
}

interface Entry {
  /** What the page shows, as the publisher hashed it (directory/page-versions.ts). */
  version: string;
  page: Promise<Kept | null>;
  /** The page once rendered: a request for it is answered without Astro (`sendKept`). */
  ready?: Kept;
  bytes: number;
}

/** What a request asks of a kept page: its method and the headers that choose the answer. */
interface Asked {
  method: string;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
}

/** An answer from a kept page, for a web Response (the middleware) or Node's response (`sendKept`). */
interface Answer {
  status: number;
  headers: [string, string][];
  body: Buffer | null;
}

/**
 * HTML rendered once per page version (issues 17, 18): the first request of a page renders it,
 * every other gets the same bytes, compressed once per coding, until what the page shows changes
 * (`pageVersion`, given by the published snapshot). A page another publish left alone is not
 * rendered again. The version is the ETag, so no answer mixes two versions, and browsers
 * revalidating a page nothing changed on get a 304. Requests arriving while a page renders wait
 * for that rendering.
 */
export function livePages() {
  const kept = new Map<string, Entry>();
  let keptBytes = 0;
  const drop = (key: string, entry: Entry) => {
    if (kept.get(key) !== entry) return;
    kept.delete(key);
    keptBytes -= entry.bytes;
  };

  /**
   * A page rendered for this very version answered straight to Node's response, before Astro is
   * asked (issue 18: Astro's work per request was a third of a kept page's cost); false when the
   * page is not at hand, and Astro renders it through `page`.
   */
  const sendKept = (req: IncomingMessage, res: ServerResponse, pageVersion: (path: string) => string): boolean => {
    const url = addressOf(req.url ?? '/');
    const key = keyOf(url);
    if (key === null || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const entry = kept.get(key);
    const version = pageVersion(pathOf(url));
    if (!entry?.ready || entry.version !== version) return false;
    kept.delete(key); // most recently used last
    kept.set(key, entry);
    const asked = {
      method: req.method,
      acceptEncoding: header(req, 'accept-encoding'),
      ifNoneMatch: header(req, 'if-none-match'),
    };
    void answerOf(asked, version, entry.ready).then(
      ({ status, headers, body }) => {
        for (const [name, value] of headers) res.setHeader(name, value);
        res.writeHead(status).end(body ?? undefined);
      },
      () => res.destroy(),
    );
    return true;
  };

  const page = async (
    request: Request,
    pageVersion: ((path: string) => string) | undefined,
    render: () => Promise<Response>,
  ): Promise<Response | null> => {
    const url = new URL(request.url);
    const key = keyOf(url);
    if (!pageVersion || key === null || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
    const version = pageVersion(pathOf(url));
    let entry = kept.get(key);
    let own: Response | undefined; // this request's own answer when it is not kept
    if (entry?.version === version) {
      kept.delete(key); // most recently used last
      kept.set(key, entry);
    } else {
      if (entry) drop(key, entry);
      const fresh: Entry = { version, bytes: 0, page: Promise.resolve(null) };
      fresh.page = render().then(async (response) => {
        if (response.status !== 200) {
          own = response; // a 404 (a market no longer public) is not kept: any path could fill the memory
          return null;
        }
        const page = await keep(response);
        fresh.ready = page;
        if (kept.get(key) === fresh) {
          fresh.bytes = Math.round(page.body.raw.length * WITH_CODINGS);
          keptBytes += fresh.bytes;
          for (const [oldKey, old] of kept) {
            if (keptBytes <= MAX_KEPT_BYTES) break;
            drop(oldKey, old);
          }
        }
        return page;
      });
      kept.set(key, (entry = fresh));
    }
    const current = entry;
    const page = await current.page.catch((error: unknown) => {
      drop(key, current);
      throw error; // Astro's error answer; the next request renders anew
    });
    if (!page) {
      drop(key, current);
      return own ?? render();
    }
    const asked = {
      method: request.method,
      acceptEncoding: request.headers.get('accept-encoding') ?? undefined,
      ifNoneMatch: request.headers.get('if-none-match') ?? undefined,
    };
    const { status, headers, body } = await answerOf(asked, version, page);
    return new Response(body && new Uint8Array(body), { status, headers });
  };

  return { page, sendKept };
}

export type LivePages = ReturnType<typeof livePages>;

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The page's path without a language prefix and a trailing slash: what page versions are kept by. */
function pathOf({ pathname }: Pick<URL, 'pathname'>): string {
  return pathname.replace(/^\/(?:en|fr)(?=\/)/, '').replace(/(.)\/+$/, '$1');
}

async function keep(response: Response): Promise<Kept> {
  const body = compressedBody(Buffer.from(await response.arrayBuffer()));
  const headers = [...response.headers].filter(([name]) => name !== 'content-length' && name !== 'set-cookie');
  return { status: response.status, headers, body };
}

/** The headers an answer sets itself; a kept page's own are dropped. */
const SET_BY_ANSWER = new Set(['etag', 'vary', 'cache-control', 'content-encoding', 'content-length']);

/**
 * The answer to one request of a kept page, its headers as plain pairs: a web `Headers` object per
 * request was a tenth of a kept page's cost and of its garbage under load (issue 18).
 */
async function answerOf(asked: Asked, version: string, page: Kept): Promise<Answer> {
  const encoding = page.body.encodingFor(asked.acceptEncoding);
  const etag = encodedEtag(`"live-${version}"`, encoding);
  const vary = withVary(page.headers.find(([name]) => name === 'vary')?.[1], 'Accept-Encoding');
  const headers: [string, string][] = [
    ...page.headers.filter(([name]) => !SET_BY_ANSWER.has(name)),
    ['etag', etag],
    ['vary', vary],
    // Browsers ask again each time (a 304 while nothing changed): a change is public at once.
    ['cache-control', 'no-cache'],
  ];
  if (etagMatches(asked.ifNoneMatch, etag)) return { status: 304, headers, body: null };
  const bytes = await page.body.bytes(encoding);
  if (encoding) headers.push(['content-encoding', encoding]);
  headers.push(['content-length', String(bytes.length)]);
  return { status: page.status, headers, body: asked.method === 'HEAD' ? null : bytes };
}
