import path from 'node:path';
import { parseArgs } from 'node:util';
import { runNightly } from '../src/export/nightly.ts';
import { loadConfig, type Config } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { insertNightlyRun } from '../src/server/db/queries/nightly-runs.ts';
import { restrictFileModes } from '../src/server/file-modes.ts';

/**
 * `npm run nightly [-- --out DIR]`: this year's and next year's books in every language and the
 * static directory into DIR/<date>/ (default DATA_DIR/nightly), then DIR/latest points there.
 * On failure it says why, exits 1, and the previous result stays as it was. Either way its report
 * goes into the database too, where the operator's console shows it (issue 22).
 */
const startedAt = new Date();
const started = performance.now();
let outRoot = '';
let config: Config | null = null;
const lines: string[] = [];
const report = (line: string, error = false) => {
  lines.push(line);
  (error ? console.error : console.log)(line);
};
let ok = false;
try {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  config = loadConfig();
  for (const warning of restrictFileModes(config.DATA_DIR)) report(warning, true);
  outRoot = path.resolve(values.out ?? path.join(config.DATA_DIR, 'nightly'));
  const folder = await runNightly(config, { outRoot, report: (line) => report(line) });
  report(`Nightly run done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${folder}`);
  ok = true;
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  report(`Nightly run failed: ${reason}`, true);
  if (outRoot) report(`The previous result in ${path.join(outRoot, 'latest')} is unchanged.`, true);
}
await recordRun(config);
if (!ok) process.exit(1);

/** The report for the console; a database that cannot be reached is said, not fatal, here. */
async function recordRun(settings: Config | null): Promise<void> {
  if (!settings) return;
  try {
    const db = await openDatabase({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
    try {
      await insertNightlyRun(db, { startedAt, finishedAt: new Date(), ok, output: lines.join('\n') });
    } finally {
      await db.close();
    }
  } catch (error) {
    console.error(`The run's report could not be stored for the console: ${String(error)}`);
  }
}
