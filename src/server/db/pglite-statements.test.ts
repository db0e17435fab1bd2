import { PGlite, protocol } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATE_OID, parseDay } from './database.ts';
import { preparedStatements } from './pglite-statements.ts';

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create({ parsers: { [DATE_OID]: parseDay } });
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.exec(`DEALLOCATE ALL; DROP TABLE IF EXISTS markets; CREATE TABLE markets (id text PRIMARY KEY, title text NOT NULL, opens date, changed_at timestamptz,
    version integer NOT NULL DEFAULT 1, hidden boolean NOT NULL DEFAULT false, extra jsonb, tags text[])`);
});

const preparedCount = async () =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]!.n;

// Reads of an embedded database: seconds on a busy 2-core machine, beyond the default 5 s.
describe('prepared statements of the embedded database', { timeout: 20_000 }, () => {
  it('answers every kind of value as PGlite’s own query does', async () => {
    const statements = preparedStatements(db);
    const insert = `INSERT INTO markets (id, title, opens, changed_at, hidden, extra, tags)
      VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::text[]) RETURNING *`;
    const values = [
      'm1',
      'Bauernmarkt „am Platz“',
      '2027-01-15',
      new Date('2027-01-15T07:00:00Z'),
      true,
      '{"a":[1]}',
      ['x', 'y,z'],
    ];
    const prepared = await statements.query(insert, values, false);
    const [plain] = (await db.query(insert, ['m2', ...values.slice(1)])).rows;
    expect(prepared).toEqual([{ ...(plain as object), id: 'm1' }]);
    expect(prepared[0]).toMatchObject({ opens: '2027-01-15', hidden: true, extra: { a: [1] }, tags: ['x', 'y,z'] });
    expect(
      await statements.query('SELECT title FROM markets WHERE opens = $1 AND id = $2', [null, 'm1'], false),
    ).toEqual([]);
    expect(await statements.query('UPDATE markets SET version = version + 1 WHERE id = $1', ['m1'], false)).toEqual([]);
  });

  it('reads any text, and answers of many chunks, as PGlite’s own query does', async () => {
    const statements = preparedStatements(db);
    const read = 'SELECT id, title, hidden, tags, extra FROM markets ORDER BY id';
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.string({ unit: 'grapheme', maxLength: 40 }).filter((text) => !text.includes('\0')),
          {
            maxLength: 30,
          },
        ),
        async (titles) => {
          await db.exec('TRUNCATE markets');
          for (const [index, title] of titles.entries())
            await db.query('INSERT INTO markets (id, title, tags, extra) VALUES ($1, $2, $3, $4)', [
              `m${String(index).padStart(3, '0')}`,
              title,
              index % 2 ? [title, null] : null,
              index % 3 ? { title } : null,
            ]);
          expect(await statements.query(read, [], false)).toEqual((await db.query(read)).rows);
        },
      ),
      { numRuns: 40 },
    );
    // About 3 MB: the database sends it in several pieces.
    await db.query(
      `INSERT INTO markets (id, title) SELECT 'x' || n, repeat('Bauernmarkt ', 25) || n FROM generate_series(1, 10000) n`,
    );
    const many = await statements.query<{ id: string }>(read, [], false);
    expect(many).toHaveLength((await db.query(read)).rows.length);
    expect(many).toEqual((await db.query(read)).rows);
  });

  it('refuses with PGlite’s own error, its code, detail and hint as the quota triggers raise them', async () => {
    const statements = preparedStatements(db);
    await db.exec(`CREATE OR REPLACE FUNCTION refuse() RETURNS int LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'quota' USING ERRCODE = 'P0Q01', DETAIL = 'markets', HINT = '40'; END $$`);
    const refusal = await statements.query('SELECT refuse()', [], false).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(protocol.messages.DatabaseError);
    expect(refusal).toMatchObject({ message: 'quota', code: 'P0Q01', detail: 'markets', hint: '40' });
    expect(await statements.query('SELECT 1 AS n', [], false)).toEqual([{ n: 1 }]);
  });

  it('prepares each statement text once', async () => {
    const statements = preparedStatements(db);
    for (let i = 0; i < 5; i++) await statements.query('SELECT $1::int + 1 AS n', [i], false);
    expect(await statements.query('SELECT $1::int + 1 AS n', [41], false)).toEqual([{ n: 42 }]);
    expect(await preparedCount()).toBe(1);
  });

  it('closes the statement least recently used beyond the ones it keeps', async () => {
    const statements = preparedStatements(db, 3);
    for (const n of [1, 2, 3]) await statements.query(`SELECT ${n} AS n`, [], false);
    await statements.query('SELECT 1 AS n', [], false); // used again: the oldest now is 2
    expect(await statements.query('SELECT 4 AS n', [], false)).toEqual([{ n: 4 }]);
    const texts = (await db.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY 1'))
      .rows;
    expect(texts.map((row) => row.statement)).toEqual(['SELECT 1 AS n', 'SELECT 3 AS n', 'SELECT 4 AS n']);
  });

  it('refuses bad statements and bad values, and works on afterwards', async () => {
    const statements = preparedStatements(db);
    await expect(statements.query('SELEKT 1', [], false)).rejects.toThrow(/syntax error/);
    await statements.query('INSERT INTO markets (id, title) VALUES ($1, $2)', ['m1', 'Markt'], false);
    await expect(
      statements.query('INSERT INTO markets (id, title) VALUES ($1, $2)', ['m1', 'Markt'], false),
    ).rejects.toThrow(/duplicate key/);
    await expect(statements.query('SELECT $1::int AS n', ['eins'], false)).rejects.toThrow(/invalid input syntax/);
    expect(await statements.query('SELECT count(*)::int AS n FROM markets', [], false)).toEqual([{ n: 1 }]);
  });

  it('takes part in a transaction: a failure rolls back what it wrote', async () => {
    const statements = preparedStatements(db);
    const insert = 'INSERT INTO markets (id, title) VALUES ($1, $2)';
    await expect(
      db.transaction(async () => {
        await statements.query(insert, ['m1', 'Markt'], true);
        await statements.query(insert, ['m1', 'Markt'], true);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await statements.query('SELECT count(*)::int AS n FROM markets', [], false)).toEqual([{ n: 0 }]);
  });

  it('answers the new shape of a table once told to forget (a migration)', async () => {
    const statements = preparedStatements(db);
    await statements.query('INSERT INTO markets (id, title) VALUES ($1, $2)', ['m1', 'Markt'], false);
    const read = 'SELECT * FROM markets WHERE id = $1';
    await statements.query(read, ['m1'], false);
    await db.exec('ALTER TABLE markets ADD COLUMN floor text');
    await statements.forget(false);
    expect(await statements.query(read, ['m1'], false)).toEqual([expect.objectContaining({ id: 'm1', floor: null })]);
  });

  // It opens an embedded database of its own: seconds on a busy 2-core runner, as the hooks' (vitest.config.ts).
  it('says the database is closed once it is', { timeout: 30_000 }, async () => {
    const closing = await PGlite.create();
    const statements = preparedStatements(closing);
    await statements.query('SELECT 1 AS n', [], false);
    await closing.close();
    await expect(statements.query('SELECT 1 AS n', [], false)).rejects.toThrow('PGlite is closed');
  });
});
