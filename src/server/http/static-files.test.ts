import { appendFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_AT_ONCE_UP_TO, staticFiles } from './static-files.ts';

const root = mkdtempSync(path.join(tmpdir(), 'static-files-'));
const page = '<!doctype html><p>' + 'Markt '.repeat(400);
let server: Server;
let port = 0;
/** For each request, whether its answer was whole when the handler returned. */
const endedInTurn: boolean[] = [];
beforeAll(async () => {
  mkdirSync(path.join(root, 'info'));
  writeFileSync(path.join(root, 'info', 'index.html'), page);
  writeFileSync(path.join(root, 'info', 'index.html.gz'), gzipSync(page));
  writeFileSync(path.join(root, 'info', 'index.html.br'), 'left over from an earlier build');
  const past = new Date(Date.now() - 60_000);
  utimesSync(path.join(root, 'info', 'index.html.br'), past, past);
  writeFileSync(path.join(root, '.env'), 'SECRET=1');
  const handler = staticFiles(root, () => undefined, { readAtOnceUpTo: READ_AT_ONCE_UP_TO });
  server = createServer((req, res) => {
    handler(req, res, () => res.writeHead(404).end());
    endedInTurn.push(res.writableEnded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

function get(pathname: string, headers: Record<string, string> = {}, at = port) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    request({ host: '127.0.0.1', port: at, path: pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('staticFiles', () => {
  it('sends the variant accepted, never one older than its original', async () => {
    const answer = await get('/info/', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toBe('text/html;charset=utf-8');
    expect(answer.headers['vary']).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
  });

  it('honours q=0 and answers identity with ranges', async () => {
    const plain = await get('/info', { 'Accept-Encoding': 'gzip;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    const part = await get('/info', { Range: 'bytes=-4' });
    expect([part.status, part.body.toString()]).toEqual([206, page.slice(-4)]);
    expect((await get('/info', { Range: 'bytes=999999-' })).status).toBe(416);
    expect((await get('/info', { Range: 'bytes=0-3', 'Accept-Encoding': 'gzip' })).status).toBe(200);
  });

  it('keeps dotfiles, variants and paths outside its folder to itself', async () => {
    for (const pathname of ['/.env', '/info/index.html.gz', '/%2e%2e/%2e%2e/etc/passwd', '/../etc/passwd'])
      expect((await get(pathname)).status).toBe(404);
  });

  it('follows files as they land and go', async () => {
    mkdirSync(path.join(root, 'kommt'));
    expect((await get('/kommt/')).status).toBe(404);
    writeFileSync(path.join(root, 'kommt', 'index.html'), page);
    expect((await get('/kommt/')).status).toBe(200);
    rmSync(path.join(root, 'kommt', 'index.html'));
    expect((await get('/kommt/')).status).toBe(404);
  });

  it('sends a built page whole in the turn it is asked in, where a busy event loop cannot hold it up', async () => {
    for (const coding of ['gzip', 'identity']) {
      const { status, body } = await get('/info/', { 'accept-encoding': coding });
      expect(status).toBe(200);
      expect(body.length).toBeGreaterThan(0);
      expect(endedInTurn.at(-1)).toBe(true);
    }
  });

  it('streams a file over that size, and any file when not told to read at once (the photos of DATA_DIR)', async () => {
    writeFileSync(path.join(root, 'gross.js'), 'x'.repeat(READ_AT_ONCE_UP_TO + 1));
    expect((await get('/gross.js')).body.length).toBe(READ_AT_ONCE_UP_TO + 1);
    expect(endedInTurn.at(-1)).toBe(false);
    const streaming = staticFiles(root, () => undefined);
    let endedAtOnce: boolean | undefined;
    const photos = createServer((req, res) => {
      streaming(req, res, () => res.writeHead(404).end());
      endedAtOnce = res.writableEnded;
    });
    await new Promise<void>((resolve) => photos.listen(0, '127.0.0.1', resolve));
    try {
      expect((await get('/info/', {}, (photos.address() as AddressInfo).port)).status).toBe(200);
      expect(endedAtOnce).toBe(false);
    } finally {
      photos.close();
    }
  });

  it('sends no more than the length it told when a file grows while it is read', async () => {
    const size = 4 * 1024 * 1024; // more than the socket takes at once, so the reading waits on the client
    writeFileSync(path.join(root, 'gross.txt'), 'x'.repeat(size));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const fetchOnce = (pathname: string, whileAnswering = () => {}) =>
      new Promise<{ status: number; length: number }>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path: pathname, agent }, (res) => {
          whileAnswering();
          let length = 0;
          res.on('data', (chunk: Buffer) => (length += chunk.length));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, length }));
        })
          .on('error', reject)
          .end();
      });
    try {
      const grown = await fetchOnce('/gross.txt', () => appendFileSync(path.join(root, 'gross.txt'), 'y'.repeat(1000)));
      expect(grown).toEqual({ status: 200, length: size });
      // The kept-alive connection carries the next answer, not the rest of the file.
      expect((await fetchOnce('/info/')).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('with missesHoldMs looks a path that found no file up again only after that long', async () => {
    const holding = staticFiles(root, () => undefined, { missesHoldMs: 500 });
    const other = createServer((req, res) => holding(req, res, () => res.writeHead(404).end()));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const at = (other.address() as AddressInfo).port;
    try {
      expect((await get('/neu/', {}, at)).status).toBe(404);
      mkdirSync(path.join(root, 'neu'));
      writeFileSync(path.join(root, 'neu', 'index.html'), page);
      expect((await get('/neu/', {}, at)).status).toBe(404); // the miss still holds
      await new Promise((resolve) => setTimeout(resolve, 550));
      expect((await get('/neu/', {}, at)).status).toBe(200);
      // A file found is not held: rewritten in place, it goes out whole at once.
      writeFileSync(path.join(root, 'neu', 'index.html'), page + 'Bauernmarkt');
      expect((await get('/neu/', {}, at)).body.toString()).toBe(page + 'Bauernmarkt');
    } finally {
      other.close();
    }
  });
});
