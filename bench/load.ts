import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startPortal } from '../scripts/portal-process.ts';
import { dropAnswerBodies } from './answer-bodies.ts';
import { appRefreshes } from './app-refresh.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { startThread } from '../src/server/thread.ts';
import { prepareDatabase } from '../src/server/prepare-database.ts';
import { generateMarkets } from '../src/server/demo/austria-scale.ts';
import { createEditors } from './editors.ts';
import type { Editor, EditorOutcome } from './load-editor.ts';
import { builtPages, directoryPages, searchPages } from './load-pages.ts';
import { lostSaves } from './lost-saves.ts';
import { machineBusy } from './machine-busy.ts';
import { describeMemory, watchProcessMemory } from './process-memory.ts';
import { watchPublishing } from './publish-watch.ts';
import { describeTimesToPublic, secondsShown, timesToPublic, watchMarketPages } from './save-to-public.ts';
import { figuresOf, type EditorFigures, type Figures } from './load-figures.ts';

/**
 * `npm run load`: the portal under the load a public service meets, on loopback. Readers fetch
 * the two content calls (gzip, as the app does) and the public pages; logged-in editors, each on
 * one connection in their own municipality, save their market and its dates one after another.
 * Afterwards every acknowledged save is compared with the database. Prints throughput, p50/p99
 * latency and errors per group, how long a save takes to show on its public page (save-to-public.ts)
 * and the portal's resident memory (process-memory.ts); exits 1 on any error, lost save, or any
 * figure over its budget.
 *
 *   npm run load -- [--seconds 60] [--readers 200] [--editors 50] [--markets 0] [--database-url URL]
 *                   [--cpu-profile DIR]
 *
 * --markets adds that many generated markets (Austria scale is 6000); --database-url runs on an
 * empty PostgreSQL database instead of a fresh embedded one; --cpu-profile writes the portal's CPU
 * profile into DIR (open it in Chromium's DevTools). Needs the built pages (`npm run build`).
 */
/** Issue 18: p99 budgets per group (ms). */
const P99_BUDGETS_MS = { 'content calls': 250, 'public pages': 250, editors: 500 };
/** Issue 50: a save is on its public page within 10 s at p95, and the portal stays below 800 MB resident. */
const PUBLIC_P95_BUDGET_S = 10;
const MEMORY_BUDGET_MB = 800;
/**
 * Apps hold the content and ask again as docs/api.md says: with the ETag they hold, for what
 * changed since (a 304 when nothing did). A few connections install the app meanwhile, fetching the
 * whole answers; they are reported but not held to the budget: 100 connections each fetching 2.2 MB
 * over and over cannot be served within 250 ms on two cores by any server (decision record 0024,
 * "The load test's own design").
 */
const INSTALLS = 2;

dropAnswerBodies(); // the readers read no body, and autocannon would decode each into text

/**
 * The pages one after another, shared by all page readers: one request that picks its path, since
 * autocannon makes every request of its list ready for each connection at the start (3,000 pages
 * for 100 connections held its thread for seconds, and that was timed in the first answers).
 */
function pageReading(paths: readonly string[]): autocannon.Request {
  let next = 0;
  return {
    method: 'GET',
    setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }),
  };
}

