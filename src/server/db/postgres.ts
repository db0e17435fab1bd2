import pg from 'pg';
import { DATE_OID, DatabaseStartError, parseDay, type Database, type Queryable } from './database.ts';

function getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  return oid === DATE_OID ? parseDay : (pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown);
}

/** A PostgreSQL server given by DATABASE_URL: a pool, so several requests run at once. */
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
  const wrap = (target: pg.Pool | pg.PoolClient, isOpen = () => true): Queryable => {
    // A client given back to the pool may be another request's by now: never used after its transaction.
    const refuseIfClosed = () => {
      if (!isOpen()) throw new Error('Transaction is closed');
    };
    return {
      query: async <Row>(sql: string, params: readonly unknown[] = []) => {
        refuseIfClosed();
        return (await target.query(sql, params as unknown[])).rows as Row[];
      },
      exec: async (sql) => {
        refuseIfClosed();
        await target.query(sql);
      },
    };
  };
  const database: Database = {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      let open = true;
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client, () => open));
        open = false;
        // A transaction a failed statement aborted ends in a rollback, whatever the work answered.
        if ((await client.query('COMMIT')).command !== 'COMMIT')
          throw new Error('The transaction failed and was rolled back.');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        open = false;
        client.release();
      }
    },
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
