import { promisify } from 'node:util';
import { LRUCache } from 'lru-cache';
import { brotliCompress, brotliCompressSync, constants, gunzip, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import { negotiateEncoding, type Encoding } from './negotiate.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Under this a coding's framing eats most of the gain; such answers go as they are. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Brotli 5 rather than the build's 11: a feed is compressed again after every save, and at
 * Austria scale it runs to megabytes (quality 11 would take seconds of a thread-pool thread).
 */
const BROTLI_QUALITY = 5;

/**
 * Below this an answer is compressed on the event loop (3.5 ms for gzip and 4.5 ms for brotli at
 * 256 KB, once per answer however many ask): from the thread pool its bytes came back only after
 * the deflates queued there before it. Under issue 18's load the apps' deltas run to 80–180 KB, and
 * with 128 KB here half of them waited behind each new public version's districts: a tenth of the
 * content calls 110 ms and more (decision record 0024, once 0036).
 */
const COMPRESS_AT_ONCE_BELOW = 256 * 1024;

/** The pieces a large body's coding comes back to the event loop in. */
const OFF_THE_LOOP_CHUNK_BYTES = 1024 * 1024;

let compressions = 0;

/** How many bodies were compressed since the process started: tests check "once per version" with it. */
export function compressionsMade(): number {
  return compressions;
}

/** A generated answer kept for one content version, compressed at most once per coding. */
export interface CompressedBody {
  /** Its length as it is (bytes). */
  readonly size: number;
  /** The coding this body goes out in for a request's Accept-Encoding; null: as it is. */
  encodingFor(acceptEncoding: string | undefined): Encoding | null;
  bytes(encoding: Encoding | null): Promise<Buffer>;
}

export function compressedBody(body: string | Buffer): CompressedBody {
  const raw = typeof body === 'string' ? Buffer.from(body) : body;
  // The promise is kept, so requests arriving while it compresses wait for the same work.
  const encoded: Partial<Record<Encoding, Promise<Buffer>>> = {};
  return {
    size: raw.length,
    encodingFor: (acceptEncoding) => (raw.length < MIN_COMPRESSED_BYTES ? null : negotiateEncoding(acceptEncoding)),
    bytes: (encoding) => (encoding ? (encoded[encoding] ??= compress(raw, encoding)) : Promise.resolve(raw)),
  };
}

/**
 * A large answer kept in its codings only, made before it resolves: nearly every client accepts
 * one, and the text of a whole content answer (29 MB at Austria scale) was a tenth of the server's
 * heap (issue 50). The few that accept neither get it unpacked from gzip, as nginx's gunzip
 * module does; requests meanwhile share that unpacking, and nothing of it is kept.
 */
export async function packedBody(raw: Buffer): Promise<CompressedBody> {
  const [gzipped, brotli] = await Promise.all([compress(raw, 'gzip'), compress(raw, 'br')]);
  let unpacking: Promise<Buffer> | undefined;
  const unpacked = () => {
    unpacking ??= gunzipAsync(gzipped).finally(() => (unpacking = undefined));
    return unpacking;
  };
  return {
    size: raw.length,
    encodingFor: (acceptEncoding) => negotiateEncoding(acceptEncoding),
    bytes: (encoding) =>
      encoding === 'br' ? Promise.resolve(brotli) : encoding ? Promise.resolve(gzipped) : unpacked(),
  };
}

/** `raw` in one coding: a small one at once, a large one off the event loop. */
export function compress(raw: Buffer, encoding: Encoding): Promise<Buffer> {
  compressions += 1;
  const options: BrotliOptions = {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  };
  if (raw.length < COMPRESS_AT_ONCE_BELOW)
    return Promise.resolve(encoding === 'gzip' ? gzipSync(raw) : brotliCompressSync(raw, options));
  // Out in large pieces: in zlib's 16 KB each was a turn of the event loop (a whole content answer: hundreds).
  const chunkSize = OFF_THE_LOOP_CHUNK_BYTES;
  return encoding === 'gzip' ? gzipAsync(raw, { chunkSize }) : brotliAsync(raw, { ...options, chunkSize });
}

/**
 * Answers kept for the current content version only, up to `max` of them (the least recently
 * asked for goes first): a new version drops them all, so nothing outdated is ever sent.
 */
export function keptPerVersion(max: number) {
  const kept = new LRUCache<string, CompressedBody>({ max });
  let keptVersion = '';
  return (version: string, key: string, make: () => string | Buffer): CompressedBody => {
    if (keptVersion !== version) {
      kept.clear();
      keptVersion = version;
    }
    let body = kept.get(key);
    if (!body) kept.set(key, (body = compressedBody(make())));
    return body;
  };
}
