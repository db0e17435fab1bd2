import { isMainThread, workerData } from 'node:worker_threads';
import { ApiError } from '../../../src/server/api-error.ts';
import { procedure } from '../../../src/server/db/database.ts';

/**
 * Procedures for database-thread.test.ts and tests/api/transactions.test.ts: the database's thread
 * imports them as it would a service's, when a test names this module (DatabaseSettings.testProcedures).
 */

export const countTo = procedure(import.meta.url, 'countTo', async (tx, to: number) => {
  const [row] = await tx.query<{ count: string }>('SELECT count(*)::text AS count FROM generate_series(1, $1::int)', [
    to,
  ]);
  return { count: BigInt(row!.count), at: new Date(0) };
});

export const refuse = procedure(import.meta.url, 'refuse', (): Promise<never> => {
  throw new ApiError('conflict', { version: 'conflict' });
});

export const insertTwice = procedure(import.meta.url, 'insertTwice', async (tx, id: number) => {
  await tx.query('INSERT INTO thread_test (id) VALUES ($1)', [id]);
  await tx.query('INSERT INTO thread_test (id) VALUES ($1)', [id]);
});

export const answerAFunction = procedure(import.meta.url, 'answerAFunction', () =>
  Promise.resolve(() => 'not for a message'),
);

export const notExportedUnderItsName = procedure(import.meta.url, 'somethingElse', () => Promise.resolve(1));

/** Where a procedure's statements are sent from: the server's thread, or the database's own. */
export const threadOfProcedures = procedure(import.meta.url, 'threadOfProcedures', async (tx) => {
  await tx.query('SELECT 1');
  return isMainThread ? 'the server’s' : 'the database’s';
});

/** Whether the thread was given PGlite compiled by a thread before it (ThreadData in database-thread.ts). */
export const givenCompiledPglite = procedure(import.meta.url, 'givenCompiledPglite', () =>
  Promise.resolve((workerData as { pgliteCode?: unknown }).pgliteCode instanceof WebAssembly.Module),
);
