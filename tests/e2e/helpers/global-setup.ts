import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SERVE_FLAGS } from '../../../scripts/portal-process.ts';
import { pgliteTemplate } from '../../setup/pglite-template.ts';

const run = promisify(execFile);

/**
 * Issue 51: every worker's portal begins from one data folder made per run: the embedded database
 * begun from the tests' template (migrated, with the master data, as Vitest's test files begin),
 * then seeded (seed-portal.ts), and each worker copies it (helpers/portal.ts). Seeding once, not
 * once per worker, saves a worker's start 9 s of a core, most of it the demo photo's AVIF. The seed
 * runs with the portal's Node flags (`npm run serve`): its one use of the embedded database gains
 * nothing from V8's optimizing compiler (10.3 → 7.8 CPU-s).
 * Playwright hands its workers this process's environment.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  process.env['E2E_TEMPLATE'] = await pgliteTemplate();
  const seeded = await mkdtemp(path.join(tmpdir(), 'portal-e2e-seeded-'));
  await run(process.execPath, [...SERVE_FLAGS, 'tests/e2e/seed-portal.ts'], {
    env: { ...process.env, DATA_DIR: seeded },
  });
  process.env['E2E_SEEDED'] = seeded;
  return () => rm(seeded, { recursive: true, force: true });
}
