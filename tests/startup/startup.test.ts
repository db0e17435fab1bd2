import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { embeddedDatabase, startServerProcess, stopServerProcess } from './server-process.ts';
import { SERVE_ENV, SERVE_FLAGS } from '../../scripts/portal-process.ts';

const MAIN = path.resolve('src/server/main.ts');

/** Starts the real server process with `env` and waits for it to give up. */
function startWith(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...SERVE_FLAGS, MAIN], {
      env: {
        PATH: process.env['PATH'] ?? '',
        ...SERVE_ENV,
        HOST: '127.0.0.1',
        SEED_DEMO: '0',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-start-')),
        ...env,
      },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr: stderr.trim() });
    });
  });
}

/** One line, no stack trace. */
function expectOneClearLine(stderr: string, message: RegExp): void {
  expect(stderr.split('\n')).toHaveLength(1);
  expect(stderr).toMatch(/^Cannot start: /);
  expect(stderr).toMatch(message);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('start-up failures an operator can fix', () => {
  let blocker: Server;
  let takenPort = 0;
  beforeAll(async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    takenPort = (blocker.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it('a malformed environment variable', async () => {
    const { code, stderr } = await startWith({ PORT: 'abc' });
    expect(code).toBe(1);
    expectOneClearLine(stderr, /Environment variable PORT is invalid \("abc"\)/);
  });

  it('a port that is taken, before the database is opened or made', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-start-'));
    const { code, stderr } = await startWith({ PORT: String(takenPort), DATA_DIR: dataDir });
    expect(code).toBe(1);
    expectOneClearLine(stderr, new RegExp(`Port ${takenPort} on 127.0.0.1 is already in use`));
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('a port a running portal holds: its sockets share the port (SO_REUSEPORT), a second portal may not', async () => {
    // Before, only a start with --build probed the port: `npm run serve` listened beside the running
    // portal, and the two answered the port's requests in turn, each from its own database.
    const running = await startServerProcess(await embeddedDatabase(inject('pgliteTemplate')));
    try {
      const port = new URL(running.url).port;
      const { code, stderr } = await startWith({ PORT: port });
      expect(code).toBe(1);
      expectOneClearLine(stderr, new RegExp(`Port ${port} on 127.0.0.1 is already in use`));
    } finally {
      await stopServerProcess(running);
    }
  }, 60_000);

  it('a data folder that cannot be created', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'portal-file-')), 'plain-file');
    writeFileSync(file, '');
    const { code, stderr } = await startWith({ DATA_DIR: path.join(file, 'data') });
    expect(code).toBe(1);
    expectOneClearLine(stderr, /data folder .* cannot be created \(DATA_DIR\)/);
  });

  it('an embedded database held by another running process', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-held-'));
    writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.pid));
    const { code, stderr } = await startWith({ DATA_DIR: dataDir });
    expect(code).toBe(1);
    expectOneClearLine(stderr, new RegExp(`in use by process ${process.pid}`));
  });

  it('an unreachable DATABASE_URL, without its password', async () => {
    const { code, stderr } = await startWith({ DATABASE_URL: 'postgres://portal:secret@127.0.0.1:1/portal' });
    expect(code).toBe(1);
    expectOneClearLine(stderr, /PostgreSQL at postgres:\/\/portal:\*\*\*@127\.0\.0\.1:1\/portal is not reachable/);
    expect(stderr).not.toContain('secret');
  });
});

describe('operator commands beside a running portal', () => {
  it('say what to do when the embedded database is held', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-admin-held-'));
    writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.pid));
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [path.resolve('scripts/admin.ts'), 'list-users'], {
        env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir },
      });
      let output = '';
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (exitCode) => resolve({ code: exitCode, stderr: output.trim() }));
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      new RegExp(`in use by process ${process.pid} \\(most likely the running portal\\): stop that process first`),
    );
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
