import { connect, type Socket } from 'node:net';

/** What a clerk sends (Editor.nextRequest). */
export interface ClerkRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Whether the answer's body is kept; otherwise only its bytes are counted. */
  keepAnswer: boolean;
}

export interface ClerkAnswer {
  status: number;
  /** Empty unless the request kept its answer. */
  body: Buffer;
  /** The length of the answer's body, kept or not. */
  bytes: number;
}

/** A request not answered whole within the connection's time (connecting and the whole body included). */
export class ClerkTimeout extends Error {
  override name = 'ClerkTimeout';
}

/** The buffer every answer is read into, a read at a time. */
const READ_SIZE = 64 * 1024;
/** How much of an answer's head is read before it is refused as too long. */
const MAX_HEAD = 16 * 1024;

/** An answer being read. */
interface Reading {
  keep: boolean;
  /** The head as read so far; once it is whole, `length` is the body's. */
  head: string;
  status: number;
  length: number;
  closes: boolean;
  received: number;
  kept: Buffer | null;
  resolve: (answer: ClerkAnswer) => void;
  reject: (error: Error) => void;
}

/**
 * One clerk's kept-alive HTTP/1.1 connection, one request at a time, for the load test (decision
 * record 0024, "The load test's own design"). It reads every answer into one buffer it keeps (net's
 * `onread`): node:http makes a new buffer for each read, and the clerks' own content reads (1–2 MB
 * each, 50 MB a second) made their thread collect garbage about ten times a second, on the cores
 * the portal shares. It reads the answers the portal gives: each with a Content-Length, or a 204 or
 * 304 without a body. Anything else fails the request.
 */
export class ClerkConnection {
  private socket: Socket | null = null;
  private readonly buffer = Buffer.allocUnsafe(READ_SIZE);
  private reading: Reading | null = null;
  private readonly url: URL;
  private readonly timeoutMs: number;

  constructor(url: URL, timeoutMs: number) {
    this.url = url;
    this.timeoutMs = timeoutMs;
  }

  send(request: ClerkRequest): Promise<ClerkAnswer> {
    if (this.reading) return Promise.reject(new Error('A request is already under way on this connection.'));
    const socket = this.socket ?? this.open();
    const body = Buffer.from(request.body ?? '');
    const head =
      `${request.method} ${request.path} HTTP/1.1\r\nhost: ${this.url.host}\r\n` +
      Object.entries(request.headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      (request.body === undefined ? '' : `content-length: ${body.length}\r\n`) +
      '\r\n';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new ClerkTimeout('timeout')), this.timeoutMs);
      this.reading = {
        keep: request.keepAnswer,
        head: '',
        status: 0,
        length: -1,
        closes: false,
        received: 0,
        kept: null,
        resolve: (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]));
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private open(): Socket {
    const socket = connect({
      host: this.url.hostname,
      port: Number(this.url.port),
      noDelay: true,
      onread: { buffer: this.buffer, callback: (bytes) => this.read(bytes) },
    });
    // An earlier connection's end is no news for the request on this one. The portal ending this
    // one (an idle keep-alive, a restart) fails the request under way, if any, and the next
    // request opens another.
    const ended = (error: Error) => {
      if (this.socket === socket) this.fail(error);
    };
    socket.on('error', ended);
    socket.on('end', () => ended(new Error('The portal closed the connection.')));
    socket.on('close', () => ended(new Error('The portal closed the connection.')));
    this.socket = socket;
    return socket;
  }

  /** A request fails, and its connection with it: the next request opens another. */
  private fail(error: Error): void {
    const reading = this.reading;
    this.reading = null;
    this.close();
    reading?.reject(error);
  }

  /** Answers whether to read on. */
  private read(bytes: number): boolean {
    const reading = this.reading;
    if (!reading) {
      this.fail(new Error('The portal sent bytes nobody asked for.'));
      return false;
    }
    let start = 0;
    if (reading.length < 0) {
      const before = reading.head.length;
      // No more of a read than a head may hold: the rest is body, not text.
      reading.head += this.buffer.toString('latin1', 0, Math.min(bytes, MAX_HEAD + 4));
      const end = reading.head.indexOf('\r\n\r\n');
      if (end < 0) {
        if (reading.head.length <= MAX_HEAD) return true;
        this.fail(new Error('The answer’s head is too long.'));
        return false;
      }
      const head = reading.head.slice(0, end + 2);
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1]);
      const length = /\r\ncontent-length: *(\d+)\r\n/i.exec(head)?.[1];
      const empty = status === 204 || status === 304;
      if (!status || (length === undefined && !empty)) {
        this.fail(new Error(`An answer the clerks’ client cannot read: ${head.slice(0, 200)}`));
        return false;
      }
      reading.status = status;
      reading.length = empty ? 0 : Number(length);
      reading.closes = /\r\nconnection: *close\r\n/i.test(head);
      if (reading.keep) reading.kept = Buffer.allocUnsafe(reading.length);
      start = end + 4 - before;
    }
    if (reading.kept) this.buffer.copy(reading.kept, reading.received, start, bytes);
    reading.received += bytes - start;
    if (reading.received > reading.length) {
      this.fail(new Error('The portal sent more than the answer’s Content-Length.'));
      return false;
    }
    if (reading.received < reading.length) return true;
    this.reading = null;
    if (reading.closes) this.close();
    reading.resolve({ status: reading.status, body: reading.kept ?? Buffer.alloc(0), bytes: reading.length });
    return true;
  }
}