/** Directory pages the page readers ask for, drawn from the live sitemap (more than the portal's page cache holds). */
const DIRECTORY_SAMPLE = 3000;
const CONTENT_PATHS = ['/api/get_content/1', '/api/get_content_stops/1'];

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    readers: { type: 'string', default: '200' },
    editors: { type: 'string', default: '50' },
    markets: { type: 'string', default: '0' },
    'database-url': { type: 'string' },
    'cpu-profile': { type: 'string' },
  },
});
const seconds = Number(options.seconds);
const readerCount = Number(options.readers);
const editorCount = Number(options.editors);
const extraMarkets = Number(options.markets);
const databaseUrl = options['database-url'];
if (!(seconds > 0 && readerCount >= 2 && editorCount >= 1)) {
  console.error('--seconds must be above 0, --readers at least 2 and --editors at least 1.');
  process.exit(1);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const pagesFolder = join(root, 'dist', 'client');
if (!existsSync(pagesFolder)) {
  console.error('The built pages are missing: run `npm run build` first.');
  process.exit(1);
}
await mkdir(join(root, '.bench'), { recursive: true });
const work = await mkdtemp(join(root, '.bench', 'load-'));
const dataDir = join(work, 'data');

try {
  const db = await openDatabase({ databaseUrl, dataDir });
  let editors: Editor[];
  try {
    const [used] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM markets');
    if (databaseUrl && used?.n)
      throw new Error('--database-url must name an empty database: the load test writes to it.');
    await prepareDatabase(db, loadConfig({ SEED_DEMO: '1', DATA_DIR: dataDir }), new Date());
    if (extraMarkets > 0) await generateMarkets(db, { markets: extraMarkets, datesPerMarket: 10, year: 2027, seed: 7 });
    editors = await createEditors(db, editorCount);
    const [size] = await db.query<{ markets: number; dates: number }>(
      'SELECT (SELECT count(*)::int FROM markets) AS markets, (SELECT count(*)::int FROM market_dates) AS dates',
    );
    console.log(`Data: ${size?.markets} markets, ${size?.dates} dates; ${editors.length} editors with a session.`);
  } finally {
    await db.close();
  }

  const profile = options['cpu-profile'];
  const portal = startPortal(
    dataDir,
    { SEED_DEMO: '0', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
  );
  process.once('exit', () => void portal.stop()); // never leave the server behind, whatever fails
  const portalMemory = watchProcessMemory(portal.pid);
  const url = await portal.url;
  const pagePaths = [
    ...(await builtPages(pagesFolder)),
    ...(await directoryPages(url, DIRECTORY_SAMPLE)),
    ...searchPages(),
  ];
  const held: Record<string, string> = {}; // the ETags of the content an app holds
  for (const path of [...CONTENT_PATHS, ...pagePaths]) {
    const response = await fetch(url + path); // warms the caches
    if (CONTENT_PATHS.includes(path)) held[path] = response.headers.get('etag') ?? '';
    await response.arrayBuffer();
  }

  const contentReaders = Math.ceil(readerCount / 2);
  console.log(
    `Load for ${seconds} s on ${url}: ${contentReaders} apps refreshing the content and ${INSTALLS} installing ` +
      `it, ${readerCount - contentReaders} readers of ${pagePaths.length} public pages, ${editors.length} editors saving.\n`,
  );
  const readerHeaders = { 'accept-encoding': 'gzip', 'accept-language': 'de-AT,de;q=0.9' };
  // autocannon times each answer on this process's thread: while it is busy, every answer waiting
  // meanwhile is timed longer than the server took (so the clerks have a thread of their own).
  const clerks = clerksOnTheirThread(url, editors);
  await clerks.warm;
  const ownLoop = monitorEventLoopDelay({ resolution: 10 });
  ownLoop.enable();
  const publishing = watchPublishing(url, seconds);
  const pagesWatch = watchMarketPages(
    url,
    editors.map((editor) => editor.market.id),
    seconds,
  );
  const busy = machineBusy(seconds);
  const [content, installs, pages, saved] = await Promise.all([
    autocannon({
      url,
      connections: contentReaders,
      duration: seconds,
      headers: readerHeaders,
      requests: appRefreshes(CONTENT_PATHS, held),
    }),
    autocannon({
      url,
      connections: INSTALLS,
      duration: seconds,
      headers: readerHeaders,
      requests: CONTENT_PATHS.map((path) => ({ method: 'GET', path })),
    }),
    autocannon({
      url,
      connections: readerCount - contentReaders,
      duration: seconds,
      headers: readerHeaders,
      requests: [pageReading(pagePaths)],
    }),
    clerks.run(),
  ]);
  ownLoop.disable();
  const published = await publishing;
  const { figures: editing, outcomes } = saved;
  const toPublic = timesToPublic(await pagesWatch, outcomes);
  const memory = await portalMemory.stop();
  await portal.stop();

  const problems: string[] = [];
  // Issue 15, M9: the load of honest readers and editors should cause no security events.
  console.log(`Security log: ${portal.securityLines()} lines during the load.`);
  const groups = { 'content calls': figuresOf(content), 'public pages': figuresOf(pages), editors: editing };
  for (const [group, figures] of Object.entries(groups)) console.log(line(group, figures, problems));
  for (const [part, figures] of [
    ['saves', editing.saves],
    ['own content reads', editing.ownReads],
  ] as const)
    console.log(
      `  of which ${part}: ${figures.requests}, p50 ${figures.p50} ms, p99 ${figures.p99} ms, max ${figures.max} ms`,
    );
  console.log(line('installs', figuresOf(installs), problems));
  console.log(
    `The public directory: ${published.publishes} new versions published during the load; ` +
      `at most ${(published.longestGapMs / 1000).toFixed(1)} s between two (issue 17: a change is public within a minute).`,
  );
  console.log(describeTimesToPublic(toPublic));
  if (toPublic.failures > 0) problems.push(`${toPublic.failures} fetches of a watched market page not answered 200`);
  if (toPublic.count === 0) problems.push('no save was measured on its public page');
  if (memory) console.log(describeMemory(memory));

  console.log('');
  const budget = (what: string, value: number, shown: string, limit: number, unit: string) => {
    console.log(`${what}: ${shown} ${unit} (budget < ${limit} ${unit}: ${value < limit ? 'OK' : 'OVER'})`);
    if (!(value < limit)) problems.push(`${what} ${shown} ${unit}`);
  };
  for (const [group, figures] of Object.entries(groups))
    budget(`${group} p99`, figures.p99, String(figures.p99), P99_BUDGETS_MS[group as keyof typeof groups], 'ms');
  budget('save on its public page p95', toPublic.p95, secondsShown(toPublic, toPublic.p95), PUBLIC_P95_BUDGET_S, 's');
  if (memory) budget('portal memory peak', memory.peak, memory.peak.toFixed(0), MEMORY_BUDGET_MB, 'MB');
  const ms = (nanoseconds: number) => (nanoseconds / 1e6).toFixed(0);
  console.log(
    `The load generator's own thread: delay p50 ${ms(ownLoop.percentile(50))} ms, p99 ${ms(ownLoop.percentile(99))} ms, ` +
      `max ${ms(ownLoop.max)} ms (counted in the latencies above).`,
  );
  console.log(
    `The machine's ${cpus().length} cores: ${(100 * (await busy)).toFixed(0)} % busy during the load ` +
      `(the portal, its database, the readers and the clerks together).`,
  );
  for (const editor of outcomes) problems.push(...editor.refusals);

  const lost = await lostSaves({ databaseUrl, dataDir }, outcomes);
  const acknowledged = outcomes.reduce((sum, editor) => sum + editor.acknowledged, 0);
  console.log(`Acknowledged saves: ${acknowledged}; not in the database exactly as sent: ${lost.length}`);
  problems.push(...lost);

  if (problems.length > 0) {
    console.error(`\nFAILED:\n  ${problems.slice(0, 20).join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nOK: no errors, no lost saves.');
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

/**
 * The clerks on a thread of their own (bench/load-editors-worker.ts): `warm` once they have saved
 * for a few seconds untimed; `run` starts the timed load and answers what they saved.
 */
function clerksOnTheirThread(url: string, editors: readonly Editor[]) {
  const worker = startThread(new URL('./load-editors-worker.ts', import.meta.url), {
    workerData: { url, seconds, seeds: editors.map((editor) => editor.seed) },
  });
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  const warm = Promise.race([new Promise<void>((resolve) => worker.once('message', () => resolve())), failed]);
  return {
    warm,
    run: (): Promise<{ figures: EditorFigures; outcomes: EditorOutcome[] }> => {
      const done = new Promise<{ figures: EditorFigures; outcomes: EditorOutcome[] }>((resolve) =>
        worker.once('message', resolve),
      );
      worker.postMessage('go');
      return Promise.race([done, failed]);
    },
  };
}

function line(group: string, figures: Figures, problems: string[]): string {
  const failed = figures.errors + figures.timeouts + figures.refused;
  if (failed > 0)
    problems.push(
      `${group}: ${figures.errors} errors, ${figures.timeouts} timeouts, ${figures.refused} answers 4xx or 5xx`,
    );
  const perSecond = (figures.requests / seconds).toFixed(0);
  const megabytes = (figures.bytes / seconds / 1e6).toFixed(1);
  return (
    `${group.padEnd(15)} ${String(figures.requests).padStart(7)} requests, ${perSecond.padStart(5)}/s, ` +
    `${megabytes} MB/s; latency p50 ${figures.p50} ms, p99 ${figures.p99} ms, max ${figures.max} ms; ` +
    `errors ${figures.errors}, timeouts ${figures.timeouts}, 304 ${figures.notModified}, 4xx/5xx ${figures.refused}`
  );
}
