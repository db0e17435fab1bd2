import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '../lib/languages.ts';
import { viennaDay } from '../lib/market-rules.ts';
import { publicBaseUrl, type Config } from '../server/config.ts';
import { createPublicDownload } from '../server/directory/public-download.ts';
import { IMPORT_LIMITS } from '../server/imports/imported-market.ts';
import { createMailer, type Mailer } from '../server/mail/mailer.ts';
import { importSubscribedCalendars } from '../server/services/calendar-subscriptions.ts';
import type { CalendarDownload } from '../server/services/imports.ts';
import { openDatabase } from '../server/db/open.ts';
import { prepareDatabase } from '../server/prepare-database.ts';
import { buildSite } from '../server/directory/build-site.ts';
import { exportDirectory } from './book/export-directory.ts';

/** Builds the static site into `outDir` (the real one runs Astro; tests pass a quicker one). */
export type SiteBuilder = (config: Config, now: Date, outDir: string) => Promise<unknown>;

export interface NightlyOptions {
  /** The folder that holds one dated folder per run and `latest`. */
  outRoot: string;
  now?: Date;
  buildSite?: SiteBuilder;
  /** Issue 54: how subscribed calendars are fetched and clerks mailed (tests give their own). */
  calendarDownload?: CalendarDownload;
  mailer?: Mailer;
  /** A line for the run's report. */
  report?: (line: string) => void;
}

/** Astro's build must run inside the project (its chunks resolve node_modules); its result is copied out. */
const BUILD_ROOT = fileURLToPath(new URL('../../.nightly/', import.meta.url));
const DATED = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `npm run nightly`: the municipalities' subscribed calendars imported (issue 54), the books of
 * this year and the next in every language, and the static directory, into `outRoot/<Vienna date>/` (`exports/`, `site/`), then `latest` points there.
 * Everything is made in a hidden `.partial` folder first and renamed into place only when whole,
 * so a run that fails or is killed leaves the previous result as it was. Of older runs, the one
 * before is kept.
 */
export async function runNightly(config: Config, options: NightlyOptions): Promise<string> {
  const now = options.now ?? new Date();
  const day = viennaDay(now);
  const year = Number(day.slice(0, 4));
  const partial = path.join(options.outRoot, `.${day}.partial`);
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });

  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await prepareDatabase(db, config, now);
    // The municipalities' calendars first, so that tonight's books hold what they brought.
    const imported = await importSubscribedCalendars({
      db,
      download: options.calendarDownload ?? createPublicDownload({ maxBytes: IMPORT_LIMITS.bytes }),
      mailer: options.mailer ?? createMailer(config),
      context: { baseUrl: publicBaseUrl(config), siteTitle: config.SITE_TITLE, providerName: config.PROVIDER_NAME },
      now,
    });
    for (const line of imported) options.report?.(`Calendar of ${line}`);
    for (const bookYear of [year, year + 1]) {
      for (const locale of LOCALES) {
        await exportDirectory(db, config, {
          year: bookYear,
          locale,
          format: 'a5',
          outDir: path.join(partial, 'exports'),
          now,
        });
      }
    }
  } finally {
    await db.close();
  }

  const build = path.join(BUILD_ROOT, `site-${process.pid}`);
  try {
    await (options.buildSite ?? buildSite)(config, now, build);
    await cp(path.join(build, 'client'), path.join(partial, 'site'), { recursive: true });
  } finally {
    await rm(build, { recursive: true, force: true });
  }

  // The result is whole: put it in place, point `latest` at it, and let go of older runs.
  const folder = path.join(options.outRoot, day);
  const replaced = path.join(options.outRoot, `.${day}.replaced`);
  if (existsSync(folder)) await rename(folder, replaced);
  await rename(partial, folder);
  const link = path.join(options.outRoot, '.latest.new');
  await rm(link, { force: true });
  await symlink(day, link);
  await rename(link, path.join(options.outRoot, 'latest'));
  await rm(replaced, { recursive: true, force: true });
  const runs = (await readdir(options.outRoot)).filter((name) => DATED.test(name)).sort();
  for (const old of runs.slice(0, -2)) await rm(path.join(options.outRoot, old), { recursive: true, force: true });
  return folder;
}
