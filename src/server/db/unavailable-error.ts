import { ApiError } from '../api-error.ts';

/**
 * What a client is told to wait before it tries again (Retry-After): PostgreSQL restarted for an
 * upgrade or after a crash is usually back within this.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/** Node's socket errors of a server that is not there, went away, or cannot be reached. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATE 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now; class 08 is a connection exception. */
const SQLSTATE = /^(?:57P0[123]|08[0-9A-Z]{3})$/;
/** What pg and pg-pool say, without a code, of a connection that ended or never came. */
const DRIVER_MESSAGES =
  /^(?:Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * Whether `error` says PostgreSQL cannot be reached now (stopped, restarting, the network away),
 * rather than that a statement was wrong. Read from the fields the database's thread carries over
 * (database-messages.ts: `code` and `message`).
 */
export function saysUnreachable(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATE.test(code))) return true;
  return DRIVER_MESSAGES.test(error.message);
}

/**
 * Marks the database's thread's failures that said so (`databaseOutage`): a registered symbol, as the
 * built pages' middleware has its own copy of this module (src/middleware.ts).
 */
const UNREACHABLE = Symbol.for('marktverzeichnis.databaseUnreachable');

/**
 * Whether the database's thread failed a call with `error` because the database is away. Only its
 * failures count: a mail server that refuses its connection says ECONNREFUSED too.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return error instanceof Error && UNREACHABLE in error;
}

/** The refusal of a call that needs the database while it is away: 503, with Retry-After (docs/api.md). */
export function databaseUnavailable(): ApiError {
  const error = new ApiError('database_unavailable');
  error.retryAfter = DATABASE_RETRY_AFTER_SECONDS;
  return error;
}

/**
 * What the database's thread (database-thread.ts) makes of each call's outcome: a failure that says
 * the database is away is marked so (`isDatabaseUnavailable`), and the operator is told once that
 * it went and once that it is back, rather than a line and a stack for each of the calls that fail
 * meanwhile (the content poll alone asks every second).
 */
export function databaseOutage(log = (line: string) => console.error(line)) {
  let failed = 0;
  return {
    failed(error: Error): void {
      if (!saysUnreachable(error)) return;
      Object.defineProperty(error, UNREACHABLE, { value: true });
      if (failed++ > 0) return;
      const { code } = error as Error & { code?: unknown };
      log(
        `The database is not reachable (${typeof code === 'string' ? `${code}: ` : ''}${error.message}): ` +
          'the public pages, feeds and content answers of the last publication are served, calls that need the database answer 503 until it is back.',
      );
    },
    answered(): void {
      if (failed === 0) return;
      log(`The database is reachable again (${failed} calls failed meanwhile).`);
      failed = 0;
    },
  };
}
