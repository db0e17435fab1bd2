import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DeflatedPart, joinedGzip, type JoinedGzip } from './joined-gzip.ts';

describe('a gzip stream joined from parts deflated on their own', () => {
  it("unzips to the parts' text in order, whatever the parts", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: 'binary', maxLength: 3000 }), { maxLength: 12 }), async (texts) => {
        const parts = texts.map((text) => new DeflatedPart(text));
        expect(unzipped(await joinedGzip(parts))).toBe(texts.join(''));
      }),
      { numRuns: 25 },
    );
  }, 30_000);

  it('drops the first byte of a part on request, without touching the part', async () => {
    const part = new DeflatedPart(',{"a":1}');
    const joined = await joinedGzip([new DeflatedPart('['), part.withoutFirstByte(), part, new DeflatedPart(']')]);
    expect(unzipped(joined)).toBe('[{"a":1},{"a":1}]');
  });

  it("joined on another stream, sends that stream's parts as slices of it and unzips the same (issue 18)", async () => {
    const text = fc.string({ unit: 'binary', maxLength: 2000 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { minLength: 1, maxLength: 12 }),
        fc.array(fc.oneof(fc.nat(), text), { maxLength: 14 }),
        async (baseTexts, picks) => {
          const baseParts = baseTexts.map((t) => new DeflatedPart(t));
          const base = await joinedGzip(baseParts);
          expect(base.chunks).toHaveLength(1);
          const parts = picked(baseParts, picks);
          const joined = await joinedGzip(parts, base);
          expect(unzipped(joined)).toBe(textOf(parts));
          // Only the header, the parts of its own, the end block and the trailer are outside the base's buffer.
          const ownStreams = await Promise.all(
            parts.filter((part) => !baseParts.includes(part)).map((part) => part.compressed()),
          );
          const outside = joined.chunks.map((chunk) => chunk.length - inside(chunk, base.chunks[0]!));
          const own = ownStreams.reduce((sum, stream) => sum + stream.length, 0);
          expect(outside.reduce((sum, bytes) => sum + bytes, 0)).toBe(10 + own + 2 + 8);
        },
      ),
      { numRuns: 40 },
    );
  }, 30_000);

  it('made on a stream made on another, unzips to its parts (each public answer is made on the one before)', async () => {
    const text = fc.string({ unit: 'binary', maxLength: 500 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { minLength: 1, maxLength: 8 }),
        fc.array(fc.oneof(fc.nat(), text), { maxLength: 10 }),
        fc.array(fc.oneof(fc.nat(), text), { maxLength: 10 }),
        async (baseTexts, firstPicks, secondPicks) => {
          const first = baseTexts.map((t) => new DeflatedPart(t));
          const base = await joinedGzip(first);
          const secondParts = picked(first, firstPicks);
          const second = await joinedGzip(secondParts, base);
          const thirdParts = picked([...first, ...secondParts], secondPicks);
          const third = await joinedGzip(thirdParts, second);
          expect(unzipped(third)).toBe(textOf(thirdParts));
        },
      ),
      { numRuns: 40 },
    );
  }, 30_000);

  it('is joined into one buffer after all when it would be more than 32 pieces', async () => {
    const base = await joinedGzip([new DeflatedPart('[')]);
    // Incompressible, so that each part's stream is a buffer of its own (small ones may lie side by side).
    const parts = Array.from({ length: 40 }, () => new DeflatedPart(randomBytes(5000)));
    const joined = await joinedGzip(parts, base);
    expect(joined.chunks).toHaveLength(1);
    expect(gunzipSync(joined.chunks[0]!).equals(Buffer.concat(parts.map((part) => part.raw)))).toBe(true);
  });

  it('sends a run of the base stream as one slice, without copying it', async () => {
    const baseParts = ['{', '"a":1', ',"b":2', ',"c":3', '}'].map((t) => new DeflatedPart(t));
    const base = await joinedGzip(baseParts);
    const own = new DeflatedPart(',"b":20');
    const joined = await joinedGzip([baseParts[0]!, baseParts[1]!, own, baseParts[3]!, baseParts[4]!], base);
    expect(unzipped(joined)).toBe('{"a":1,"b":20,"c":3}');
    // header, the first two parts in one slice, the own part, the last two in one slice, end block, trailer
    expect(joined.chunks).toHaveLength(6);
    expect(joined.chunks[1]!.buffer).toBe(base.chunks[0]!.buffer);
    expect(joined.chunks[3]!.buffer).toBe(base.chunks[0]!.buffer);
  });
});

/** Each pick one of `from` (by index) or a part of its own. */
function picked(from: readonly DeflatedPart[], picks: readonly (number | string)[]): DeflatedPart[] {
  return picks.map((pick) => (typeof pick === 'number' ? from[pick % from.length]! : new DeflatedPart(pick)));
}

function textOf(parts: readonly DeflatedPart[]): string {
  return Buffer.concat(parts.map((part) => part.raw)).toString();
}

/** How many of the slice's bytes lie in the whole's memory. */
function inside(slice: Buffer, whole: Buffer): number {
  if (slice.buffer !== whole.buffer) return 0;
  const start = Math.max(slice.byteOffset, whole.byteOffset);
  const end = Math.min(slice.byteOffset + slice.length, whole.byteOffset + whole.length);
  return Math.max(0, end - start);
}

function unzipped(joined: JoinedGzip): string {
  return gunzipSync(Buffer.concat(joined.chunks)).toString();
}
