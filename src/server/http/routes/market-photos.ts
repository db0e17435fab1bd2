import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as z from 'zod/mini';
import { ApiError } from '../../api-error.ts';
import { hitLimit } from '../../auth/rate-limit.ts';
import type { Queryable } from '../../db/database.ts';
import { MAX_UPLOAD_BYTES } from '../../photos/photo-header.ts';
import type { MarketPhotoService } from '../../services/market-photos.ts';
import type { ApiEnv } from '../api-env.ts';
import { discardBody } from '../discard-body.ts';
import { parseFields, readFields } from '../request.ts';
import { confirmedWriter } from '../session-user.ts';

export const UPLOAD_PATH = '/api/upload_market_image';
/** The multipart envelope around the file: its boundaries, headers and a `lang` field. */
const ENVELOPE_BYTES = 64 * 1024;
/** A refused upload is read to its end up to this size, so that a proxy passes the 413 on (discard-body.ts). */
const DISCARDED_AT_MOST = 4 * MAX_UPLOAD_BYTES;

/** The upload's body limit, in place of the API's 1 MiB (api.ts chooses by path). */
export const uploadBodyLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES + ENVELOPE_BYTES,
  onError: async (c) => {
    if (!(await discardBody(c.req.raw, DISCARDED_AT_MOST))) c.header('Connection', 'close');
    throw new ApiError('photo_too_large', { file: 'photo_too_large' });
  },
});

/** Far more than a clerk uploads for a municipality's markets; each upload takes about a second of work. */
export const UPLOADS_PER_HOUR = { attempts: 120, windowSeconds: 60 * 60 };

const PRIVATE = { 'Cache-Control': 'private, no-store' };
const removeSchema = z.object({
  url: z.string({ error: 'required_fields' }).check(z.minLength(1, { error: 'required_fields' })),
});

/** Issue 20, docs/api.md (extension): a clerk's photo upload, and letting go of one the form no longer shows. */
export function marketPhotoRoutes(
  api: Hono<ApiEnv>,
  photos: MarketPhotoService,
  db: Queryable,
  clock: () => Date,
): void {
  api.post('/upload_market_image', async (c) => {
    const user = await confirmedWriter(c);
    const file = (await readFields(c))['file'];
    // Counted once the body is read (a proxy passes the 429 on), before the decoding costs a second.
    const wait = await hitLimit(db, { key: `photo_upload:${user.userId}`, ...UPLOADS_PER_HOUR }, clock());
    if (wait !== null) throw ApiError.rateLimited(wait);
    if (!(file instanceof File) || file.size === 0) throw new ApiError('required_fields', { file: 'required_fields' });
    if (file.size > MAX_UPLOAD_BYTES) throw new ApiError('photo_too_large', { file: 'photo_too_large' });
    const { signal } = c.req.raw;
    try {
      const image = await photos.upload(user, Buffer.from(await file.arrayBuffer()), signal);
      return c.json({ data: { image } }, 200, PRIVATE);
    } catch (error) {
      // The client has gone and its photo's work with it: nobody reads an answer (499, as nginx logs it).
      if (signal.aborted) return new Response(null, { status: 499 });
      throw error;
    }
  });

  api.post('/delete_market_image', async (c) => {
    const user = await confirmedWriter(c);
    const { url } = parseFields(removeSchema, await readFields(c));
    await photos.remove(user, url);
    return c.json({ data: { deleted: url } }, 200, PRIVATE);
  });
}
