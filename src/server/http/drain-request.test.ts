import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainAfterAnswer } from './drain-request.ts';

/** Issue 49 review: the unread rest of a body is drained for a bounded time, however slowly it comes. */
let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()).closeAllConnections() : resolve())),
);

describe('draining the rest of a body after an early answer', () => {
  it('closes a connection whose body still trickles in at the deadline', async () => {
    server = createServer((req, res) => {
      drainAfterAnswer(req, res, 8 * 1024 * 1024, 200);
      res.writeHead(401, { 'Content-Length': '0' }).end();
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const socket = connect(address.port, '127.0.0.1');
    socket.on('error', () => {}); // a write after the server's close
    socket.write('POST / HTTP/1.1\r\nHost: portal\r\nContent-Length: 1000\r\n\r\n');
    // One byte every 50 ms: never silent long enough for a keep-alive or header timeout.
    const trickle = setInterval(() => socket.writable && socket.write('x'), 50);
    const started = performance.now();
    await new Promise((resolve) => socket.once('close', resolve));
    clearInterval(trickle);
    // 200 ms of draining; the rest of the body would take 50 s.
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
