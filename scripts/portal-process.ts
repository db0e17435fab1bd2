import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `npm run serve` as package.json gives it: the load test measures the portal as it runs. */
const SERVE = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { serve: string } }
).scripts.serve.split(' ');
/** Its environment (glibc's MALLOC_ settings) and its Node flags: the tests start the portal with them too. */
export const SERVE_ENV: Record<string, string> = Object.fromEntries(
  SERVE.filter((word) => /^[A-Z_]+=/.test(word)).map((word) => word.split('=', 2) as [string, string]),
);
export const SERVE_FLAGS = SERVE.filter((word) => word.startsWith('--'));

/**
 * The server from `npm run serve` (with its environment and Node flags, package.json) on a free port and a throwaway
 * database with the demo municipality; `env` may name another database (DATABASE_URL) or turn the
 * demo off, and `nodeOptions` go to Node itself (`npm run load -- --cpu-profile`).
 */
export function startPortal(dataDir: string, env: Record<string, string> = {}, nodeOptions: string[] = []) {
  const server = spawn(process.execPath, [...SERVE_FLAGS, ...nodeOptions, 'src/server/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    // Empty DATABASE_URL and SMTP_URL: never the developer's database or mail server.
    env: {
      ...process.env,
      ...SERVE_ENV,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      DATABASE_URL: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const url = new Promise<string>((resolve, reject) => {
    const onOutput = (chunk: Buffer) => {
      log += chunk.toString();
      const found = /portal at (http:\/\/\S+)/.exec(log)?.[1];
      if (found) resolve(found);
    };
    server.stdout.on('data', onOutput);
    server.stderr.on('data', onOutput);
    server.once('exit', () => reject(new Error(`The server stopped before it was ready:\n${log}`)));
    setTimeout(() => reject(new Error(`The server was not ready after two minutes:\n${log}`)), 120_000).unref();
  });
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill('SIGTERM');
    await once(server, 'exit');
  };
  /** The security log lines the server has written so far (issue 15, M9). */
  const securityLines = () => log.split('\n').filter((line) => line.startsWith('{"log":"security"')).length;
  return { url, stop, securityLines, pid: server.pid ?? 0 };
}
