import {
  DatabaseStartError,
  endingTransaction,
  type Database,
  type DatabaseSettings,
  type Queryable,
} from './database.ts';
import { lockDataDir } from './pglite.ts';
import { errorOf, type Reply, type Request } from './database-messages.ts';
import { databaseOutage } from './unavailable-error.ts';
import { startThread } from '../thread.ts';

/**
 * What the database's thread is started with: PGlite compiled by an earlier thread of this process,
 * when there was one. V8 keeps the code it compiles for a thread in the compiled module, so a
 * database opened after another runs the code the first made hot instead of compiling PGlite anew:
 * 4.8 → 2.1–3.0 CPU-s for one that opens and answers 3,300 statements. The portal opens one database;
 * Vitest's unit and API tests open 24 in six processes, 15 of them after another (issue 51). The
 * first thread compiles PGlite itself, beside the server's start, as it did before.
 */
export type ThreadData = DatabaseSettings & { pgliteCode?: WebAssembly.Module | undefined };

let pgliteCode: WebAssembly.Module | undefined;

type Ask = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * The database on a thread of its own (../database-worker.ts): PostgreSQL's pool when `databaseUrl`
 * names a server, else the embedded database under DATA_DIR. Its work does not take turns with the
 * requests on the server's thread (decision record 0024, "The database's own thread"). A query is a
 * message; a procedure runs whole there; a transaction given work here holds a connection for a
 * message per statement, so the work a request waits on under load is written as a procedure.
 */
export async function openOnThread(settings: DatabaseSettings): Promise<Database> {
  const kind = settings.databaseUrl ? 'postgres' : 'pglite';
  // The embedded database admits one process; PostgreSQL any number (docs/deployment.md).
  const release = kind === 'pglite' && settings.dataDir ? lockDataDir(settings.dataDir) : () => {};
  // Started by its address, not imported: the thread's module sits above services/, whose procedures it runs.
  const workerData: ThreadData = { ...settings, pgliteCode: kind === 'pglite' ? pgliteCode : undefined };
  const worker = startThread(new URL('../database-worker.ts', import.meta.url), { workerData });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let lastId = 0;
  let stopped: Error | null = null;

  const ready = new Promise((resolve, reject) => waiting.set(0, { resolve, reject }));
  const outage = databaseOutage(); // every call passes here: the one place that sees a server go and come back
  worker.on('message', (reply: Reply) => {
    const waiter = waiting.get(reply.id);
    waiting.delete(reply.id);
    // The thread keeps the process alive only while something waits for it, and while it ends (end).
    if (waiting.size === 0 && !stopped) worker.unref();
    if (reply.ok) {
      outage.answered();
      waiter?.resolve(reply.value);
    } else {
      const error = errorOf(reply.failure);
      if (reply.id !== 0) outage.failed(error); // a failed start is told as DatabaseStartError
      waiter?.reject(error);
    }
  });
  const stop = (error: Error) => {
    stopped ??= error;
    for (const waiter of waiting.values()) waiter.reject(stopped);
    waiting.clear();
  };
  worker.on('error', (error: Error) => {
    // As an uncaught error on the server's thread would: the process ends, and whoever runs it starts it again.
    console.error(`The database's thread failed: ${error.stack ?? String(error)}`);
    stop(error);
    release();
    process.exit(1);
  });
  worker.on('exit', (code) => stop(new Error(`The database's thread stopped (exit code ${code}).`)));

  /**
   * Ends the thread, then gives back the lock. The thread is held (ref) while it ends: were it let go,
   * a process with nothing else to wait for (a clean stop) would end before the lock is given back,
   * leaving it for the next start to take over.
   */
  const end = async () => {
    worker.ref();
    await worker.terminate();
    release();
  };

  const ask = <T>(request: Ask): Promise<T> =>
    new Promise<unknown>((resolve, reject) => {
      if (stopped) return reject(stopped);
      const id = ++lastId;
      worker.postMessage({ ...request, id }); // throws, and so rejects, for a value a message cannot carry
      if (waiting.size === 0) worker.ref();
      waiting.set(id, { resolve, reject });
    }) as Promise<T>;

  try {
    const code = await ready;
    if (code instanceof WebAssembly.Module) pgliteCode ??= code;
  } catch (error) {
    await end();
    throw new DatabaseStartError((error as Error).message);
  }

  /** Statements in a lane, or in the transaction `tx` the server's thread holds open. */
  const queryable = (first: boolean, tx?: number): Queryable => ({
    query: <Row>(sql: string, params: readonly unknown[] = []) =>
      ask<Row[]>({ op: 'query', first, sql, params, ...(tx === undefined ? {} : { tx }) }),
    exec: (sql) => ask({ op: 'exec', first, sql, ...(tx === undefined ? {} : { tx }) }),
  });
  const transaction =
    (first: boolean) =>
    async <T>(work: (tx: Queryable) => Promise<T>): Promise<T> => {
      const id = await ask<number>({ op: 'begin', first });
      const { tx, end } = endingTransaction(queryable(first, id));
      let result: T;
      try {
        result = await work(tx);
      } catch (error) {
        end();
        await ask({ op: 'end', tx: id, commit: false }).catch(() => {}); // the work's error says more
        throw error;
      }
      end();
      await ask({ op: 'end', tx: id, commit: true });
      return result;
    };
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      try {
        await ask({ op: 'close' });
      } finally {
        stopped ??= new Error('The database is closed');
        await end();
      }
    })());
  const inLane = (first: boolean): Omit<Database, 'ahead'> => ({
    kind,
    ...queryable(first),
    transaction: transaction(first),
    run: (procedure, args) => ask({ op: 'run', first, module: procedure.module, name: procedure.name, args }),
    close,
  });
  const ahead: Database = {
    ...inLane(true),
    get ahead() {
      return ahead;
    },
  };
  return { ...inLane(false), ahead };
}
