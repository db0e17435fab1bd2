import pg from 'pg';
import {
  DATE_OID,
  DatabaseStartError,
  endingTransaction,
  parseDay,
  refuseRolledBack,
  type Database,
  type Queryable,
} from './database.ts';

function getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  return oid === DATE_OID ? parseDay : (pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown);
}

/**
 * A PostgreSQL server given by DATABASE_URL: a pool, so several requests run at once. Opened on
 * the database's thread (src/server/database-worker.ts), where each statement's answer is taken up at once.
 */
export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    types: { getTypeParser },
  });
  // An idle client losing its connection must not take the process down.
  pool.on('error', (error) => console.error(`PostgreSQL: ${error.message}`));
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseStartError(`PostgreSQL at ${redact(url)} is not reachable: ${(error as Error).message}`);
  }
  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <Row>(sql: string, params: readonly unknown[] = []) =>
      (await target.query(sql, params as unknown[])).rows as Row[],
    exec: async (sql) => {
      await target.query(sql);
    },
  });
  const database: Database = {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      const { tx, end } = endingTransaction(wrap(client));
      try {
        await client.query('BEGIN');
        const result = await work(tx);
        end();
        refuseRolledBack((await client.query('COMMIT')).command);
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        end(); // the client goes back to the pool
        client.release();
      }
    },
    run: (procedure, args) => database.transaction((tx) => procedure.work(tx, args)),
    close: () => pool.end(),
    get ahead() {
      return database;
    },
  };
  return database;
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
