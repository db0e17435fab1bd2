import { once } from 'node:events';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ClerkConnection, ClerkTimeout } from './clerk-connection.ts';

const servers: { close(): unknown }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function listening(server: Server | ReturnType<typeof createNetServer>): Promise<URL> {
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

const big = Buffer.alloc(300_000, 'abcdefghij');

/** A GET whose answer is kept. */
const get = (connection: ClerkConnection, path = '/') =>
  connection.send({ method: 'GET', path, headers: {}, keepAnswer: true });

/** Answers a POST with what was sent, `/big` with 300 KB, `/slow` never. */
const portal = () =>
  listening(
    createHttpServer((request, response) => {
      if (request.url === '/slow') return;
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = request.url === '/big' ? big : Buffer.concat([Buffer.from(`${request.method} `), ...chunks]);
        response.writeHead(request.url === '/refused' ? 409 : 200, { 'content-length': body.length });
        response.end(body);
      });
    }),
  );

describe('a clerk’s connection', () => {
  it('sends one request after another on one connection and reads each answer whole', async () => {
    const url = await portal();
    const connection = new ClerkConnection(url, 5_000);
    const saved = await connection.send({ method: 'POST', path: '/', headers: {}, body: '{"ä":1}', keepAnswer: true });
    expect(saved.status).toBe(200);
    expect(saved.body.toString()).toBe('POST {"ä":1}');
    const read = await get(connection, '/big');
    expect(read.body.equals(big)).toBe(true);
    const refused = await connection.send({
      method: 'POST',
      path: '/refused',
      headers: {},
      body: 'x',
      keepAnswer: true,
    });
    expect(refused.status).toBe(409);
    connection.close();
  });

  it('counts an answer not kept without keeping it', async () => {
    const connection = new ClerkConnection(await portal(), 5_000);
    const read = await connection.send({ method: 'GET', path: '/big', headers: {}, keepAnswer: false });
    expect(read).toMatchObject({ status: 200, bytes: big.length });
    expect(read.body.length).toBe(0);
    connection.close();
  });

  it('reads a head that comes in pieces', async () => {
    const url = await listening(
      createNetServer((socket) => {
        socket.setNoDelay(true); // each piece a read of its own
        socket.once('data', () => {
          socket.write('HTTP/1.1 200 OK\r\nContent-Le');
          setTimeout(() => socket.write('ngth: 5\r\n\r'), 20);
          setTimeout(() => socket.write('\nhel'), 40);
          setTimeout(() => socket.write('lo'), 60);
        });
      }),
    );
    const connection = new ClerkConnection(url, 5_000);
    const answer = await get(connection);
    expect(answer.body.toString()).toBe('hello');
    connection.close();
  });

  it('fails a request that takes too long, and the next goes on a new connection', async () => {
    const connection = new ClerkConnection(await portal(), 1_000);
    await expect(get(connection, '/slow')).rejects.toThrow(ClerkTimeout);
    const answer = await connection.send({ method: 'POST', path: '/', headers: {}, body: 'again', keepAnswer: true });
    expect(answer.body.toString()).toBe('POST again');
    connection.close();
  });

  it('fails a request whose connection the portal closes, and opens another for the next', async () => {
    let connections = 0;
    const url = await listening(
      createNetServer((socket) => {
        connections += 1;
        socket.once('data', () => {
          if (connections === 1) socket.destroy();
          else socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
        });
      }),
    );
    const connection = new ClerkConnection(url, 5_000);
    await expect(get(connection)).rejects.toThrow('The portal closed the connection.');
    const answer = await get(connection);
    expect(answer.body.toString()).toBe('ok');
    expect(connections).toBe(2);
    connection.close();
  });

  it('refuses an answer without a Content-Length', async () => {
    const url = await listening(
      createNetServer((socket) => {
        socket.once('data', () =>
          socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n'),
        );
      }),
    );
    const connection = new ClerkConnection(url, 5_000);
    await expect(get(connection)).rejects.toThrow('cannot read');
  });

  it('opens a new connection after one the portal closed between requests, said or not', async () => {
    let connections = 0;
    const url = await listening(
      createNetServer((socket) => {
        connections += 1;
        socket.on('data', () => {
          if (connections === 1) socket.end('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 3\r\n\r\none');
          else {
            socket.write('HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\ntwo');
            setTimeout(() => socket.end(), 20); // idle: the keep-alive ran out
          }
        });
      }),
    );
    const connection = new ClerkConnection(url, 5_000);
    expect((await get(connection)).body.toString()).toBe('one');
    expect((await get(connection)).body.toString()).toBe('two');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await get(connection)).body.toString()).toBe('two');
    expect(connections).toBe(3);
    connection.close();
  });

  it('reads a 304 as empty, and refuses bytes beyond the Content-Length', async () => {
    const url = await listening(
      createNetServer((socket) => {
        socket.on('data', (request) => {
          if (request.toString().startsWith('GET /same'))
            socket.write('HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n');
          else socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokay');
        });
      }),
    );
    const connection = new ClerkConnection(url, 5_000);
    expect(await get(connection, '/same')).toMatchObject({
      status: 304,
      bytes: 0,
    });
    await expect(get(connection)).rejects.toThrow('more than');
  });

  it('fails at once where nothing listens', async () => {
    const server = createNetServer();
    const url = await listening(server);
    server.close();
    await once(server, 'close');
    const connection = new ClerkConnection(url, 5_000);
    await expect(get(connection)).rejects.toThrow('ECONNREFUSED');
  });
});
