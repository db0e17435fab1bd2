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
  // A worker per core: one worker kept two cores 75 % busy, two keep them 96 % busy (issue 51, two
  // cores: 504 s -> 402 s, the same 118 tests). E2E_WORKERS sets another number.
  workers: Number(process.env['E2E_WORKERS'] ?? availableParallelism()),
  retries: 0,
  reporter: 'list',
  // Side by side each test takes up to 1.6 times as long as alone (an axe pass over the markets
  // screens 22 s): 30 s left a busy machine too little room.
  timeout: 60_000,
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
