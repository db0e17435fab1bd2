import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from '../scripts/free-port.ts';

const DEBIAN_POSTGRES = '/usr/lib/postgresql';

export interface ThrowawayPostgres {
  /** postgres://… of the cluster's `postgres` database (superuser, trust on loopback). */
  url: string;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL cluster of its own in `folder`, on loopback and a free port, as .ci/run starts one:
 * Debian's newest installed server, run as the `postgres` user when we are root. It keeps
 * PostgreSQL's defaults (fsync and synchronous commit on), so saves cost what they cost in
 * production. Answers why not when PostgreSQL is not installed.
 */
export async function startThrowawayPostgres(folder: string): Promise<ThrowawayPostgres | { missing: string }> {
  const versions = existsSync(DEBIAN_POSTGRES)
    ? readdirSync(DEBIAN_POSTGRES)
        .filter((version) => existsSync(join(DEBIAN_POSTGRES, version, 'bin', 'initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  if (!newest) return { missing: `PostgreSQL is not installed (apt-get install postgresql; ${DEBIAN_POSTGRES}/*/bin)` };
  const bin = join(DEBIAN_POSTGRES, newest, 'bin');
  // PostgreSQL refuses to run as root: as root, its own user runs it.
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, program), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, program), args, { stdio: 'pipe' });
  const data = join(folder, 'postgres');
  // A folder from mkdtemp is its owner's alone: the postgres user must pass through it.
  if (asRoot) chmodSync(folder, 0o711);
  mkdirSync(data, { recursive: true, mode: 0o700 });
  if (asRoot) chownSync(data, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), -1);
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(data, 'server.log'),
    '-o',
    `-p ${port} -k ${data} -c listen_addresses=127.0.0.1 -c max_connections=200`,
    '-w',
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      const args = ['-D', data, '-m', 'fast', 'stop'];
      if (asRoot) spawnSync('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args], { stdio: 'ignore' });
      else spawnSync(join(bin, 'pg_ctl'), args, { stdio: 'ignore' });
      await rm(data, { recursive: true, force: true });
    },
  };
}
