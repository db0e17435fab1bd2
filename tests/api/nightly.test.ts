import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runNightly } from '../../src/export/nightly.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { prepareDatabase } from '../../src/server/prepare-database.ts';

const PROJECT = fileURLToPath(new URL('../../', import.meta.url));
let folder: string;
let root: string;

/** A finished earlier run: its folder with a marker file, and `latest` pointing at it. */
async function earlierRun(day: string, latest: boolean): Promise<void> {
  await mkdir(path.join(root, day, 'exports'), { recursive: true });
  await writeFile(path.join(root, day, 'exports', 'marker.txt'), day);
  if (latest) await symlink(day, path.join(root, 'latest'));
}

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'nightly-'));
  root = path.join(folder, 'nightly');
  await mkdir(root);
});
afterEach(() => rm(folder, { recursive: true, force: true }));

describe('npm run nightly', () => {
  it('puts the books of two years in three languages and the site in a dated folder, keeping the run before', async () => {
    await earlierRun('2026-11-20', false);
    await earlierRun('2026-11-22', true);
    const config = loadConfig({ DATA_DIR: path.join(folder, 'data') });
    const site = async (_config: unknown, _now: Date, outDir: string) => {
      await mkdir(path.join(outDir, 'client', 'verzeichnis'), { recursive: true });
      await writeFile(path.join(outDir, 'client', 'index.html'), '<h1>Marktverzeichnis</h1>');
    };

    // Issue 54: a municipality's subscribed calendar is imported first; this one has no clerk to import as.
    const now = new Date('2026-11-23T10:00:00Z');
    const db = await openDatabase({ dataDir: config.DATA_DIR });
    await prepareDatabase(db, config, now);
    await db.query(
      `INSERT INTO calendar_subscriptions (gkz, url, subscribed_at) VALUES ('62219', 'https://www.hartberg.gv.at/k.ics', $1)`,
      [now],
    );
    await db.close();
    const report: string[] = [];
    const calendarDownload = () => Promise.resolve(null);
    const done = await runNightly(config, {
      outRoot: root,
      now,
      buildSite: site,
      calendarDownload,
      report: (line) => report.push(line),
    });
    expect(report).toEqual(['Calendar of 62219: no clerk to import as']);

    expect(done).toBe(path.join(root, '2026-11-23'));
    expect((await readdir(path.join(done, 'exports'))).sort()).toEqual(
      ['2026', '2027']
        .flatMap((year) =>
          ['de', 'en', 'fr'].flatMap((lang) => ['csv', 'json', 'pdf'].map((ext) => `directory-${year}-${lang}.${ext}`)),
        )
        .sort(),
    );
    expect(await readFile(path.join(done, 'site', 'index.html'), 'utf8')).toContain('Marktverzeichnis');
    expect(await readlink(path.join(root, 'latest'))).toBe('2026-11-23');
    expect((await readdir(root)).filter((name) => !name.startsWith('.')).sort()).toEqual([
      '2026-11-22',
      '2026-11-23',
      'latest',
    ]);
  });

  it('leaves the previous result intact when it is killed midway', async () => {
    await earlierRun('2000-01-01', true);
    const child = spawn(process.execPath, ['scripts/nightly.ts', '--out', root], {
      cwd: PROJECT,
      env: { ...process.env, DATA_DIR: path.join(folder, 'data') },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    let ended: string | null = null;
    const exited = new Promise((resolve) =>
      child.on('exit', (code, signal) => resolve((ended = `exit code ${code}, signal ${signal}`))),
    );
    // Midway: the first book is written, the rest is not.
    const partialExports = async () => {
      const partial = (await readdir(root)).find((name) => name.endsWith('.partial'));
      return partial ? await readdir(path.join(root, partial, 'exports')).catch(() => []) : [];
    };
    const deadline = Date.now() + 60_000;
    while (!ended && (await partialExports()).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const before = `the run wrote no book (${ended ?? 'still running after a minute'}); it said: ${said}`;
    expect((await partialExports()).length, before).toBeGreaterThan(0);
    process.kill(-child.pid!, 'SIGKILL');
    await exited;

    expect(await readlink(path.join(root, 'latest'))).toBe('2000-01-01');
    expect(await readFile(path.join(root, 'latest', 'exports', 'marker.txt'), 'utf8')).toBe('2000-01-01');
    expect((await readdir(root)).filter((name) => !name.startsWith('.')).sort()).toEqual(['2000-01-01', 'latest']);
    expect(existsSync(path.join(root, '.latest.new'))).toBe(false);
  }, 90_000);
});
