import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DeflatedPart } from '../compression/joined-gzip.ts';
import { joinedBody } from './content-body.ts';

describe("a whole answer's body", () => {
  it('makes its gzip again at the next request after one failed, rather than failing every request of its version', async () => {
    let failures = 1;
    const body = joinedBody(
      [new DeflatedPart('{"data":'), new DeflatedPart('{}}')],
      () => false,
      () => {
        if (failures-- > 0) throw new Error('out of memory'); // as a deflate that failed
        return undefined;
      },
    );
    await expect(body.chunks('gzip')).rejects.toThrow('out of memory');
    expect(gunzipSync(Buffer.concat(await body.chunks('gzip'))).toString()).toBe('{"data":{}}');
  });
});
