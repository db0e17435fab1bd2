import { ApiError, type Refusal } from '../api-error.ts';

/** What the server's thread asks of the database's thread; `first` is the lane of `Database.ahead`. */
export type Request = { id: number } & (
  | { op: 'query'; first: boolean; sql: string; params: readonly unknown[]; tx?: number }
  | { op: 'exec'; first: boolean; sql: string; tx?: number }
  | { op: 'run'; first: boolean; module: string; name: string; args: unknown }
  | { op: 'begin'; first: boolean }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' }
);

/** The answer to the request `id`; the thread says it is ready with id 0. */
export type Reply = { id: number } & ({ ok: true; value: unknown } | { ok: false; failure: Failure });

/**
 * A failure as a message carries it: a message copies an error's name, message and stack but not
 * its class or its other fields, which the services read (ApiError's code, a database error's
 * SQLSTATE `code` and `detail`, quota-error.ts).
 */
export type Failure =
  | { api: Refusal }
  | { name: string; message: string; stack?: string; fields: Record<string, string | number | boolean> };

export function failureOf(error: unknown): Failure {
  if (error instanceof ApiError) return { api: error.asData() };
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields = Object.fromEntries(
    Object.entries(error).filter(
      (entry): entry is [string, string | number | boolean] =>
        ['string', 'number', 'boolean'].includes(typeof entry[1]) && entry[0] !== 'name' && entry[0] !== 'message',
    ),
  );
  return { name: error.name, message: error.message, ...(error.stack && { stack: error.stack }), fields };
}

export function errorOf(failure: Failure): Error {
  if ('api' in failure) return ApiError.of(failure.api);
  const error = Object.assign(new Error(failure.message), failure.fields);
  error.name = failure.name;
  if (failure.stack) error.stack = failure.stack;
  return error;
}
