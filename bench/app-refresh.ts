import type autocannon from 'autocannon';

/** A request of one app: `held` is what that app holds, shared by its requests. */
interface AppRequest extends autocannon.Request {
  held: Record<string, string>;
}

/**
 * Apps hold the content and ask again as docs/api.md says: with the ETag of the last answer they
 * got, for what changed since (a 304 when nothing did). `held` is each path's ETag at the start.
 *
 * Not in autocannon's `context`: it starts afresh from `initialContext` each time a connection has
 * gone through its requests, so every app asked since the ETag it started with, and every answer
 * held everything saved during the load. Each connection gets a deep copy of the requests, which
 * keeps an object they share shared: so `held` is one per app, and an answer's `onResponse` is
 * called on its request (`this`).
 */
export function appRefreshes(paths: readonly string[], held: Record<string, string>): autocannon.Request[] {
  const shared = { ...held };
  return paths.map((path): AppRequest => ({
    method: 'GET',
    path,
    held: shared,
    setupRequest: (request) => {
      const etag = (request as AppRequest).held[path];
      if (!etag) return request;
      const since = `${path}?since=${encodeURIComponent(etag)}`;
      return { ...request, path: since, headers: { ...request.headers, 'if-none-match': etag } };
    },
    onResponse(this: AppRequest, status, _body, _context, headers) {
      const etag = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'etag')?.[1];
      if (status === 200 && typeof etag === 'string') this.held[path] = etag;
    },
  }));
}
