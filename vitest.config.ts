import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The API tests whose SQL can behave otherwise on a PostgreSQL server than on the embedded one:
 * statements side by side (the embedded database runs one at a time), another driver reading the
 * rows, another collation, time zone or version. Each says why at its top (issue 51). The others
 * test what the server does above the database, and run once, on the embedded one.
 */
const ON_BOTH_DATABASES = [
  'anonymous-growth',
  'backup',
  'book-export',
  'calendar-sequence',
  'calendar-subscriptions',
  'concurrent-start',
  'content',
  'content-commit-order',
  'content-delta',
  'content-delta-merge',
  'dates-counter',
  'imports',
  'login-ceiling',
  'login-throttle',
  'markets',
  'operator',
  'operator-import',
  'own-content',
  'published-snapshot',
  'purge',
  'quotas',
  'rate-limit-growth',
  'schedules',
  'sitemap-lastmod',
  'state-budgets',
  'transactions',
  'visitor-state-depth',
  'visitor-state-numbers',
  'visitors',
];

/**
 * Unit tests sit beside the code; API contract tests (tests/api) start the real server on a free
 * port against a real database: the embedded one always, PostgreSQL too for ON_BOTH_DATABASES when
 * TEST_DATABASE_URL names a server (CI starts one on loopback).
 */
const apiProject = (database: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${database}`,
    include:
      database === 'pglite' ? ['tests/api/**/*.test.ts'] : ON_BOTH_DATABASES.map((name) => `tests/api/${name}.test.ts`),
    env: { TEST_DATABASE: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Every project's databases begin from one made per run (issue 51); what the tests write to the
    // temporary folder goes into one removed at the end of the run.
    globalSetup: ['tests/setup/temporary-folder.ts', 'tests/setup/template-databases.ts'],
    // A file per core, not Vitest's one fewer: an API file waits on its database's thread a third
    // of the time, so two files on two cores keep both busy (issue 51: 534 s → 377 s, same tests).
    maxWorkers: availableParallelism(),
    // A worker keeps the modules it loaded from one file to the next, the embedded database's
    // compiled code among them: the server keeps no state in its modules (each test starts its
    // own), and the one test that mocks a module loads the server anew (issue 51: API files
    // 303 s → 266 s, unit files 52 s → 32 s).
    isolate: false,
    projects: [
      // A few unit tests open an embedded database in their hooks: seconds on a busy 2-core runner.
      // tests/lint proves that the layer rules of eslint.config.js bite (issue 16).
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'bench/**/*.test.ts', 'tests/lint/**/*.test.ts'],
          hookTimeout: 30_000,
        },
      },
      // The real server process, started with what an operator might get wrong (needs `npm run build`).
      { test: { name: 'startup', include: ['tests/startup/**/*.test.ts'], testTimeout: 40_000 } },
      apiProject('pglite'),
      ...(process.env['TEST_DATABASE_URL'] ? [apiProject('postgres')] : []),
    ],
  },
});
