import { pgliteTemplate } from '../../setup/pglite-template.ts';

/**
 * Issue 51: every worker's portal begins from one embedded database made per run, migrated and
 * given the master data (as Vitest's test files do), instead of making its own with initdb.
 * Playwright hands its workers this process's environment.
 */
export default async function globalSetup(): Promise<void> {
  process.env['E2E_TEMPLATE'] = await pgliteTemplate();
}
