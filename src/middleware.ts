import { defineMiddleware } from 'astro:middleware';
import { negotiateEncoding, withVary } from './server/compression/negotiate.ts';
import { isEmbedPath } from './server/http/framable.ts';

/**
 * Pages rendered on demand get their Content-Security-Policy as a header from Astro, which
 * replaces the server's; the directives only a header can carry are added back here.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const rendered = async () => {
    const response = await next();
    const policy = response.headers.get('content-security-policy');
    if (policy && !policy.includes('frame-ancestors')) {
      // Issue 23: only the embeddable lists may be framed, by any website.
      const ancestors = isEmbedPath(context.url.pathname) ? '*' : "'none'";
      response.headers.set('content-security-policy', `${policy.replace(/;?\s*$/, ';')} frame-ancestors ${ancestors};`);
    }
    return response;
  };
  if (context.isPrerendered) return rendered();
  // The directory's pages and the embeddable lists: once per page version (issues 17, 18, 23),
  // kept by the server (src/server/http/server.ts), which answers the next requests without Astro.
  const { livePages, published } = context.locals;
  const live = livePages && (await livePages.page(context.request, published?.pageVersion, rendered));
  return live ?? gzipped(context.request, await rendered());
});

/**
 * Issue 17: a page rendered on demand (the editing pages, ~50 KB of HTML) is gzipped as it
 * streams; gzip costs well under a millisecond here, where brotli's default quality would cost
 * tens. Pre-rendered pages are compressed by the build instead.
 */
function gzipped(request: Request, response: Response): Response {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || response.headers.has('content-encoding') || !type.startsWith('text/html')) return response;
  const headers = new Headers(response.headers);
  headers.set('vary', withVary(headers.get('vary') ?? undefined, 'Accept-Encoding'));
  if (!negotiateEncoding(request.headers.get('accept-encoding') ?? undefined, ['gzip']))
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  headers.set('content-encoding', 'gzip');
  headers.delete('content-length');
  const body = response.body.pipeThrough(new CompressionStream('gzip'));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
