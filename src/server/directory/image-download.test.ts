import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageDownload, downloadImage, isPublicAddress } from './image-download.ts';

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      'localhost',
      // Issue 15, L11: only globally routable unicast.
      '192.0.2.10',
      '198.51.100.7',
      '203.0.113.5',
      '255.255.255.255',
      '::ffff:93.184.216.34',
      '64:ff9b::7f00:1',
      '2001:db8::1',
      '2001::1',
      '2002:7f00:1::1',
      '100::1',
      'ff02::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('takes addresses on the public internet', () => {
    for (const address of ['93.184.216.34', '2a00:1450:4001:80b::2003'])
      expect(isPublicAddress(address), address).toBe(true);
  });
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
let server: Server;
let base: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url === '/bild.png') response.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
    else if (request.url === '/weiter') response.writeHead(302, { Location: '/bild.png' }).end();
    else if (request.url === '/falsch.png') response.writeHead(200, { 'Content-Type': 'image/png' }).end('<html>');
    else if (request.url?.startsWith('/langsam/')) {
      // Each hop of the chain answers just inside a per-request timeout.
      const left = Number(request.url.slice('/langsam/'.length));
      const location = left > 0 ? `/langsam/${left - 1}` : '/bild.png';
      setTimeout(() => response.writeHead(302, { Location: location }).end(), 300);
    } else if (request.url === '/bild.svg') response.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end('<svg/>');
    else if (request.url === '/riesig.jpg') {
      response.writeHead(200, { 'Content-Type': 'image/jpeg' });
      response.end(Buffer.alloc(6 * 1024 * 1024));
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('downloadImage', () => {
  it('never asks the build machine’s own network', async () => {
    requests.length = 0;
    const port = (server.address() as AddressInfo).port;
    expect(await downloadImage(`${base}/bild.png`)).toBeNull();
    expect(await downloadImage(`http://localhost:${port}/bild.png`)).toBeNull();
    expect(await downloadImage('file:///etc/passwd')).toBeNull();
    expect(requests).toEqual([]);
  });

  const download = createImageDownload({ isAllowed: () => true, plainHttpOnAnyPort: true });

  it('takes a raster image, also behind a redirect', async () => {
    expect(await download(`${base}/bild.png`)).toEqual({ bytes: PNG, extension: 'png' });
    expect((await download(`${base}/weiter`))?.extension).toBe('png');
  });

  // Issue 15, M7.
  it('gives up on an image whose redirects together take longer than its deadline', async () => {
    const quick = createImageDownload({ isAllowed: () => true, plainHttpOnAnyPort: true, timeoutMs: 800 });
    const started = performance.now();
    expect(await quick(`${base}/langsam/3`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('asks only https on port 443', async () => {
    requests.length = 0;
    const strict = createImageDownload({ isAllowed: () => true, plainHttpOnAnyPort: false });
    const port = (server.address() as AddressInfo).port;
    expect(await strict(`${base}/bild.png`)).toBeNull();
    expect(await strict(`https://127.0.0.1:${port}/bild.png`)).toBeNull();
    expect(requests).toEqual([]);
  });

  it('refuses bytes that are not the image type the server named', async () => {
    expect(await download(`${base}/falsch.png`)).toBeNull();
  });

  it('refuses SVG, missing files and images over 5 MB', async () => {
    expect(await download(`${base}/bild.svg`)).toBeNull();
    expect(await download(`${base}/fehlt.png`)).toBeNull();
    expect(await download(`${base}/riesig.jpg`)).toBeNull();
  });
});
