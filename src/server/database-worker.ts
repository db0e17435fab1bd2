import { parentPort, workerData } from 'node:worker_threads';
import type { Database, Procedure, Queryable } from './db/database.ts';
import type { ThreadData } from './db/database-thread.ts';
import { compilePglite, openPgliteHere } from './db/pglite.ts';
import { openPostgres } from './db/postgres.ts';
import { failureOf, type Reply, type Request } from './db/database-messages.ts';
import { PROCEDURE_MODULES } from './database-procedures.ts';

/**
 * The database's own thread (decision record 0024, "The database's own thread"): PostgreSQL's pool,
 * or PGlite and its queue of turns (takingTurns), live here, and the server's thread sends it
 * requests (db/database-thread.ts). Here a statement's answer is taken up as soon as it comes, not
 * after the server's thread has answered the readers waiting before it. It runs the procedures of
 * db/ and services/, so it sits above them (LAYERS in eslint.config.js); db/ starts it by its
 * address, never imports it.
 */
const port = parentPort!;
const { databaseUrl, dataDir, template, testProcedures = [], pgliteCode } = workerData as ThreadData;

/** A transaction whose work runs on the server's thread, a message per statement, until its `end`. */
interface OpenTransaction {
  tx: Queryable;
  settle: (commit: boolean) => void;
  done: Promise<void>;
}

/** The end of a transaction the server's thread rolls back: its work threw there. */
const ROLL_BACK = new Error('rolled back');

const transactions = new Map<number, OpenTransaction>();
/** The procedures the thread runs, by their module's address and the name they are exported as. */
const procedures = new Map<string, Procedure<unknown, unknown>>();
const procedureModules = new Set<string>();

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
  // A test's modules (DatabaseSettings.testProcedures) are the one import the thread makes by address.
  const tests = await Promise.all(testProcedures.map((module) => import(module) as Promise<Record<string, unknown>>));
  for (const exports of [...PROCEDURE_MODULES, ...tests]) addProcedures(exports);
  const code = databaseUrl ? null : (pgliteCode ?? (await compilePglite()));
  db = code ? await openPgliteHere(dataDir, template, code) : await openPostgres(databaseUrl!);
  port.on('message', (request: Request) => {
    answer(request).then(
      (value) => reply({ id: request.id, ok: true, value }),
      (error: unknown) => reply({ id: request.id, ok: false, failure: failureOf(error) }),
    );
  });
  reply({ id: 0, ok: true, value: code }); // PGlite compiled, for the process's next embedded database (ThreadData)
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
      return laneOf(request.first).run(procedureAt(request.module, request.name), request.args);
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

function addProcedures(exports: Readonly<Record<string, unknown>>): void {
  for (const [name, value] of Object.entries(exports)) {
    const candidate = value as Partial<Procedure<unknown, unknown>> | null;
    if (typeof candidate?.work !== 'function' || typeof candidate.module !== 'string') continue;
    procedures.set(`${candidate.module}#${name}`, candidate as Procedure<unknown, unknown>);
    procedureModules.add(candidate.module);
  }
}

function procedureAt(module: string, name: string): Procedure<unknown, unknown> {
  const found = procedures.get(`${module}#${name}`);
  if (found) return found;
  if (procedureModules.has(module)) throw new Error(`${module} exports no procedure ${name}`);
  throw new Error(
    `The database's thread knows no procedure ${name} of ${module}: list its module in src/server/database-procedures.ts.`,
  );
}
