import { join } from 'node:path';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { parse as parseCookie } from 'hono/utils/cookie';
import { isTrustedProxy } from '../auth/client-network.ts';
import { findTokenPurpose } from '../auth/one-time-tokens.ts';
import { findSessionUser, sessionCookieName } from '../auth/sessions.ts';
import { publicationDirOf, servesHttps } from '../config.ts';
import { createApi, DISCARDED_AT_MOST, type ApiDependencies } from './api.ts';
import type { ApiEnv } from './api-env.ts';
import { listenOnSockets } from './accepting-sockets.ts';
import { drainAfterAnswer } from './drain-request.ts';
import { isEmbedPath } from './framable.ts';
import { localeCookie, rootLocaleRedirect } from './locale-redirect.ts';
import { builtSitePaths, type SitePathCheck } from './site-paths.ts';
import { publishedFiles } from './published-files.ts';
import { photoFiles } from './photo-files.ts';
import { createPhotoStore, photoDirOf } from '../photos/photo-store.ts';
import type { PagesHandler } from './pages.ts';
import { setSecurityHeaders } from './security-headers.ts';
import { pageFiles } from './page-files.ts';
import { READ_AT_ONCE_UP_TO, staticFiles, type StaticHandler } from './static-files.ts';
import type { Publisher } from '../directory/publisher.ts';

export interface ServerOptions extends ApiDependencies {
  /** The built Astro site; without it (API tests) only /api answers. */
  pages?: { handler: PagesHandler; clientDir: string; build: string } | undefined;
  /** Where the publisher's market images are (build-site.ts, marketImageCache). */
  imageCache?: string;
}

export interface RunningServer {
  server: Server;
  url: string;
  /** Stops accepting connections, lets requests in flight finish, then resolves. */
  close(): Promise<void>;
}

export const REQUEST_TIMEOUT_MS = 120_000;
export const HEADERS_TIMEOUT_MS = 20_000;

