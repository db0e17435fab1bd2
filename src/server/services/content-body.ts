import { compress, compressedBody } from '../compression/compressed-body.ts';
import { joinedGzip, type DeflatedPart, type JoinedGzip } from '../compression/joined-gzip.ts';
import type { Encoding } from '../compression/negotiate.ts';

/** A content answer's body: its JSON as UTF-8, and in each coding when asked for. */
export interface ContentBody {
  readonly raw: Buffer;
  /**
   * The body in the coding (or as it is), in the pieces it is sent in: a whole public answer's JSON
   * in the pieces it was made of, not joined into 17 MB first.
   */
  chunks(encoding: Encoding | null): Promise<readonly Buffer[]>;
  /** Whether the coding is at hand (or cheap to make now); when not, it may be being made for later requests. */
  atHand(encoding: Encoding): boolean;
}

/** An answer made in one piece (a delta, a clerk's answer with hidden records): compressed whole when asked for. */
export function textBody(text: string | Buffer): ContentBody {
  const body = compressedBody(text);
  return {
    raw: body.raw,
    chunks: async (encoding) => [await body.bytes(encoding)],
    atHand: () => true,
  };
}

/** A whole public answer's body, whose gzip the next version's can be sent in slices of. */
export interface JoinedBody extends ContentBody {
  gzip(): Promise<JoinedGzip>;
  /** Its gzip if made already, else nothing (and nothing is started). */
  gzipAtHand(): JoinedGzip | undefined;
}

/**
 * A whole answer from its parts: gzip joined from the parts' deflate streams (a change
 * recompresses only the districts it touched), in slices of `base`'s gzip where they are its parts;
 * brotli made from the whole text, only when `mayStartBrotli` allows (at most once in a while),
 * and only for requests after it is done.
 */
export function joinedBody(
  parts: readonly DeflatedPart[],
  mayStartBrotli: () => boolean,
  base?: () => Promise<JoinedGzip> | JoinedGzip | undefined,
): JoinedBody {
  let raw: Buffer | null = null;
  let gzip: Promise<JoinedGzip> | null = null;
  let brotli: Promise<Buffer> | null = null;
  let brotliDone = false;
  const text = () => (raw ??= Buffer.concat(parts.map((part) => part.raw)));
  let gzipDone: JoinedGzip | undefined;
  const gzipOf = () =>
    (gzip ??= (async () => (gzipDone = await joinedGzip(parts, await base?.())))().catch((error: unknown) => {
      gzip = null; // the next request tries again
      throw error;
    }));
  const startBrotli = () =>
    (brotli ??= compress(text(), 'br').then((bytes) => {
      brotliDone = true;
      return bytes;
    }));
  return {
    get raw() {
      return text();
    },
    gzip: gzipOf,
    gzipAtHand: () => gzipDone,
    async chunks(encoding) {
      if (encoding === 'gzip') return (await gzipOf()).chunks;
      if (encoding === 'br') return [await startBrotli()];
      return parts.map((part) => part.raw);
    },
    atHand(encoding) {
      if (encoding === 'gzip') return true;
      if (!brotli && mayStartBrotli()) void startBrotli().catch(() => {});
      return brotliDone;
    },
  };
}

/** At most one start per `intervalMs`: the brotli of a whole answer takes a thread-pool thread a while. */
export function oncePer(intervalMs: number): () => boolean {
  let last = -Infinity;
  return () => {
    const now = performance.now();
    if (now - last < intervalMs) return false;
    last = now;
    return true;
  };
}
