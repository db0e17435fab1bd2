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
  bytes: number;
}

/** How much of an answer's head is read before it is refused as too long. */
const MAX_HEAD = 64 * 1024;

/**
 * One clerk's kept-alive HTTP/1.1 connection, one request at a time, for the load test
 * (decision record 0042). It reads every answer into one buffer it keeps (net's `onread`):
 * node:http makes a new buffer for each read, and the clerks' own content reads (1–2 MB each,
 * 50 MB a second) made their thread collect garbage about ten times a second, on the cores the
 * portal shares. Only answers with a Content-Length are read, as the portal gives every answer.
 */
export class ClerkConnection {
  private socket: Socket | null = null;
  private readonly buffer = Buffer.allocUnsafe(64 * 1024);
  private answer: {
    keep: boolean;
    head: string;
    status: number;
    length: number;
    received: number;
    kept: Buffer | null;
    resolve: (answer: ClerkAnswer) => void;
    reject: (error: Error) => void;
  } | null = null;

  private readonly url: URL;
  private readonly timeoutMs: number;

  constructor(url: URL, timeoutMs: number) {
    this.url = url;
    this.timeoutMs = timeoutMs;
  }

  send(request: ClerkRequest): Promise<ClerkAnswer> {
    if (this.answer) return Promise.reject(new Error('A request is already under way on this connection.'));
    const socket = this.socket ?? this.open();
    const body = request.body === undefined ? null : Buffer.from(request.body);
    const head =
      `${request.method} ${request.path} HTTP/1.1\r\nhost: ${this.url.host}\r\n` +
      Object.entries(request.headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      (body ? `content-length: ${body.length}\r\n` : '') +
      '\r\n';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error('timeout')), this.timeoutMs);
      this.answer = {
        keep: request.keepAnswer,
        head: '',
        status: 0,
        length: -1,
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
      socket.write(body ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : head);
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
    // An earlier connection's end is no news for the request on this one.
    socket.on('error', (error) => {
      if (this.socket === socket) this.fail(error);
    });
    socket.on('close', () => {
      if (this.socket === socket) this.fail(new Error('The portal closed the connection.'));
    });
    this.socket = socket;
    return socket;
  }

  /** A request fails, and its connection with it: the next request opens another. */
  private fail(error: Error): void {
    const answer = this.answer;
    this.answer = null;
    this.close();
    answer?.reject(error);
  }

  private read(bytes: number): boolean {
    const answer = this.answer;
    if (!answer) {
      this.fail(new Error('The portal sent bytes nobody asked for.'));
      return false;
    }
    let start = 0;
    if (answer.length < 0) {
      const before = answer.head.length;
      answer.head += this.buffer.toString('latin1', 0, bytes);
      const end = answer.head.indexOf('\r\n\r\n');
      if (end < 0) {
        if (answer.head.length > MAX_HEAD) this.fail(new Error('The answer’s head is too long.'));
        return true;
      }
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(answer.head)?.[1]);
      const length = /\r\ncontent-length: *(\d+)\r\n/i.exec(answer.head)?.[1];
      if (!status || (length === undefined && status !== 204 && status !== 304)) {
        this.fail(new Error(`An answer the clerks’ client cannot read: ${answer.head.slice(0, 200)}`));
        return false;
      }
      answer.status = status;
      answer.length = Number(length ?? 0);
      if (answer.keep) answer.kept = Buffer.allocUnsafe(answer.length);
      start = end + 4 - before;
    }
    const part = bytes - start;
    if (answer.kept) this.buffer.copy(answer.kept, answer.received, start, bytes);
    answer.received += part;
    if (answer.received > answer.length) {
      this.fail(new Error('The portal sent more than the answer’s Content-Length.'));
      return false;
    }
    if (answer.received === answer.length) {
      this.answer = null;
      answer.resolve({ status: answer.status, body: answer.kept ?? Buffer.alloc(0), bytes: answer.length });
    }
    return true;
  }
}
