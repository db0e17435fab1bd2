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
function keyOf({ pathname, searchParams }: URL): string | null {
  const path = pathname.replace(/(.)\/+$/, '$1');
  if (LIVE_PATH.test(path)) return path;
  if (!EMBED_PATH.test(path)) return null;
  const query = parseEmbedQuery(searchParams);
  return query.ok ? path + query.key : null;
}

/**
 * Rendered pages kept at most (the least recently asked for goes first): a market page is ~30 KB,
 * ~42 KB with its two codings, so this bounds the memory near 85 MB; the Austria-scale directory
 * has 24,000 pages, but visitors ask for a small part of them between two saves.
 */
const MAX_KEPT = 2000;

interface Kept {
  status: number;
  headers: [string, string][];
  body: CompressedBody;
}

/**
 * HTML rendered once per published version (issue 17): the first request of a page after a
 * publish renders it, every other gets the same bytes, compressed once per coding. The version
 * is part of the key and of the ETag, so no answer can mix two versions, and a new one drops the
 * rest. Requests arriving while a page renders wait for that rendering.
 */
export function livePages() {
  let keptVersion = '';
  const kept = new Map<string, Promise<Kept | null>>();

  return async (
    request: Request,
    version: string | undefined,
    render: () => Promise<Response>,
  ): Promise<Response | null> => {
    const key = keyOf(new URL(request.url));
    if (version === undefined || key === null || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
    if (keptVersion !== version) {
      kept.clear();
      keptVersion = version;
    }
    let entry = kept.get(key);
    let own: Response | undefined; // this request's own answer when it is not kept
    if (entry) {
      kept.delete(key); // most recently used last
      kept.set(key, entry);
    } else {
      entry = render().then((response) => {
        if (response.status === 200) return keep(response);
        own = response; // a 404 (a market no longer public) is not kept: any path could fill the memory
        return null;
      });
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(key, entry);
    }
    const forget = (failed: Promise<Kept | null>) => kept.get(key) === failed && kept.delete(key);
    const page = await entry.catch((error: unknown) => {
      forget(entry);
      throw error; // Astro's error answer; the next request renders anew
    });
    if (!page) {
      forget(entry);
      return own ?? render();
    }
    return answer(request, version, page);
  };
}

async function keep(response: Response): Promise<Kept> {
  const body = compressedBody(Buffer.from(await response.arrayBuffer()));
  const headers = [...response.headers].filter(([name]) => name !== 'content-length' && name !== 'set-cookie');
  return { status: response.status, headers, body };
}

async function answer(request: Request, version: string, page: Kept): Promise<Response> {
  const headers = new Headers(page.headers);
  const encoding = page.body.encodingFor(request.headers.get('accept-encoding') ?? undefined);
  const etag = encodedEtag(`"live-${version}"`, encoding);
  headers.set('etag', etag);
  headers.set('vary', withVary(headers.get('vary') ?? undefined, 'Accept-Encoding'));
  // Browsers ask again each time (a 304 while nothing changed): a change is public at once.
  headers.set('cache-control', 'no-cache');
  if (etagMatches(request.headers.get('if-none-match') ?? undefined, etag))
    return new Response(null, { status: 304, headers });
  const bytes = await page.body.bytes(encoding);
  if (encoding) headers.set('content-encoding', encoding);
  headers.set('content-length', String(bytes.length));
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(bytes), { status: page.status, headers });
}