/** One HTTP listener for the whole portal: /api for the content service, everything else for Astro. */
export async function startServer({ pages, imageCache, ...dependencies }: ServerOptions): Promise<RunningServer> {
  const { config, publisher } = dependencies;
  const photoStore = dependencies.photoStore ?? createPhotoStore(photoDirOf(config.DATA_DIR));
  const isSitePath = pages ? sitePaths(builtSitePaths(pages.clientDir), publisher) : undefined;
  // The unread rest of a body is dropped below (drain-request.ts): the library's own clean-up closed
  // connections that a client had already sent its next request on (issue 49).
  const hono = createApi({ ...(isSitePath ? { isSitePath } : {}), ...dependencies, photoStore });
  const api = getRequestListener(hono.fetch, { overrideGlobalObjects: false, autoCleanupIncoming: false });
  const photos = photoFiles(photoStore);
  // A directory page is no file: its six misses in the build were a twentieth of the server's time under load (issue 18).
  const built =
    pages && staticFiles(pages.clientDir, cacheControlOf, { missesHoldMs: 1000, readAtOnceUpTo: READ_AT_ONCE_UP_TO });
  const publication = publicationDirOf(config);
  const published = publisher && imageCache ? publishedFiles(publisher, imageCache) : undefined;
  const assets: StaticHandler | undefined =
    built && (published ? (req, res, next) => published(req, res, () => built(req, res, next)) : built);
  const pagesHandler = pages?.handler;
  const kept = pages && publisher ? pageFiles(join(publication, 'pages', pages.build)) : undefined;
  const httpsPortal = servesHttps(config);
  const sessionCookie = sessionCookieName(httpsPortal);

  // Once close() is called, every answer ends its connection: a keep-alive client would otherwise
  // hold the stop up until its connection times out, or keep it busy with new requests.
  let closing = false;
  const answering = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    answering.add(res);
    drainAfterAnswer(req, res, DISCARDED_AT_MOST);
    res.once('close', () => {
      answering.delete(res);
      if (closing) server.closeIdleConnections(); // one whose headers went out before close()
    });
    if (closing) res.setHeader('Connection', 'close');
    // Until the first publish only the health check answers; the rest wait for it (issue 50: a start
    // answers within seconds, its first publish at Austria scale takes a few more).
    if (publisher && !publisher.isReady() && req.url !== '/api/health')
      void publisher.ready.then(
        () => answer(req, res),
        () => res.destroy(),
      );
    else answer(req, res);
  });
  /** What the portal answers at `req.url`. */
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/api?');
    const https =
      httpsPortal ||
      (isTrustedProxy(config.TRUST_PROXY, req.socket.remoteAddress) && req.headers['x-forwarded-proto'] === 'https');
    const framable = !isApi && isEmbedPath(path.split('?')[0] ?? path);
    setSecurityHeaders(res, isApi || !pagesHandler, https, framable);
    if (isApi || !assets || !pagesHandler) {
      // without pages, any other path is the API's JSON 404 (but uploaded photos are there for the API tests)
      if (isApi) void api(req, res);
      else photos(req, res, () => void api(req, res));
      return;
    }
    const languageHome = rootLocaleRedirect(req);
    if (languageHome) {
      if (languageHome.chosen) res.setHeader('Set-Cookie', localeCookie(languageHome.chosen, https));
      res.writeHead(302, {
        Location: languageHome.location,
        Vary: 'Cookie, Accept-Language',
        'Cache-Control': 'no-cache',
      });
      res.end();
      return;
    }
    if (path === '/' || path.startsWith('/?')) res.setHeader('Vary', 'Cookie, Accept-Language');
    const published = publisher?.current();
    const token = parseCookie(req.headers.cookie ?? '', sessionCookie)[sessionCookie];
    let user: ReturnType<typeof findSessionUser> | undefined;
    const others = () =>
      photos(req, res, () =>
        assets(req, res, () => {
          void pagesHandler(req, res, {
            sessionUser: () => (user ??= findSessionUser(dependencies.db, token)),
            tokenPurpose: (oneTimeToken) => findTokenPurpose(dependencies.db, oneTimeToken),
            apiData: (call) => apiDataOf(hono, call, req.headers.cookie),
            ...(published && kept ? { published, pageFiles: kept } : {}),
          });
        }),
      );
    // A page written for this version is sent before the built site's files are looked up, which
    // took a twentieth of the server's time under load (issue 18).
    if (!published || !kept?.sendKept(req, res, published)) others();
  };
  // Issue 49 review: Node's own bound for receiving a request is 300 s. The largest honest one is a
  // 10 MB photo: 80 s on a 1 Mbit/s line, so 120 s leaves it room and cuts a trickling client far
  // sooner. Headers come in one packet from any honest client; 20 s is generous.
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  // A malformed request line or header gets a plain 400, never a stack trace.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });

  const { port, closeOthers } = await listenOnSockets(server, config.PORT, config.HOST);
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  return {
    server,
    url: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`,
    close: async () => {
      closing = true;
      for (const res of answering) if (!res.headersSent) res.setHeader('Connection', 'close');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await Promise.all([closeOthers(), closed]);
    },
  };
}

/** A page of the built site, or of the directory as published (its pages are not files). */
function sitePaths(built: SitePathCheck, publisher: Publisher | undefined): SitePathCheck {
  if (!publisher) return built;
  return (sitePath) => {
    if (built(sitePath)) return true;
    const path = sitePath.replace(/^\/(?:en|fr)(?=\/verzeichnis)/, '').replace(/(.)\/+$/, '$1');
    return publisher.current().pages.has(path);
  };
}

/**
 * Astro's fingerprinted bundles never change under their name. The embed loader (issue 23) keeps
 * its name, since websites paste it once: an hour, then the browser asks again with its ETag.
 */
function cacheControlOf(pathname: string): string | undefined {
  if (pathname === '/einbetten.js') return 'public, max-age=3600';
  return pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : undefined;
}

/**
 * A GET call of the API made in-process with the page request's cookie, so a page rendered on
 * demand shows what the same call would answer the browser (issue 50: the markets screens come
 * with their municipality's markets): the API's `data`, or null for any refusal.
 */
async function apiDataOf(hono: Hono<ApiEnv>, call: string, cookie: string | undefined): Promise<unknown> {
  const answer = await hono.request(`/api/${call}`, { headers: cookie ? { cookie } : {} });
  if (!answer.ok) return null;
  return ((await answer.json()) as { data?: unknown }).data ?? null;
}
