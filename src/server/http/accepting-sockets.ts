import type { Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';

/**
 * How many sockets accept connections on the portal's port. libuv accepts one connection per
 * turn of the event loop (libuv#3696), and under issue 18's load a turn takes 20–30 ms (a slice of
 * the embedded database, then the readers' work): one socket let in about 40 new connections a
 * second, so of 252 clients connecting at once the last waited 4 s before its request was even
 * read. The kernel spreads new connections over sockets sharing the port (SO_REUSEPORT), and each
 * accepts one per turn (decision record 0024, "Eight sockets").
 */
export const ACCEPTING_SOCKETS = 8;

/**
 * `server` listening on `port` (0: a free one) with ACCEPTING_SOCKETS sockets, the others handing
 * their connections to it. Answers the port, and a close of the others that resolves once the
 * connections they accepted have ended (the server's own close waits only for its own). Where the
 * platform cannot share a port, the one socket listens alone. main.ts's probe (without
 * SO_REUSEPORT) still finds a port taken by another program, or by another portal.
 */
export async function listenOnSockets(
  server: HttpServer,
  port: number,
  host: string,
): Promise<{ port: number; closeOthers: () => Promise<void> }> {
  await listening(server, port, host, true).catch(() => listening(server, port, host, false));
  const shared = (server.address() as AddressInfo).port;
  const others: Server[] = [];
  try {
    for (let i = 1; i < ACCEPTING_SOCKETS; i++) {
      const other = createServer((socket) => server.emit('connection', socket));
      await listening(other, shared, host, true);
      others.push(other);
    }
  } catch {
    // No port sharing here (or not for this socket): the sockets listening so far do the work.
  }
  // Each socket counts the connections it accepted: it has closed once they have ended too.
  const closeOthers = () =>
    Promise.all(others.map((other) => new Promise<void>((resolve) => other.close(() => resolve())))).then(() => {});
  return { port: shared, closeOthers };
}

function listening(server: Server, port: number, host: string, reusePort: boolean): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, reusePort }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
