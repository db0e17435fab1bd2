/** Which database a process works on. */
export interface DatabaseSettings {
  /** PostgreSQL server; when absent, the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; null keeps it in memory (tests). */
  dataDir: string | null;
  /**
   * An embedded database dumped whole (PGlite's dumpDataDir, a tar file) to begin from instead of an
   * empty one: the tests migrate one per run and begin each file from it (issue 51).
   */
  template?: string | undefined;
  /**
   * Addresses of tests' modules of procedures, which the database's thread imports beside those of
   * src/server/database-procedures.ts: production code lists its modules there, where lint sees them.
   */
  testProcedures?: readonly string[] | undefined;
}

/** What the services need of a database; PGlite and PostgreSQL both provide it. */
export interface Queryable {
  /** One statement with `$1`-style parameters. Pass JSON values as text and cast with `::jsonb`. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs a procedure in one transaction on the database's own thread (database-thread.ts), beside
   * PGlite or PostgreSQL's pool. Its arguments and result are copied as a message is.
   */
  run<Args, Result>(procedure: Procedure<Args, Result>, args: Args): Promise<Result>;
  close(): Promise<void>;
  /**
   * The same database for the reads a reader's request waits on (the content version, a delta):
   * on PGlite's one connection they go before the saves waiting their turn; PostgreSQL, with its
   * pool of connections, is itself.
   */
  readonly ahead: Database;
}

/**
 * A transaction's work that the database's thread runs whole, without a message per statement
 * (decision record 0024, "The database's own thread"): the work a clerk's or an app's request waits
 * on under load. A function of its transaction and of arguments a message can carry; the thread
 * finds it as the export `name` of the module at `module`, one that src/server/database-procedures.ts
 * lists. Its result is copied after the commit: one a message cannot carry (a function, a class's
 * instance) fails the call of a committed change, so a procedure answers plain data.
 */
export interface Procedure<Args, Result> {
  readonly module: string;
  readonly name: string;
  readonly work: (tx: Queryable, args: Args) => Promise<Result>;
}

/** A procedure exported as `name` from the module whose `import.meta.url` is `module`. */
export function procedure<Args, Result>(
  module: string,
  name: string,
  work: (tx: Queryable, args: Args) => Promise<Result>,
): Procedure<Args, Result> {
  return { module, name, work };
}

/**
 * The work's view of one transaction, which refuses every statement once `end` is called: on
 * PostgreSQL its client may be another request's by then, on PGlite the database another's turn.
 */
export function endingTransaction(tx: Queryable): { tx: Queryable; end: () => void } {
  let open = true;
  const refuseIfEnded = () => {
    if (!open) throw new Error('Transaction is closed'); // as PGlite's own transaction said it
  };
  return {
    tx: {
      query: async <Row>(sql: string, params?: readonly unknown[]) => {
        refuseIfEnded();
        return tx.query<Row>(sql, params);
      },
      exec: async (sql) => {
        refuseIfEnded();
        await tx.exec(sql);
      },
    },
    end: () => {
      open = false;
    },
  };
}

/** A transaction a failed statement aborted answers COMMIT with a rollback, whatever its work answered. */
export function refuseRolledBack(commandTag: string | null): void {
  if (commandTag !== 'COMMIT') throw new Error('The transaction failed and was rolled back.');
}

/**
 * The first statement of a transaction that sees one snapshot of the database (on PostgreSQL, the
 * default isolation would let each statement see later commits): what is read together is of the
 * one content version read with it. `mayWrite` for one that also writes (a session's idle clock).
 */
export async function seeOneSnapshot(tx: Queryable, { mayWrite = false } = {}): Promise<void> {
  await tx.query(`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ${mayWrite ? '' : ', READ ONLY'}`);
}

/** A failure the operator can act on, printed as one line at start-up (issue 2, point 6). */
export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError';
}

/** Postgres type OIDs whose default parsing we replace in both drivers. */
export const DATE_OID = 1082;
/** Days stay 'YYYY-MM-DD' text: a JS Date would shift them by the server's time zone. */
export const parseDay = (value: string): string => value;
