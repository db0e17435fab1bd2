import type { Context } from 'hono';
import type { CompressedBody } from '../compression/compressed-body.ts';
import { encodedEtag, withVary } from '../compression/negotiate.ts';
import type { ApiEnv } from './api-env.ts';
import { etagMatches } from './etag.ts';

/**
 * A kept answer in the coding the client accepts, with Vary and, when given, an ETag per coding,
 * or 304 when the client holds that coding's current version.
 */
export async function compressedAnswer(
  c: Context<ApiEnv>,
  body: CompressedBody,
  headers: Record<string, string>,
  etag?: string,
): Promise<Response> {
  const encoding = body.encodingFor(c.req.header('accept-encoding'));
  const answerHeaders: Record<string, string> = { ...headers, Vary: withVary(headers['Vary'], 'Accept-Encoding') };
  if (etag) {
    answerHeaders['ETag'] = encodedEtag(etag, encoding);
    if (etagMatches(c.req.header('if-none-match'), answerHeaders['ETag'])) return c.body(null, 304, answerHeaders);
  }
  if (encoding) answerHeaders['Content-Encoding'] = encoding;
  const bytes = await body.bytes(encoding);
  // A view, not a copy: zlib's buffers are never shared memory.
  return c.body(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), 200, answerHeaders);
}
