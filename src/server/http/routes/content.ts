import type { ServerResponse } from 'node:http';
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

/** What a content call asks for, once its query is checked. */
interface ContentCall {
  kind: ContentKind;
  /** The ETag of the answer the app holds (delta sync, docs/api.md). */
  since: string | undefined;
  /** include_hidden_records=1: the answer may hold hidden records, and never sits in a shared cache. */
  hidden: boolean;
  /** The session whose municipality's hidden records are asked for, if it is one. */
  session: string | null;
  ifNoneMatch: string | undefined;
  acceptEncoding: string | undefined;
}

/** A content call's answer, as it goes out. */
interface ContentReply {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer;
}

/** Seed calls 1 and 2: published content, plus hidden records of the user's own municipality. */
export function contentRoutes(api: Hono<ApiEnv>, content: ContentService): void {
  for (const [path, kind] of CONTENT_PATHS) {
    api.get(path, async (c) => {
      if (c.req.param('exhibition') !== String(EXHIBITION_ID)) throw new ApiError('not_found');
      // The query read once: each c.req.query(name) scans the address anew (issue 18: 1,500 calls a second).
      const { include_hidden_records: includeHidden, since } = c.req.query();
      if (includeHidden !== undefined && includeHidden !== '0' && includeHidden !== '1')
        throw new ApiError('invalid_request');
      const token = includeHidden === '1' ? c.get('sessionToken')() : undefined;
      const reply = await replyTo(content, {
        kind,
        since,
        hidden: includeHidden === '1',
        session: isSessionToken(token) ? token : null,
        ifNoneMatch: c.req.header('if-none-match'),
        acceptEncoding: c.req.header('accept-encoding'),
      });
      const outgoing = c.env?.outgoing;
      // Without Node's response (Hono's own app.request in tests) it goes the usual way.
      if (!outgoing)
        return reply.status === 304
          ? c.body(null, 304, reply.headers)
          : c.body(new Uint8Array(reply.body), 200, reply.headers);
      send(outgoing, reply);
      return RESPONSE_ALREADY_SENT;
    });
  }
}

async function replyTo(content: ContentService, call: ContentCall): Promise<ContentReply> {
  // An answer that may hold hidden records must never sit in a shared cache.
  const headers = {
    'Cache-Control': call.hidden ? 'private, no-store' : 'public, max-age=0, must-revalidate',
    Vary: 'Cookie, Accept-Encoding',
  };
  const found = await content.lookup(call.kind, call.session);
  const notModified = (etag: string): ContentReply => ({
    status: 304,
    headers: { ...headers, ETag: etag },
    body: Buffer.alloc(0),
  });
  if (etagMatches(call.ifNoneMatch, found.etag)) return notModified(found.etag);
  // Delta sync (docs/api.md): only for the public answer; an answer with hidden records is whole.
  const delta = call.since !== undefined && !found.own ? await content.delta(call.kind, call.since) : null;
  // A whole answer may be of a version before the newest (services/content.ts, WHOLE_ANSWER_RESTS).
  const answer = delta ?? (await found.answer());
  if (etagMatches(call.ifNoneMatch, answer.etag)) return notModified(answer.etag);
  const typed = { ...headers, ETag: answer.etag, 'Content-Type': 'application/json; charset=utf-8' };
  const encoding = answer.body.encodingFor(call.acceptEncoding);
  const body = await answer.body.bytes(encoding);
  return { status: 200, headers: encoding ? { ...typed, 'Content-Encoding': encoding } : typed, body };
}

/**
 * A large answer written straight to Node's response: through a web Response, the adapter hands
 * it on in small stream chunks (Austria scale: 40 ms for 2.8 MB).
 */
function send(outgoing: ServerResponse, { status, headers, body }: ContentReply): void {
  if (status === 304) {
    outgoing.writeHead(304, headers).end();
    return;
  }
  outgoing.writeHead(200, { ...headers, 'Content-Length': String(body.byteLength) });
  outgoing.end(body);
}
