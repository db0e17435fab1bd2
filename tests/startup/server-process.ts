import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../src/server/db/database.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { databaseFromTemplate } from '../setup/pglite-template.ts';
import { adminQuery } from '../setup/postgres-admin.ts';
import { SERVE_ENV, SERVE_FLAGS } from '../../scripts/portal-process.ts';

const MAIN = path.resolve('src/server/main.ts');

/** A database the real server process is started on, and that the test can open itself while it is stopped. */
export interface TestDatabase {
  kind: 'pglite' | 'postgres';
  /** DATA_DIR (always a fresh folder: outbox, exports) and DATABASE_URL ('' for the embedded database). */
  env: { DATA_DIR: string; DATABASE_URL: string };
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/** An embedded database in a new DATA_DIR, begun from the run's template (tests/setup/pglite-template.ts). */
export async function embeddedDatabase(template: string): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
  await databaseFromTemplate(dataDir, template);
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openDatabase({ dataDir }),
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** A new database on the server of `adminUrl`, dropped again by `drop` (as tests/api/helpers/test-server.ts does). */
export async function postgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `portal_crash_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
  return {
    kind: 'postgres',
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: url.toString(), dataDir: null }),
    drop: async () => {
      await rm(dataDir, { recursive: true, force: true });
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves once the output matches `pattern`. */
  waitForOutput(pattern: RegExp): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `node src/server/main.ts` (`npm run serve`) on a free port, as an operator starts it, with `env`
 * beside the database's (TRUST_PROXY, SEED_DEMO); resolves
 * with its address once it is listening (read from its start line, as scripts/portal-process.ts does).
 */
export async function startServerProcess(
  database: TestDatabase,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...SERVE_FLAGS, MAIN], {
    // Only what the portal needs: never the developer's DATABASE_URL or mail server.
    env: {
      PATH: process.env['PATH'] ?? '',
      ...SERVE_ENV,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      SMTP_URL: '',
      ...database.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const listeners = new Set<() => void>();
  const onOutput = (chunk: Buffer) => {
    log += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  const waitForOutput = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(log)) return;
        listeners.delete(check);
        resolve();
      };
      listeners.add(check);
      check();
      void exited.then(() => {
        if (listeners.delete(check)) reject(new Error(`The server exited before printing ${String(pattern)}:\n${log}`));
      });
    });
  await waitForOutput(/portal at http:\/\/\S+ /);
  const url = /portal at (http:\/\/\S+) /.exec(log)?.[1] ?? '';
  return { child, url, output: () => log, waitForOutput, exited };
}

/** SIGTERM, and how the process ended. */
export async function stopServerProcess(server: ServerProcess) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  return server.exited;
}
