import fc from 'fast-check';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine } from './crc32-combine.ts';

describe('crc32Combine', () => {
  it("gives the CRC of two texts joined, from each one's CRC", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), fc.uint8Array({ maxLength: 5000 }), (a, b) => {
        const joined = Buffer.concat([a, b]);
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(joined));
      }),
      { numRuns: 200 },
    );
  });
});
