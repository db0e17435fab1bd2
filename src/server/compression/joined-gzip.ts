import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';
import { crc32Combine } from './crc32-combine.ts';

const deflateRawAsync = promisify(deflateRaw);

/** gzip's header (RFC 1952): deflate, no name, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A last, empty deflate block (fixed codes, end of block at once) closes the joined stream. */
const LAST_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * A part of a large answer compressed on its own, so a change recompresses only the parts it
 * touched. Each part is a raw deflate stream ended by a sync flush (no final block, byte-aligned),
 * and such streams joined one after another are one valid deflate stream: each one's
 * back-references reach only into its own text.
 */
export class DeflatedPart {
  private text: Buffer | (() => Buffer);
  private deflated: Promise<Buffer> | null = null;
  private checksum: number | null = null;
  private withoutFirst: DeflatedPart | null = null;

  /**
   * `raw` may be a function that makes the text when it is first needed: under a stream of saves
   * most of the public answers' versions are never gzipped (REFRESHES_PER_WHOLE_GZIP in
   * services/content.ts), and their districts' texts were made for nothing (issue 18).
   */
  constructor(raw: Buffer | string | (() => Buffer)) {
    this.text = typeof raw === 'string' ? Buffer.from(raw) : raw;
  }

  /** Its text as UTF-8. */
  get raw(): Buffer {
    if (typeof this.text === 'function') this.text = this.text();
    return this.text;
  }

  /** Its deflate stream, made once when first needed. */
  compressed(): Promise<Buffer> {
    return (this.deflated ??= deflateRawAsync(this.raw, { finishFlush: constants.Z_SYNC_FLUSH }));
  }

  /** The CRC-32 of its text, made once. */
  crc(): number {
    return (this.checksum ??= crc32(this.raw));
  }

  /** This part without its first byte (the comma before a group's first record), kept beside it. */
  withoutFirstByte(): DeflatedPart {
    return (this.withoutFirst ??= new DeflatedPart(this.raw.subarray(1)));
  }
}

/**
 * Beyond this many pieces the stream is joined into one buffer after all: a socket's write of
 * hundreds of pieces cost more than the copy (decision record 0024, once 0030), and a stream made on one made
 * on another would otherwise break into ever more pieces.
 */
const MAX_PIECES = 32;

/** A gzip stream joined from parts, in the pieces it is sent in. */
export interface JoinedGzip {
  readonly chunks: readonly Buffer[];
  /** Each part's deflate stream inside `chunks`, so that a stream of mostly the same parts can be sent in slices of it. */
  readonly streams: ReadonlyMap<DeflatedPart, Buffer>;
}

/**
 * One gzip stream (RFC 1952) of the parts in order, with neither recompression nor a pass over all
 * their text. Without `base` it is one buffer. With it, the parts `base` holds are sent as slices of
 * `base`'s buffers, a run of them as one slice, and the others as their own streams: a new public
 * answer is the one before with the changed districts' parts in place. Copying the 2 MB around them
 * each time was a twentieth of the server's thread under load (issue 18).
 */
export async function joinedGzip(parts: readonly DeflatedPart[], base?: JoinedGzip): Promise<JoinedGzip> {
  const streams = await Promise.all(parts.map(async (part) => base?.streams.get(part) ?? part.compressed()));
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    crc = crc32Combine(crc, part.crc(), part.raw.length);
    length += part.raw.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  const pieces = base && adjoined(streams);
  if (pieces && pieces.length <= MAX_PIECES) {
    const chunks = [GZIP_HEADER, ...pieces, LAST_EMPTY_BLOCK, trailer];
    return { chunks, streams: new Map(parts.map((part, index) => [part, streams[index]!])) };
  }
  const whole = Buffer.concat([GZIP_HEADER, ...streams, LAST_EMPTY_BLOCK, trailer]);
  const inWhole = new Map<DeflatedPart, Buffer>();
  let offset = GZIP_HEADER.length;
  parts.forEach((part, index) => {
    const size = streams[index]!.length;
    inWhole.set(part, whole.subarray(offset, offset + size));
    offset += size;
  });
  return { chunks: [whole], streams: inWhole };
}

/** The buffers in order, those that lie one after the other in memory as one view. */
function adjoined(buffers: readonly Buffer[]): Buffer[] {
  const joined: Buffer[] = [];
  for (const buffer of buffers) {
    const last = joined.at(-1);
    if (last?.buffer === buffer.buffer && last.byteOffset + last.length === buffer.byteOffset)
      joined[joined.length - 1] = Buffer.from(last.buffer, last.byteOffset, last.length + buffer.length);
    else joined.push(buffer);
  }
  return joined;
}
