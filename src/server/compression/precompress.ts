import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { isCompressible } from './file-types.ts';
import { FILE_SUFFIX, type Encoding } from './negotiate.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli's best for what every page loads (bundles, styles, scripts, sitemap). Pages get quality
 * 8: on a market page 5.7 KB against 5.2 KB, but 2 ms instead of 35 ms, and the directory at
 * Austria scale has some 25,000 pages to build within three minutes (design.md).
 */
const BROTLI_SHARED = 11;
const BROTLI_PAGES = 8;

export interface PrecompressReport {
  files: number;
  bytes: Record<Encoding | 'identity', number>;
}

/**
 * Writes `x.br` and `x.gz` beside every compressible file of the built site, each only when
 * smaller than `x`, so the server (http/static-files.ts) or any static host sends them as they
 * are instead of compressing per request.
 */
export async function precompressSite(root: string): Promise<PrecompressReport> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && isCompressible(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const report: PrecompressReport = { files: files.length, bytes: { identity: 0, br: 0, gzip: 0 } };
  // zlib's asynchronous calls run on libuv's thread pool: a few at a time keeps every core busy.
  let next = 0;
  const worker = async () => {
    for (let file = files[next++]; file; file = files[next++]) {
      const raw = await readFile(file);
      const page = file.endsWith('.html') || file.endsWith('.htm');
      const [br, gz] = await Promise.all([
        brotliAsync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: page ? BROTLI_PAGES : BROTLI_SHARED,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzipAsync(raw, { level: 9 }),
      ]);
      const [brSize, gzipSize] = await Promise.all([
        keepIfSmaller(file, 'br', br, raw.length),
        keepIfSmaller(file, 'gzip', gz, raw.length),
      ]);
      report.bytes.identity += raw.length;
      report.bytes.br += brSize;
      report.bytes.gzip += gzipSize;
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
  return report;
}

async function keepIfSmaller(file: string, encoding: Encoding, bytes: Buffer, rawSize: number): Promise<number> {
  const variant = file + FILE_SUFFIX[encoding];
  if (bytes.length >= rawSize) {
    await rm(variant, { force: true }); // one left by an earlier build would be served in its place
    return rawSize;
  }
  await writeFile(variant, bytes);
  return bytes.length;
}
