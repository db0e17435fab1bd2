import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Hono } from 'hono';
import { EXHIBITION_ID } from '../../../lib/visitor.ts';
import { ApiError } from '../../api-error.ts';
import { isSessionToken } from '../../auth/sessions.ts';
import { type ContentKind, type ContentService } from '../../services/content.ts';
import type { ApiEnv } from '../api-env.ts';
import { etagMatches } from '../etag.ts';

const CONTENT_PATHS: ReadonlyArray<[string, ContentKind]> = [
  ['/get_content/:exhibition', 'dates'],
  ['/get_content_stops/:exhibition', 'markets'],
];

/** Seed calls 1 and 2: published content, plus hidden records of the user's own municipality. */
export function contentRoutes(api: Hono<ApiEnv>, content: ContentService): void {
  for (const [path, kind] of CONTENT_PATHS) {
    api.get(path, async (c) => {
      if (c.req.param('exhibition') !== String(EXHIBITION_ID)) throw new ApiError('not_found');
      // The query read once: each c.req.query(name) scans the address anew (issue 18: 1,500 calls a second).
      const { include_hidden_records: includeHidden, since } = c.req.query();
      if (includeHidden !== undefined && includeHidden !== '0' && includeHidden !== '1')
        throw new ApiError('invalid_request');
      const hidden = includeHidden === '1';
      const token = hidden ? c.get('sessionToken')() : undefined;
      const found = await content.lookup(kind, isSessionToken(token) ? token : null);
      const ifNoneMatch = c.req.header('if-none-match');
      // Delta sync (docs/api.md): only for the public answer; an answer with hidden records is whole.
      // A whole answer may be of a version before the newest (services/content.ts, WHOLE_ANSWER_RESTS).
      const answer = etagMatches(ifNoneMatch, found.etag)
        ? null
        : ((since !== undefined && !found.own ? await content.delta(kind, since) : null) ?? (await found.answer()));
      const headers: Record<string, string> = {
        // An answer that may hold hidden records must never sit in a shared cache.
        'Cache-Control': hidden ? 'private, no-store' : 'public, max-age=0, must-revalidate',
        Vary: 'Cookie, Accept-Encoding',
        ETag: answer?.etag ?? found.etag,
      };
      let body: Buffer | null = null;
      if (answer && !etagMatches(ifNoneMatch, answer.etag)) {
        const encoding = answer.body.encodingFor(c.req.header('accept-encoding'));
        body = await answer.body.bytes(encoding);
        headers['Content-Type'] = 'application/json; charset=utf-8';
        if (encoding) headers['Content-Encoding'] = encoding;
        headers['Content-Length'] = String(body.byteLength);
      }
      const outgoing = c.env?.outgoing;
      // Without Node's response (Hono's own app.request in tests) it goes the usual way.
      if (!outgoing) return body ? c.body(new Uint8Array(body), 200, headers) : c.body(null, 304, headers);
      // Straight to Node's response: through a web Response, the adapter hands a large answer on
      // in small stream chunks (Austria scale: 40 ms for 2.8 MB).
      outgoing.writeHead(body ? 200 : 304, headers).end(body ?? undefined);
      return RESPONSE_ALREADY_SENT;
    });
  }
}
