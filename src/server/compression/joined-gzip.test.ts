import fc from 'fast-check';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DeflatedPart, joinedGzip } from './joined-gzip.ts';

describe('a gzip stream joined from parts deflated on their own', () => {
  it("unzips to the parts' text in order, whatever the parts", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: 'binary', maxLength: 3000 }), { maxLength: 12 }), async (texts) => {
        const parts = texts.map((text) => new DeflatedPart(text));
        expect(gunzipSync(await joinedGzip(parts)).toString()).toBe(texts.join(''));
      }),
      { numRuns: 25 },
    );
  }, 30_000);

  it('drops the first byte of a part on request, without touching the part', async () => {
    const part = new DeflatedPart(',{"a":1}');
    const joined = await joinedGzip([new DeflatedPart('['), part.withoutFirstByte(), part, new DeflatedPart(']')]);
    expect(gunzipSync(joined).toString()).toBe('[{"a":1},{"a":1}]');
  });
});
