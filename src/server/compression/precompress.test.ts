import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressSite } from './precompress.ts';

const root = mkdtempSync(path.join(tmpdir(), 'precompress-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('precompressSite', () => {
  it('writes .br and .gz beside text files when smaller, and leaves images and tiny files alone', async () => {
    mkdirSync(path.join(root, '_astro'));
    const page = '<!doctype html><ul>' + '<li>Bauernmarkt am Hauptplatz</li>'.repeat(200);
    writeFileSync(path.join(root, 'index.html'), page);
    writeFileSync(path.join(root, '_astro', 'client.js'), 'export const markets = [];\n'.repeat(100));
    writeFileSync(path.join(root, 'logo.png'), Buffer.alloc(4000));
    writeFileSync(path.join(root, 'a.txt'), 'x');
    writeFileSync(path.join(root, 'a.txt.br'), 'left over');

    const report = await precompressSite(root);

    expect(report.files).toBe(3);
    expect(brotliDecompressSync(readFileSync(path.join(root, 'index.html.br'))).toString()).toBe(page);
    expect(gunzipSync(readFileSync(path.join(root, 'index.html.gz'))).toString()).toBe(page);
    expect(existsSync(path.join(root, '_astro', 'client.js.br'))).toBe(true);
    expect(existsSync(path.join(root, 'logo.png.gz'))).toBe(false);
    expect(existsSync(path.join(root, 'a.txt.br'))).toBe(false);
    expect(existsSync(path.join(root, 'a.txt.gz'))).toBe(false);
    expect(report.bytes.br).toBeLessThan(report.bytes.identity / 5);
  });
});
