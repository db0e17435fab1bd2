import { pgliteTemplate } from './pglite-template.ts';

/**
 * `npm test` makes the run's database template here, beside lint, types and the build, where a
 * core is free for most of that phase; Vitest's global setup and Playwright's then find it made.
 * On a fresh clone Vitest's run had begun with it alone on one core for about 20 s (issue 51).
 * package.json runs it with `--liftoff-only`, as the portal runs the embedded database (decision
 * record 0024): V8's optimizing compiler took 6 of the 14 CPU-s of making it once.
 */
await pgliteTemplate();
