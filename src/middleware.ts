import { defineMiddleware } from 'astro:middleware';
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';
import { compress } from './server/compression/compressed-body.ts';
import { negotiateEncoding, withVary } from './server/compression/negotiate.ts';
import { isDatabaseUnavailable } from './server/db/unavailable-error.ts';
import { databaseDownPage } from './server/http/database-down-page.ts';
import { isEmbedPath } from './server/http/framable.ts';

/**
 * Pages rendered on demand get their Content-Security-Policy as a header from Astro, which
 * replaces the server's; the directives only a header can carry are added back here.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const rendered = async () => {
    // A clerk's screen looks up the session: with the database away a 503, not a 500 and a stack (issue 50).
    const down = (error: unknown) => {
      if (isDatabaseUnavailable(error)) return databaseDownPage(context.url.pathname);
      throw error;
    };
    let response = await next().catch(down);
    // Read whole here, so an error while Astro streams the page is caught too.
    if (!context.isPrerendered) response = await islandStyleInHead(response).catch(down);
    const policy = response.headers.get('content-security-policy');
    if (policy && !policy.includes('frame-ancestors')) {
      // Issue 23: only the embeddable lists may be framed, by any website.
      const ancestors = isEmbedPath(context.url.pathname) ? '*' : "'none'";
      response.headers.set('content-security-policy', `${policy.replace(/;?\s*$/, ';')} frame-ancestors ${ancestors};`);
    }
    return response;
  };
  if (context.isPrerendered) return rendered();
  // The directory's pages and the embeddable lists: once per page version (issues 17, 18, 23), written
  // to disk (src/server/http/page-files.ts), whose files the server sends the next requests without Astro.
  const { pageFiles, published } = context.locals;
  const live = pageFiles && (await pageFiles.page(context.request, published, rendered));
  return live ?? (await compressed(context.request, await rendered()));
});

/**
 * Astro writes its islands' style rule (`astro-island{display:contents}`) right before the first
 * island, in the body, where HTML allows no style element (issue 55: the Nu checker's errors on
 * the editing pages); it goes to the end of the head instead. Its hash stays in the page's policy.
 * The page is read whole for that: it is made in a few milliseconds once its data is read.
 */
async function islandStyleInHead(response: Response): Promise<Response> {
  if (!response.body || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const html = await response.text();
  const at = html.indexOf(ISLAND_STYLE);
  const head = html.indexOf('</head>');
  const moved =
    at < 0 || head < 0 || head > at
      ? html
      : html.slice(0, head) + ISLAND_STYLE + html.slice(head, at) + html.slice(at + ISLAND_STYLE.length);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(moved, { status: response.status, statusText: response.statusText, headers });
}

const ISLAND_STYLE = `<style>${ISLAND_STYLES}</style>`;

/**
 * Issues 17 and 19: a page rendered on demand (the editing pages, ~70 KB of HTML) is compressed,
 * with brotli at quality 5 where the client takes it: for the markets page 16.9 KB in 1.8 ms
 * against gzip's 17.7 KB in 1.6 ms, which helps keep the editing pages under their 120 KB on the
 * wire (quality 4 came out larger than gzip; brotli's default would cost tens of ms). The page is
 * whole by now (islandStyleInHead), so it is compressed whole, at once below 256 KB (`compress`):
 * streamed through zlib, each piece waited for a turn of the event loop, under load tens of
 * milliseconds each (issue 52).
 * Pre-rendered pages are compressed by the build instead.
 */
async function compressed(request: Request, response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || response.headers.has('content-encoding') || !type.startsWith('text/html')) return response;
  const headers = new Headers(response.headers);
  headers.set('vary', withVary(headers.get('vary') ?? undefined, 'Accept-Encoding'));
  const { status, statusText } = response;
  const encoding = negotiateEncoding(request.headers.get('accept-encoding') ?? undefined, ['br', 'gzip']);
  if (!encoding) return new Response(response.body, { status, statusText, headers });
  const body = await compress(Buffer.from(await response.arrayBuffer()), encoding);
  headers.set('content-encoding', encoding);
  headers.set('content-length', String(body.length));
  return new Response(new Uint8Array(body), { status, statusText, headers });
}
