import path from 'node:path';
import { parseArgs } from 'node:util';
import { runNightly } from '../src/export/nightly.ts';
import { loadConfig } from '../src/server/config.ts';
import { restrictFileModes } from '../src/server/file-modes.ts';

/**
 * `npm run nightly [-- --out DIR]`: this year's and next year's books in every language and the
 * static directory into DIR/<date>/ (default DATA_DIR/nightly), then DIR/latest points there.
 * On failure it says why, exits 1, and the previous result stays as it was.
 */
const started = performance.now();
let outRoot = '';
try {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  for (const warning of restrictFileModes(config.DATA_DIR)) console.warn(warning);
  outRoot = path.resolve(values.out ?? path.join(config.DATA_DIR, 'nightly'));
  const folder = await runNightly(config, { outRoot });
  console.log(`Nightly run done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${folder}`);
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`Nightly run failed: ${reason}`);
  if (outRoot) console.error(`The previous result in ${path.join(outRoot, 'latest')} is unchanged.`);
  process.exit(1);
}
