import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { SERVE_ENV, SERVE_FLAGS } from '../../../scripts/portal-process.ts';

export { expect } from '@playwright/test';

/** The portal one worker's tests run against. */
export interface Portal {
  url: string;
  /** Its DATA_DIR: the mails it sends are in its outbox (helpers/outbox.ts). */
  dataDir: string;
}

/**
 * Issue 51: each Playwright worker starts a portal of its own (the built one, as `npm run serve`
 * starts it, on its own embedded database with the demo data, on a free port), so tests of two
 * workers never see each other's saves, sessions, mails or rate limits, and the suite runs on as
 * many workers as the cores allow.
 * Before it starts, its data folder is copied from the one the run seeded once (global-setup.ts):
 * the database with the staff addresses of the account journeys, the demo data and its photo, the
 * provider's operator (issue 22) and a date running today (issue 53) (seed-portal.ts).
 */
export const test = base.extend<object, { portal: Portal }>({
  portal: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this pattern
    async ({}, use) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const env = {
        ...process.env,
        ...SERVE_ENV,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_BASE_URL: url,
      };
      await cp(process.env['E2E_SEEDED']!, dataDir, { recursive: true });
      const server = spawn(process.execPath, [...SERVE_FLAGS, 'src/server/main.ts'], {
        env: { ...env, SEED_DEMO: '1' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      try {
        await untilHealthy(url, server);
        process.env['E2E_DATA_DIR'] = dataDir; // this worker's outbox
        await use({ url, dataDir });
      } finally {
        server.kill();
        if (server.exitCode === null) await once(server, 'exit');
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.url),
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function untilHealthy(url: string, server: ChildProcess): Promise<void> {
  for (let waited = 0; server.exitCode === null && waited < 170_000; waited += 250) {
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The portal at ${url} did not start.`);
}
