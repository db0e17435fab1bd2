import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countMarkets } from '../../lib/directory/listing.ts';
import { precompressSite, type PrecompressReport } from '../compression/precompress.ts';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { readPublished, type Published } from '../db/published.ts';
import { prepareDatabase, type Prepared } from '../prepare-database.ts';
import { marketImageFiles, publishMarketImages } from './market-images.ts';
import { photoDirOf } from '../photos/photo-store.ts';
import { directoryOf, imageAddressesOf } from './read-directory.ts';
import { BuildError } from './build-error.ts';

/** Where `npm run build` goes; the server serves it from there (http/pages.ts). */
export const DIST_DIR = fileURLToPath(new URL('../../../dist/', import.meta.url));

/** Astro's pages read the directory snapshot from this file (src/components/directory/load.ts). */
export const DIRECTORY_FILE_VARIABLE = 'DIRECTORY_FILE';

export interface BuildReport extends Prepared {
  markets: number;
  images: { copied: number; failed: number };
  compressed: PrecompressReport;
  seconds: { read: number; pages: number; compress: number };
}

/**
 * `npm run build` (and `npm start`): the portal's pages, without the directory, which the running
 * portal publishes itself from the database (publisher.ts, issue 17); every text file
 * pre-compressed for the server to send as is. Needs no database.
 */
export async function buildPortal(outDir = DIST_DIR): Promise<{ seconds: number; compressed: PrecompressReport }> {
  const started = performance.now();
  runAstroBuild({ ASTRO_OUT_DIR: outDir });
  const compressed = await precompressSite(path.join(outDir, 'client'));
  return { seconds: (performance.now() - started) / 1000, compressed };
}

/**
 * The complete static copy (the nightly run's `site/`, for a CDN or mirror; the bench's build
 * time): reads the public directory from the database (filling an empty one first, as the server
 * does), copies the market images, renders every page in three languages (the search page's form
 * asks the portal: a CDN runs no search), and last pre-compresses every text file. The embedded
 * database must not be held by a running portal meanwhile.
 */
export async function buildSite(
  config: Config,
  now = new Date(),
  outDir = DIST_DIR,
  images: 'fetch' | 'copies only' = 'fetch',
): Promise<BuildReport> {
  const started = performance.now();
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  let prepared: Prepared;
  let published: Published;
  try {
    prepared = await prepareDatabase(db, config, now);
    published = await readPublished(db);
  } finally {
    await db.close();
  }
  // Visitors' browsers load market images from the portal, never from a third party.
  const imageCache = marketImageCache(config);
  const download = images === 'fetch' ? undefined : 'copies only';
  const { files, ...copies } = await marketImageFiles(imageAddressesOf(published), imageCache, download);
  const directory = directoryOf(published, now, { imageFiles: files });
  const read = performance.now();

  const folder = mkdtempSync(path.join(tmpdir(), 'directory-'));
  try {
    const file = path.join(folder, 'directory.json');
    writeFileSync(file, JSON.stringify(directory));
    // astro.config.mjs takes the output folder from ASTRO_OUT_DIR (benchmarks build elsewhere).
    // astro.config.mjs pre-renders the directory's routes only then.
    runAstroBuild({ [DIRECTORY_FILE_VARIABLE]: file, ASTRO_OUT_DIR: outDir, DIRECTORY_STATIC: '1' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const pages = performance.now();

  await publishMarketImages(directory, imageCache, path.join(outDir, 'client'), photoDirOf(config.DATA_DIR));
  const compressed = await precompressSite(path.join(outDir, 'client'));
  const done = performance.now();

  const markets = countMarkets(directory.states.flatMap((state) => state.districts));
  return {
    ...prepared,
    markets,
    images: copies,
    compressed,
    seconds: {
      read: (read - started) / 1000,
      pages: (pages - read) / 1000,
      compress: (done - pages) / 1000,
    },
  };
}

export function marketImageCache(config: Config): string {
  return path.join(config.DATA_DIR, 'market-images');
}

function runAstroBuild(environment: Record<string, string>): void {
  // The bin is not among astro's exports; its package.json is.
  const astro = fileURLToPath(new URL('bin/astro.mjs', import.meta.resolve('astro/package.json')));
  const result = spawnSync(process.execPath, [astro, 'build'], {
    stdio: 'inherit',
    env: { ...process.env, ...environment, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new BuildError('Building the pages failed (see above).');
}
