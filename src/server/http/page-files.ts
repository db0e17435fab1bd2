import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { encodedEtag, negotiateEncoding, withVary, type Encoding } from '../compression/negotiate.ts';
import { keptSearchKey } from '../../lib/directory/search.ts';
import { parseEmbedQuery } from '../../lib/embed/embed-query.ts';
import { etagMatches } from './etag.ts';
import { EMBED_PATH } from './framable.ts';
import {
  encode,
  readBody,
  readPage,
  removePage,
  sweepPages,
  writePage,
  type EncodedPage,
  type PageFile,
} from './page-store.ts';

/** What page files are kept of: the published snapshot's page versions, and its pages by path. */
export interface PublishedPages {
  pageVersion: (path: string) => string;
  /** Kept search pages' versions, by the query (issue 52). */
  searchVersion: (params: URLSearchParams) => string;
  pages: ReadonlyMap<string, unknown>;
}

/** The directory's pages and the sitemap: rendered from the published snapshot, not pre-rendered (issue 17). */
const LIVE_PATH = /^\/(?:(?:en|fr)\/)?verzeichnis(?:\/.*)?$|^\/sitemap\.xml$/;
/** The directory's search (issue 52): its pages are kept per query, of those `keptSearchKey` keeps. */
const SEARCH_PATH = /^\/(?:(?:en|fr)\/)?verzeichnis\/suche$/;
const SITEMAP = '/sitemap.xml';

/**
 * Bytes of page files one process keeps on disk at most (the least recently asked for go first).
 * A market page is ~30 KB of HTML and ~12 KB in its two codings: room for the whole Austria-scale
 * directory (24,000 pages in three languages) and the embeddable lists asked for.
 */
const MAX_KEPT_BYTES = 2 * 1024 ** 3;
/** A page version, a name part of its files. */
const FILE_VERSION = /^[\w-]{1,64}$/;

/** A page found or just rendered: a rendering's bytes at hand until its files are written. */
interface Rendered extends EncodedPage {
  written: Promise<unknown>;
}

/**
 * Issue 50, "serve files": the directory's pages, the sitemap and the embeddable lists, rendered by
 * Astro the first time a page version is asked for (issues 17, 18, 23) and written once, with their
 * codings, into `folder` (DATA_DIR/publication/pages/<build>); every other request is sent the
 * file, so the portal's memory holds no renderings and a restart, or another process sharing
 * DATA_DIR, sends the pages already written without rendering them again. The page version is the
 * ETag: no answer mixes two versions, and a browser revalidating a page nothing changed on gets a
 * 304. Requests arriving while a page renders wait for that rendering.
 */
export function pageFiles(folder: string, log: (message: string) => void = console.error) {
  /** The pages this process knows on disk, by key: the least recently asked for go first, their files with them. */
  const known = new LRUCache<string, PageFile>({
    maxSize: MAX_KEPT_BYTES,
    sizeCalculation: (page) => Math.max(1, page.bytes),
    dispose: (page, _key, reason) => void (reason === 'evict' && removePage(page, log)),
  });
  const rendering = new Map<string, Promise<Rendered | Response>>();
  sweepPages(folder, log);
  /** The build the pages were rendered by (the folder's name): part of each ETag. */
  const build = path.basename(folder);

  const keep = (key: string, page: PageFile) => {
    const old = known.peek(key);
    if (old && old.file !== page.file) void removePage(old, log); // a version gone
    known.set(key, page);
  };

  /** A page whose files went (another process replaced them): forgotten, so that the next request writes it anew. */
  const forget = (key: string, page: PageFile) => {
    if (known.peek(key) === page) known.delete(key);
    void removePage(page, log);
  };

  /**
   * Sends the page written for this very version before Astro is asked (issue 18: a third of a
   * page's cost); false when there is none, or its file is gone: Astro renders it.
   */
  const sendKept = (req: IncomingMessage, res: ServerResponse, published: PublishedPages): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = addressOf(req.url ?? '/');
    const key = url && keyOf(url);
    const page = key ? known.get(key) : undefined;
    if (!url || !key || !page || page.version !== versionOf(published, url)) return false;
    let answer: ReturnType<typeof answerOf>;
    try {
      answer = answerOf(req.method, (name) => req.headers[name], build, page);
    } catch {
      forget(key, page);
      return false;
    }
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.writeHead(answer.status).end(answer.body ?? undefined);
    return true;
  };

  /** A page from Astro's middleware: from its file, or rendered and written; null for what is not kept. */
  const page = async (
    request: Request,
    published: PublishedPages | undefined,
    render: () => Promise<Response>,
  ): Promise<Response | null> => {
    const url = new URL(request.url);
    const key = keyOf(url);
    // A HEAD's rendering has no body (Astro's endpoints: the sitemap): only a GET's is kept.
    if (!published || key === null || request.method !== 'GET') return null;
    const pagePath = pathOf(url);
    // Any other spelling of a page (`/verzeichnis/steierm%61rk`) is rendered, never kept: no address can fill the disk.
    const hasPage = pagePath === SITEMAP || published.pages.has(pagePath) || SEARCH_PATH.test(pagePath);
    if (LIVE_PATH.test(pagePath) && !hasPage) return null;
    const version = versionOf(published, url);
    if (!FILE_VERSION.test(version)) return null;
    const file = path.join(folder, `${createHash('sha256').update(key).digest('base64url').slice(0, 24)}-${version}`);
    let made = rendering.get(file);
    const mine = !made;
    if (!made) {
      const fresh = (made = findOrRender(key, file, version, render));
      rendering.set(file, fresh);
      // Until its files are whole, the requests for it are answered from the rendering.
      void whenWritten(fresh).then(() => rendering.delete(file));
    }
    const result = await made;
    // A 404 (a market no longer public) is not kept: any path could fill the disk.
    if (result instanceof Response) return mine ? result : render();
    let answer: ReturnType<typeof answerOf>;
    try {
      answer = answerOf('GET', (name) => request.headers.get(name) ?? undefined, build, result.page, result.bodies);
    } catch {
      // Its files went while it was found: this request gets its own rendering.
      forget(key, result.page);
      return render();
    }
    return new Response(answer.body && new Uint8Array(answer.body), { status: answer.status, headers: answer.headers });
  };

  const findOrRender = async (
    key: string,
    file: string,
    version: string,
    render: () => Promise<Response>,
  ): Promise<Rendered | Response> => {
    const found = readPage(file, version);
    if (found) {
      keep(key, found);
      return { page: found, bodies: new Map(), written: Promise.resolve() };
    }
    const response = await render();
    if (response.status !== 200) return response;
    const rendered = await encode(file, version, response);
    // The page is answered at once; `sendKept` finds it once its files are whole.
    return { ...rendered, written: writePage(rendered, log).then((whole) => whole && keep(key, rendered.page)) };
  };

  /** Resolves once the pages rendered so far are on disk (tests). */
  const written = () => Promise.all([...rendering.values()].map(whenWritten));

  return { page, sendKept, written };
}

