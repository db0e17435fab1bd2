import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/server/config.ts';
import { buildSite } from '../src/server/directory/build-site.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { importBundledMasterDataIfEmpty } from '../src/server/master-data/import.ts';
import { AUSTRIA, generateMarkets } from '../src/server/demo/austria-scale.ts';

/**
 * `npm run bench`: the static build of the whole directory in three languages at Austria scale
 * (all municipalities, 6,000 markets, 60,000 dates). Budget: under 3 minutes on 2 cores.
 * Builds into a temporary folder under .bench/, so the portal's own build in dist/ stays as it
 * was; inside the project, because the built server chunks resolve packages from node_modules/.
 */
const BUDGET_SECONDS = 180;
const benchFolder = fileURLToPath(new URL('../.bench/', import.meta.url));
await mkdir(benchFolder, { recursive: true });
const work = await mkdtemp(join(benchFolder, 'build-'));
try {
  const dataDir = join(work, 'data');
  const db = await openDatabase({ dataDir });
  await importBundledMasterDataIfEmpty(db);
  const filling = performance.now();
  const made = await generateMarkets(db, { ...AUSTRIA, year: new Date().getFullYear() });
  console.log(
    `Generated ${made.markets} markets with ${made.dates} dates in ${((performance.now() - filling) / 1000).toFixed(1)} s.`,
  );
  await db.close();

  const started = performance.now();
  const report = await buildSite(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0' }), new Date(), join(work, 'dist'));
  const seconds = (performance.now() - started) / 1000;
  const pages = await countPages(join(work, 'dist', 'client'));
  console.log(
    `\nBuild of the directory at Austria scale: ${report.markets} markets, ${pages} HTML pages in ${seconds.toFixed(1)} s ` +
      `(reading ${report.seconds.read.toFixed(1)} s, pages ${report.seconds.pages.toFixed(1)} s, search ${report.seconds.search.toFixed(1)} s); ` +
      `budget ${BUDGET_SECONDS} s: ${seconds < BUDGET_SECONDS ? 'OK' : 'OVER'}`,
  );
  if (seconds >= BUDGET_SECONDS) process.exitCode = 1;
} finally {
  await rm(work, { recursive: true, force: true });
}

async function countPages(folder: string): Promise<number> {
  const entries = await readdir(folder, { recursive: true });
  return entries.filter((name) => name.endsWith('.html')).length;
}
