import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = process.env['CLERK_BENCH_PORT'] ?? '4392';
const dataDir = (process.env['CLERK_BENCH_DATA_DIR'] ??= mkdtempSync(path.join(tmpdir(), 'portal-clerk-bench-')));
const baseURL = `http://127.0.0.1:${port}`;

/**
 * `npm run bench:clerk` (after `npm run build`): a clerk's "Meine Märkte" at Austria scale
 * (issue 50), in Debian's Chromium against the built portal on its own embedded database. Its own
 * project, not the e2e one: generating the 6,000 markets and starting on them takes a minute or
 * two, which every e2e run would pay.
 */
export default defineConfig({
  testDir: 'bench/clerk-screen',
  testMatch: '*.spec.ts',
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 180_000,
  use: {
    baseURL,
    locale: 'de-AT',
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
    },
  },
  webServer: {
    command: 'node bench/clerk-screen/seed-clerk.ts && node src/server/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 600_000,
    stdout: 'pipe',
    env: { PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_BASE_URL: baseURL, SEED_DEMO: '0' },
  },
});
