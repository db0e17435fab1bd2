import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = process.env['E2E_PORT'] ?? '4391';
/**
 * The server's data folder, set once in the runner's environment so the test workers (which load
 * this file again) see the same folder and can read the mails in its outbox.
 */
const dataDir = (process.env['E2E_DATA_DIR'] ??= mkdtempSync(path.join(tmpdir(), 'portal-e2e-')));
const baseURL = `http://127.0.0.1:${port}`;

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the built portal,
 * started on its own embedded database with demo data. `npm run build` runs before (npm test).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL,
    // The portal's visitors are Austrian: their browsers ask for German (the home page follows it).
    locale: 'de-AT',
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The staff addresses of the account journeys are allowed first, as an operator would; then
    // the provider's operator is made (issue 22).
    command:
      'node scripts/admin.ts import-allowed tests/e2e/allowed-staff.csv && node tests/e2e/seed-operator.ts && node src/server/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: baseURL,
      SEED_DEMO: '1',
    },
  },
});
