import { defineConfig } from 'vitest/config';

/**
 * Unit tests sit beside the code; API contract tests (tests/api) start the real server on a free
 * port against a real database: the embedded one always, PostgreSQL too when TEST_DATABASE_URL
 * names a server (CI starts one on loopback).
 */
const apiProject = (database: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${database}`,
    include: ['tests/api/**/*.test.ts'],
    env: { TEST_DATABASE: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
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
