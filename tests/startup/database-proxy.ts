import { once } from 'node:events';
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

/** A TCP proxy in front of a PostgreSQL server, which a test can stop and start as if it were the server. */
export interface DatabaseProxy {
  /** `databaseUrl` with the proxy's host and port. */
  url: string;
  /** As when the server stops: new connections are refused, open ones are cut. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The shared PostgreSQL of the tests must not be stopped (other tests use it): the portal reaches
 * it through this proxy, and "stopping PostgreSQL" closes the proxy's listener and destroys its
 * sockets, so the portal sees ECONNREFUSED for new connections and its open ones cut.
 */
export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = async (port: number) => {
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
  };
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const stop = async () => {
    if (!server.listening) return;
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    url: url.toString(),
    stop,
    start: () => listen(port),
    close: stop,
  };
}
