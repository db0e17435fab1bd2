import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the built portal
 * (`npm run build` runs before, in npm test). Each worker starts a portal of its own, on its own
 * embedded database with the demo data (tests/e2e/helpers/portal.ts), so workers run side by side.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/helpers/global-setup.ts',
  // On two cores the browser and the portals take all of both: a second worker saved nothing there
  // (658 s either way) and made a test time out. A larger machine, or E2E_WORKERS, runs more.
  workers: Number(process.env['E2E_WORKERS'] ?? Math.max(1, availableParallelism() - 1)),
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  use: {
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
});
