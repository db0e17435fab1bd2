import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, packedBody } from './compressed-body.ts';

const decode = { gzip: gunzipSync, br: brotliDecompressSync };

/** Whether `work` finished before a turn of the event loop (where waiting requests are read) came round. */
async function beforeATurn(work: () => Promise<unknown>): Promise<boolean> {
  let turned = false;
  setImmediate(() => (turned = true));
  await work();
  return !turned;
}

describe.each(['gzip', 'br'] as const)('compress (%s)', (encoding) => {
  it('compresses a small answer (a delta) at once: waiting for the thread pool cost it a turn of a busy event loop', async () => {
    const raw = Buffer.from(JSON.stringify({ data: { wko_market_dates: {}, deleted_ids: ['a'.repeat(3000)] } }));
    let bytes: Buffer = Buffer.alloc(0);
    expect(await beforeATurn(async () => (bytes = await compress(raw, encoding)))).toBe(true);
    expect(decode[encoding](bytes)).toEqual(raw);
  });

  it("compresses an app's larger delta (200 KB) at once too: from the thread pool it came back only after the deflates queued there", async () => {
    const records = Array.from({ length: 400 }, (_, i) => `"${i}":{"note":"Markt ${i} ${'x'.repeat(480)}"}`);
    const raw = Buffer.from(`{"data":{"wko_market_dates":{${records.join(',')}},"deleted_ids":[]}}`);
    expect(raw.length).toBeGreaterThan(190_000);
    let bytes: Buffer = Buffer.alloc(0);
    expect(await beforeATurn(async () => (bytes = await compress(raw, encoding)))).toBe(true);
    expect(decode[encoding](bytes)).toEqual(raw);
  });

  it('compresses a large answer off the event loop', async () => {
    const raw = Buffer.from('{"x":"' + 'Markt '.repeat(200_000) + '"}');
    let bytes: Buffer = Buffer.alloc(0);
    expect(await beforeATurn(async () => (bytes = await compress(raw, encoding)))).toBe(false);
    expect(decode[encoding](bytes)).toEqual(raw);
  });
});

describe('a packed body (a whole content answer)', () => {
  const raw = Buffer.from(JSON.stringify({ data: { wko_market_dates: { d1: { note: 'Märkte '.repeat(50_000) } } } }));

  it('goes out in the coding a client accepts, and unpacked to one that accepts none', async () => {
    const body = await packedBody(raw);
    expect(body.size).toBe(raw.length);
    expect(body.encodingFor('gzip, br')).toBe('br');
    expect(decode.br(await body.bytes('br'))).toEqual(raw);
    expect(decode.gzip(await body.bytes('gzip'))).toEqual(raw);
    expect(body.encodingFor(undefined)).toBeNull();
    expect(await body.bytes(null)).toEqual(raw);
  });

  it('unpacks once for the requests that ask meanwhile, and keeps nothing of it after', async () => {
    const body = await packedBody(raw);
    const [first, second] = await Promise.all([body.bytes(null), body.bytes(null)]);
    expect(second).toBe(first);
    expect(await body.bytes(null)).not.toBe(first);
  });
});
