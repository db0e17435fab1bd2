// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): all of a transaction's work or none, which each database's own code keeps.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { threadOfProcedures } from './helpers/thread-procedures.ts';
import { useFreshDatabase } from './helpers/test-server.ts';

/**
 * What every service relies on of `Database.transaction`, on both databases: all of the work or
 * none of it. The embedded database's transaction sends BEGIN and COMMIT itself, as prepared
 * statements (decision record 0024, "Statements on the embedded database"), so these hold it to
 * what PGlite's own transaction did.
 */
describe('a transaction', () => {
  let db: Database;
  useFreshDatabase((opened) => (db = opened), [new URL('./helpers/thread-procedures.ts', import.meta.url).href]);

  beforeAll(async () => {
    await db.query('CREATE TABLE transaction_notes (text text PRIMARY KEY)');
  });
  const notes = async () =>
    (await db.query<{ text: string }>('SELECT text FROM transaction_notes ORDER BY text')).map((row) => row.text);
  const add = (text: string) => `INSERT INTO transaction_notes (text) VALUES ('${text}')`;

  it('keeps all of its work once it resolves, and answers what the work answered', async () => {
    const answer = await db.transaction(async (tx) => {
      await tx.query(add('kept 1'));
      await tx.query(add('kept 2'));
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await notes()).toEqual(expect.arrayContaining(['kept 1', 'kept 2']));
  });

  it('keeps none of its work when the work throws, passes the error on, and the next one works', async () => {
    const failing = db.transaction(async (tx) => {
      await tx.query(add('thrown away'));
      throw new Error('the clerk’s input was refused');
    });
    await expect(failing).rejects.toThrow('the clerk’s input was refused');
    await db.transaction((tx) => tx.query(add('after the throw')));
    expect(await notes()).not.toContain('thrown away');
    expect(await notes()).toContain('after the throw');
  });

  it('is refused when a statement failed, even if the work went on as if not', async () => {
    const swallowing = db.transaction(async (tx) => {
      await tx.query(add('before the failure'));
      await tx.query(add('before the failure')).catch(() => {}); // a duplicate key, caught and ignored
    });
    await expect(swallowing).rejects.toThrow();
    expect(await notes()).not.toContain('before the failure');
    await db.transaction((tx) => tx.query(add('after the failure')));
    expect(await notes()).toContain('after the failure');
  });

  it('cannot be used once it has ended', async () => {
    let leaked: Parameters<Parameters<Database['transaction']>[0]>[0] | undefined;
    await db.transaction((tx) => {
      leaked = tx;
      return Promise.resolve();
    });
    await expect(leaked!.query(add('too late'))).rejects.toThrow();
    expect(await notes()).not.toContain('too late');
  });

  it('keeps statements given all at once (exec) with the rest, or none of them', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.exec(`${add('exec 1')}; ${add('exec 2')}`);
        throw new Error('refused after the exec');
      }),
    ).rejects.toThrow('refused after the exec');
    expect(await notes()).not.toContain('exec 1');
    await db.transaction((tx) => tx.exec(`${add('exec 3')}; ${add('exec 4')}`));
    expect(await notes()).toEqual(expect.arrayContaining(['exec 3', 'exec 4']));
  });

  // Under issue 18's load the server's thread answers a reader's request for every turn it takes:
  // on PostgreSQL a save of ten statements waited ten turns (clerks' p99 1.5 s), on PGlite one.
  it('is run where the database is reached, so a procedure’s statements do not wait for the server’s thread', async () => {
    await expect(db.run(threadOfProcedures, undefined)).resolves.toBe('the database’s');
  });
});
