import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Once the answer is out, the rest of a request body that nobody read is read and dropped, up to
 * `atMost` bytes; beyond that the connection is closed (issue 49). A keep-alive connection carries
 * the client's next request only after this body: left unread, the next request would wait behind
 * it. @hono/node-server's own clean-up (autoCleanupIncoming, turned off in api.ts) closed the
 * connection when the rest was not read within 500 ms, and often it could not be read: the body's
 * web stream, made as soon as a handler looks at `body`, pauses the request again as its queue
 * fills. About one junk request in a thousand (answered early: 401, 405, 400 for its type) lost its
 * connection so, and with it the request the client had sent next on it. A client that stops
 * sending is cut by the server's keep-alive timeout (5 s without a byte); one that sends a byte now
 * and then is cut `withinMs` after the answer (issue 49 review: else it kept its connection up to
 * the request timeout).
 */
export const DRAIN_MS = 10_000;

export function drainAfterAnswer(req: IncomingMessage, res: ServerResponse, atMost: number, withinMs = DRAIN_MS): void {
  const declared = req.headers['content-length'];
  if ((declared === undefined || declared === '0') && req.headers['transfer-encoding'] === undefined) return;
  res.once('finish', () => {
    if (req.readableEnded || req.destroyed) return;
    let read = 0;
    // The web stream's listener pauses the request whenever its queue is full; nobody reads it now.
    req.removeAllListeners('data');
    req.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > atMost) req.socket.destroy();
    });
    const deadline = setTimeout(() => req.socket.destroy(), withinMs).unref();
    req.once('end', () => clearTimeout(deadline)).once('close', () => clearTimeout(deadline));
    req.resume();
  });
}
