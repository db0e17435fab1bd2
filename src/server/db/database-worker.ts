import { parentPort, workerData } from 'node:worker_threads';
import type { Database, DatabaseSettings, Procedure, Queryable } from './database.ts';
import { openPgliteHere } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { failureOf, type Reply, type Request } from './database-messages.ts';

/**
 * The database's own thread (decision record 0024, "The database's own thread"): PostgreSQL's pool,
 * or PGlite and its queue of turns (takingTurns), live here, and the server's thread sends it
 * requests (database-thread.ts). Here a statement's answer is taken up as soon as it comes, not
 * after the server's thread has answered the readers waiting before it.
 */
const port = parentPort!;
const { databaseUrl, dataDir } = workerData as DatabaseSettings;

/** A transaction whose work runs on the server's thread, a message per statement, until its `end`. */
interface OpenTransaction {
  tx: Queryable;
  settle: (commit: boolean) => void;
  done: Promise<void>;
}

/** The end of a transaction the server's thread rolls back: its work threw there. */
const ROLL_BACK = new Error('rolled back');

const transactions = new Map<number, OpenTransaction>();
const procedures = new Map<string, Promise<Procedure<unknown, unknown>>>();

const reply = (message: Reply) => {
  try {
    port.postMessage(message);
  } catch (error) {
    // A value a message cannot carry (a function, say): the request fails, the thread goes on.
    port.postMessage({ id: message.id, ok: false, failure: failureOf(error) } satisfies Reply);
  }
};

let db: Database;
try {
  db = databaseUrl ? await openPostgres(databaseUrl) : await openPgliteHere(dataDir);
  port.on('message', (request: Request) => {
    answer(request).then(
      (value) => reply({ id: request.id, ok: true, value }),
      (error: unknown) => reply({ id: request.id, ok: false, failure: failureOf(error) }),
    );
  });
  reply({ id: 0, ok: true, value: null });
} catch (error) {
  reply({ id: 0, ok: false, failure: failureOf(error) }); // and the thread ends, listening to nothing
}

async function answer(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return statementsOf(request).query(request.sql, request.params);
    case 'exec':
      return statementsOf(request).exec(request.sql);
    case 'run':
      // Imported before the turn is taken: loading the module does not hold the database.
      return laneOf(request.first).run(await procedureAt(request.module, request.name), request.args);
    case 'begin':
      return begin(laneOf(request.first), request.id);
    case 'end':
      return end(request.tx, request.commit);
    case 'close':
      await db.close();
      return null;
  }
}

const laneOf = (first: boolean) => (first ? db.ahead : db);

/** Where a statement goes: its lane, or the transaction the server's thread holds open. */
function statementsOf({ first, tx }: { first: boolean; tx?: number | undefined }): Queryable {
  if (tx === undefined) return laneOf(first);
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

/** Answers once BEGIN is done: the transaction holds the database's turn until its `end`. */
function begin(lane: Database, id: number): Promise<number> {
  return new Promise((begun, refused) => {
    const open = {} as OpenTransaction;
    open.done = lane.transaction(
      (tx) =>
        new Promise<void>((commit, rollBack) => {
          open.tx = tx;
          open.settle = (ok) => (ok ? commit() : rollBack(ROLL_BACK));
          transactions.set(id, open);
          begun(id);
        }),
    );
    open.done.catch(refused); // BEGIN refused; once begun, `end` answers the outcome
  });
}

async function end(id: number, commit: boolean): Promise<null> {
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  transactions.delete(id);
  open.settle(commit);
  try {
    await open.done;
  } catch (error) {
    if (error !== ROLL_BACK) throw error;
  }
  return null;
}

function procedureAt(module: string, name: string): Promise<Procedure<unknown, unknown>> {
  const key = `${module}#${name}`;
  let found = procedures.get(key);
  if (!found) {
    found = import(module).then((exports: Record<string, unknown>) => {
      const candidate = exports[name] as Procedure<unknown, unknown> | undefined;
      if (typeof candidate?.work !== 'function') throw new Error(`${module} exports no procedure ${name}`);
      return candidate;
    });
    found.catch(() => procedures.delete(key));
    procedures.set(key, found);
  }
  return found;
}
