import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PRIVATE_FOLDER_MODE } from '../file-modes.ts';
import { setImmediate } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { preparedStatements } from './pglite-statements.ts';
import {
  DATE_OID,
  DatabaseStartError,
  endingTransaction,
  parseDay,
  refuseRolledBack,
  type Database,
  type Queryable,
} from './database.ts';

/** PGlite's WebAssembly, compiled: a process's threads share it (ThreadData in database-thread.ts). */
export async function compilePglite(): Promise<WebAssembly.Module> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return WebAssembly.compile(await readFile(path.join(path.dirname(entry), 'pglite.wasm')));
}

/**
 * The embedded database under DATA_DIR, worked on this thread: the database's own thread
 * (src/server/database-worker.ts), which the rest of the process reaches through database-thread.ts.
 */
export async function openPgliteHere(
  dataDir: string | null,
  template: string | undefined,
  code: WebAssembly.Module,
): Promise<Database> {
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined, {
      // Begun from a dump, the database skips initdb: a second instead of several (issue 51).
      ...(template ? { loadDataDir: new Blob([await readFile(template)]) } : {}),
      pgliteWasmModule: code,
      parsers: { [DATE_OID]: parseDay },
      // PostgreSQL's default of 128 MB of shared buffers grows the process by as much; the
      // embedded database's files are in the system's file cache anyway (Austria-scale export:
      // peak memory about 100 MB lower). Being in memory, a page read at random costs about what
      // the next one does: at PostgreSQL's random_page_cost of 4 the planner hashed all 6,000
      // markets to join a publish's few hundred dates (9 ms a read at Austria scale, 1.8 ms
      // looking each date's market up by its index; issue 18).
      postgresqlconf: ['shared_buffers=32MB', 'random_page_cost=1.1'],
    });
  } catch (error) {
    throw new DatabaseStartError(
      `The embedded database in ${dataDir ?? 'memory'} could not be opened: ${String(error)}`,
    );
  }
  const statements = preparedStatements(db);
  const queryable = (inTransaction: boolean): Queryable => ({
    query: (sql, params = []) => statements.query(sql, params, inTransaction),
    exec: async (sql) => {
      await db.exec(sql);
      await statements.forget(inTransaction);
    },
  });
  const whole = queryable(false);
  const inTransaction = queryable(true);
  /**
   * BEGIN and COMMIT as prepared statements, one trip each: PGlite's own `transaction` sends them
   * as simple queries through its parser and locks, an eighth of a clerk's save on the thread at
   * Austria scale (decision record 0024, "Statements on the embedded database"). Taking turns
   * (takingTurns) already keeps every other query out of the transaction. A ROLLBACK is rare:
   * PGlite's `exec`.
   */
  const transaction = async <T>(work: (tx: Queryable) => Promise<T>): Promise<T> => {
    await statements.command('BEGIN', true);
    const { tx, end } = endingTransaction(inTransaction);
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      end();
      await db.exec('ROLLBACK');
      throw error;
    }
    end();
    refuseRolledBack(await statements.command('COMMIT', false));
    return result;
  };
  const turns = takingTurns();
  const inLane = (turn: Turn): Omit<Database, 'ahead'> => ({
    kind: 'pglite',
    query: (sql, params) => turn(() => whole.query(sql, params)),
    exec: (sql) => turn(() => whole.exec(sql)),
    transaction: (work) => turn(() => transaction(work)),
    run: (procedure, args) => turn(() => transaction((tx) => procedure.work(tx, args))),
    close: () => db.close(),
  });
  const ahead: Database = {
    ...inLane(turns.first),
    get ahead() {
      return ahead;
    },
  };
  return { ...inLane(turns.inTurn), ahead };
}

type Turn = <T>(work: () => Promise<T>) => Promise<T>;

/** How many pieces of work given `first` go in a row while work waits its turn. */
const FIRST_IN_A_ROW = 4;

/**
 * PGlite goes from one query to the next in promise callbacks: a queue of saves would run to its
 * end before the thread reads another message. So queries and transactions run one after another
 * in slices of `sliceMs`: after each, the messages waiting are read, and work given `first` among
 * them goes next. On the database's own thread nothing else waits for the thread; on the server's
 * thread it had to be shared with the requests (decision record 0024, "The database's own thread").
 *
 * Work given `first` goes before the work waiting `inTurn`: a read a reader waits on (the content
 * version, a delta) is not held up by a queue of saves, and a stream of such reads (anyone may ask
 * for deltas) still lets a save through after every FIRST_IN_A_ROW.
 */
export function takingTurns(sliceMs = 5): { inTurn: Turn; first: Turn } {
  const lanes = { first: [] as (() => Promise<void>)[], inTurn: [] as (() => Promise<void>)[] };
  let running = false;
  let sliceStart = performance.now();
  let firstInARow = 0;
  const drain = async () => {
    while (lanes.first.length || lanes.inTurn.length) {
      if (performance.now() - sliceStart >= sliceMs) {
        await setImmediate();
        sliceStart = performance.now();
      }
      // Chosen after the yield: reads given `first` by the requests read meanwhile go next.
      const takeFirst = lanes.first.length > 0 && (firstInARow < FIRST_IN_A_ROW || !lanes.inTurn.length);
      firstInARow = takeFirst ? firstInARow + 1 : 0;
      await (takeFirst ? lanes.first.shift() : lanes.inTurn.shift())!();
    }
    running = false;
    firstInARow = 0;
  };
  const inLane =
    (lane: (() => Promise<void>)[]): Turn =>
    (work) =>
      new Promise((resolve, reject) => {
        lane.push(() => {
          const done = Promise.resolve().then(work); // a throw before its promise is a rejection too
          done.then(resolve, reject);
          return done.then(
            () => {},
            () => {},
          );
        });
        if (running) return;
        running = true;
        queueMicrotask(() => void drain());
      });
  return { inTurn: inLane(lanes.inTurn), first: inLane(lanes.first) };
}

/**
 * PGlite allows one process at a time, so a lock file with our pid keeps a second process (an
 * operator command, a second server) from opening the embedded database under DATA_DIR.
 */
export function lockDataDir(dataDir: string): () => void {
  try {
    mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE }); // issue 15, M10
  } catch {
    throw new DatabaseStartError(`The data folder ${path.resolve(dataDir)} cannot be created (DATA_DIR).`);
  }
  const lockFile = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EROFS' || code === 'EPERM') {
        throw new DatabaseStartError(`The data folder ${path.resolve(dataDir)} is not writable (DATA_DIR).`);
      }
      if (code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockFile, 'utf8'));
      if (isRunning(holder)) {
        throw new DatabaseStartError(
          `The embedded database in ${path.resolve(dataDir)} is in use by process ${holder} (most likely the running portal): ` +
            'stop that process first, or use PostgreSQL through DATABASE_URL to run several processes at once.',
        );
      }
      rmSync(lockFile, { force: true }); // left behind by a process that died
    }
  }
  throw new DatabaseStartError(`The lock file ${lockFile} could not be taken.`);
}

function isRunning(pid: number): boolean {
  // Our own pid: left by an earlier process that had it too (pid 1 in a container).
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
