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
  readonly raw: Buffer;
  private deflated: Promise<Buffer> | null = null;
  private checksum: number | null = null;
  private withoutFirst: DeflatedPart | null = null;

  constructor(raw: Buffer | string) {
    this.raw = typeof raw === 'string' ? Buffer.from(raw) : raw;
  }

  /** Its deflate stream, made once (off the event loop) when first needed. */
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

/** One gzip stream (RFC 1952) of the parts in order, with neither recompression nor a pass over all their text. */
export async function joinedGzip(parts: readonly DeflatedPart[]): Promise<Buffer> {
  const streams = await Promise.all(parts.map((part) => part.compressed()));
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    crc = crc32Combine(crc, part.crc(), part.raw.length);
    length += part.raw.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...streams, LAST_EMPTY_BLOCK, trailer]);
}
