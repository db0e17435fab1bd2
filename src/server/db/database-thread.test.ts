import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiError } from '../api-error.ts';
import { procedure, type Database } from './database.ts';
import { openOnThread } from './database-thread.ts';
import {
  answerAFunction,
  countTo,
  givenCompiledPglite,
  insertTwice,
  notExportedUnderItsName,
  refuse,
} from '../../../tests/api/helpers/thread-procedures.ts';

const TEST_PROCEDURES = new URL('../../../tests/api/helpers/thread-procedures.ts', import.meta.url).href;
let db: Database;

beforeAll(async () => {
  db = await openOnThread({ dataDir: null, template: inject('pgliteTemplate'), testProcedures: [TEST_PROCEDURES] });
  await db.exec('CREATE TABLE thread_test (id int PRIMARY KEY)');
});

afterAll(() => db.close());

// Each test opens an embedded database: seconds of PGlite's start on a busy 2-core machine.
describe('the database on its own thread (embedded)', { timeout: 20_000 }, () => {
  it('leaves the server’s thread free while it works', async () => {
    let turns = 0;
    const timer = setInterval(() => (turns += 1), 1);
    const started = performance.now();
    const { count } = await db.run(countTo, 3_000_000);
    const took = performance.now() - started;
    clearInterval(timer);
    expect(count).toBe(3_000_000n);
    // On the server's thread the count held it for all of its time: no timer ran.
    expect(turns).toBeGreaterThan(took / 10);
  });

  it('carries values a message can: big integers, dates, the rows of a query', async () => {
    await expect(db.run(countTo, 3)).resolves.toEqual({ count: 3n, at: new Date(0) });
    await expect(db.query('SELECT $1::date AS day', ['2026-01-31'])).resolves.toEqual([{ day: '2026-01-31' }]);
  });

  it('carries a refusal as the service threw it', async () => {
    const refused = await db.run(refuse, undefined).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'conflict', fields: { version: 'conflict' } });
  });

  it('carries the database’s own error code, and rolls the procedure back', async () => {
    await expect(db.run(insertTwice, 1)).rejects.toMatchObject({ code: '23505' });
    await expect(db.query('SELECT id FROM thread_test')).resolves.toEqual([]);
  });

  it('runs a transaction whose work is here, statement by statement, and rolls it back when the work throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO thread_test (id) VALUES (2)');
    });
    const failed = db.transaction(async (tx) => {
      await tx.query('INSERT INTO thread_test (id) VALUES (3)');
      throw new Error('the work failed');
    });
    await expect(failed).rejects.toThrow('the work failed');
    await expect(db.query('SELECT id FROM thread_test')).resolves.toEqual([{ id: 2 }]);
  });

  it('refuses what a message cannot carry, and goes on', async () => {
    await expect(db.run(answerAFunction, undefined)).rejects.toThrow(/could not be cloned/);
    await expect(db.query('SELECT $1::text AS text', [() => 1])).rejects.toThrow(/could not be cloned/);
    await expect(db.run(notExportedUnderItsName, undefined)).rejects.toThrow(/exports no procedure somethingElse/);
    await expect(db.query('SELECT 1 AS one')).resolves.toEqual([{ one: 1 }]);
  });

  it('refuses a procedure whose module the thread does not import, naming both', async () => {
    const unlisted = procedure(import.meta.url, 'unlisted', () => Promise.resolve(1));
    await expect(db.run(unlisted, undefined)).rejects.toThrow(
      /procedure unlisted of .*database-thread\.test\.ts: .*src\/server\/database-procedures\.ts/,
    );
  });
});

describe('PGlite’s code', { timeout: 20_000 }, () => {
  it('is compiled once in a process: a database opened after another is given what the first compiled', async () => {
    const second = await openOnThread({
      dataDir: null,
      template: inject('pgliteTemplate'),
      testProcedures: [TEST_PROCEDURES],
    });
    try {
      await expect(second.run(givenCompiledPglite, undefined)).resolves.toBe(true);
      await expect(second.query('SELECT count(*)::int AS n FROM municipalities')).resolves.toEqual([{ n: 2095 }]);
    } finally {
      await second.close();
    }
  });
});

describe('the embedded database’s lock', { timeout: 20_000 }, () => {
  it('takes a lock file left with its own pid, as a restarted container’s pid 1 finds it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-lock-'));
    try {
      writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.pid));
      const own = await openOnThread({ dataDir, template: inject('pgliteTemplate') });
      expect(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
      await own.close();
      await own.close(); // a second close changes nothing
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is given back by a close whose last answer is a refused query, when nothing else keeps the process alive', () => {
    // As a clean stop met the housekeeping's vacuum: its refusal unref'd the thread while the close
    // waited for the thread's end, and the process ended on an empty event loop, the lock left behind.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-lock-'));
    const script = `
      const { openOnThread } = await import(${JSON.stringify(new URL('./database-thread.ts', import.meta.url).href)});
      const db = await openOnThread({ dataDir: ${JSON.stringify(dataDir)}, template: ${JSON.stringify(inject('pgliteTemplate'))} });
      const closed = db.close();
      db.query('SELECT 1').catch(() => {});
      await closed;
      console.log('closed');`;
    const file = path.join(dataDir, 'close.mjs');
    writeFileSync(file, script);
    try {
      const child = spawnSync(process.execPath, [file], { encoding: 'utf8' });
      expect(child.stderr).toBe('');
      expect(child.stdout).toBe('closed\n');
      expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
