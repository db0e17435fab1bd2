import { Agent, request, type IncomingHttpHeaders } from 'node:http';

/** A request as it goes over the wire: any method, path bytes, repeated headers, a body sent whole or chunked. */
export interface RawRequest {
  method: string;
  /** Sent as it is (characters up to U+00FF go out as single bytes). */
  path: string;
  /** A list sends the header once per value. */
  headers: Record<string, string | string[]>;
  body?: Buffer;
  /** Without Content-Length, in two chunks (Transfer-Encoding: chunked). */
  chunked?: boolean;
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const sharedAgent = new Agent({ keepAlive: true, maxSockets: 4 });

/**
 * Sends a request with node:http, which, unlike fetch, lets a test send what a hostile client
 * would. An answer that arrives before the whole body went out (413) counts; a write error after it
 * (the server closed the connection) does not.
 */
export function send(baseUrl: string, raw: RawRequest, agent: Agent = sharedAgent): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = request({ host: hostname, port, method: raw.method, path: raw.path, agent }, (incoming) => {
      answered = true;
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }),
      );
      incoming.on('error', reject);
    });
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    for (const [name, value] of Object.entries(raw.headers)) outgoing.setHeader(name, value);
    const body = raw.body;
    if (!body) {
      outgoing.end();
    } else if (raw.chunked) {
      // Said outright: node:http frames a DELETE's or an OPTIONS' body in no way by itself.
      outgoing.setHeader('Transfer-Encoding', 'chunked');
      const half = Math.floor(body.length / 2);
      outgoing.write(body.subarray(0, half));
      outgoing.end(body.subarray(half));
    } else {
      outgoing.setHeader('Content-Length', body.length);
      outgoing.end(body);
    }
  });
}