export type PageFiles = ReturnType<typeof pageFiles>;

/**
 * The key a page is kept under, or null when it is not kept. An embeddable list (issue 23) is one
 * page per canonical filter query; any other parameter is left out of the key, so no query string
 * can fill the disk, and a list with wrong filters (a 400) is never kept.
 */
function keyOf({ pathname, searchParams }: Address): string | null {
  const path = pathname.replace(/(.)\/+$/, '$1');
  if (SEARCH_PATH.test(path)) {
    const query = keptSearchKey(searchParams);
    return query === null ? null : `${path}?${query}`;
  }
  if (LIVE_PATH.test(path)) return path;
  if (!EMBED_PATH.test(path)) return null;
  const query = parseEmbedQuery(searchParams);
  return query.ok ? path + query.key : null;
}

type Address = Pick<URL, 'pathname' | 'searchParams'>;

/** A path of plain segments, which a URL parses to itself: parsing it was a tenth of a kept page's cost (issue 18). */
const PLAIN_PATH = /^(?:\/[\w-]+)+\/?$/;
const NO_QUERY = new URLSearchParams();

/** null for a request target Node takes but no URL parses (`//[`): it goes on to Astro's 404. */
function addressOf(target: string): Address | null {
  if (PLAIN_PATH.test(target)) return { pathname: target, searchParams: NO_QUERY };
  try {
    return new URL(target, 'http://portal');
  } catch {
    return null;
  }
}

/** What the page at an address shows: a search's by its query, any other page's by its path. */
function versionOf(published: PublishedPages, url: Address): string {
  const path = pathOf(url);
  return SEARCH_PATH.test(path) ? published.searchVersion(url.searchParams) : published.pageVersion(path);
}

/** The page's path without a language prefix and a trailing slash: what page versions are kept by. */
function pathOf({ pathname }: Pick<URL, 'pathname'>): string {
  return pathname.replace(/^\/(?:en|fr)(?=\/)/, '').replace(/(.)\/+$/, '$1');
}

/** The answer to one request of a kept page: from `bodies` when it was just rendered, else from its file. */
function answerOf(
  method: string,
  header: (name: 'accept-encoding' | 'if-none-match') => string | undefined,
  build: string,
  page: PageFile,
  bodies?: Map<Encoding | null, Buffer>,
) {
  const encoding = negotiateEncoding(header('accept-encoding'), page.codings);
  const etag = encodedEtag(`"live-${page.version}.${build}"`, encoding);
  const vary = withVary(page.headers.find(([name]) => name === 'vary')?.[1], 'Accept-Encoding');
  // Browsers ask again each time (a 304 while nothing changed): a change is public at once.
  const headers: [string, string][] = [
    ...page.headers.filter(([name]) => name !== 'vary'),
    ['etag', etag],
    ['vary', vary],
    ['cache-control', 'no-cache'],
  ];
  if (etagMatches(header('if-none-match'), etag)) return { status: 304, headers, body: null };
  const bytes = bodies?.get(encoding) ?? readBody(page, encoding);
  if (encoding) headers.push(['content-encoding', encoding]);
  headers.push(['content-length', String(bytes.length)]);
  return { status: 200, headers, body: method === 'HEAD' ? null : bytes };
}

function whenWritten(made: Promise<Rendered | Response>): Promise<unknown> {
  return made.then(
    (result) => !(result instanceof Response) && result.written,
    () => undefined,
  );
}
