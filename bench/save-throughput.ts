import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startPortal } from '../scripts/portal-process.ts';
import { hashPassword } from '../src/server/auth/passwords.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { prepareDatabase } from '../src/server/prepare-database.ts';
import { createEditors } from './editors.ts';
import { machineBusy } from './machine-busy.ts';
import { runClerks } from './run-clerks.ts';
import { startThrowawayPostgres } from './throwaway-postgres.ts';

/**
 * Issue 18, scale-out: how many saves a second the portal takes on PostgreSQL with one process
 * and with two (goal: two take at least 1.6 times as many). Clerks as in `npm run load`: each logs
 * in through the HTTP API and saves their own municipality's market and dates, one save after the
 * other on one connection, now and then reading their content back; with two processes the
 * clerks are spread over both. Each figure runs on a new database of the same PostgreSQL server.
 *
 *   npm run bench:saves -- [--seconds 15] [--editors 50]
 *
 * Uses the PostgreSQL server of DATABASE_URL when set (it makes and drops databases of its own
 * there), else a throwaway cluster of Debian's PostgreSQL. Needs `npm run build`.
 */
export const SCALE_OUT_GOAL = 1.6;
const PASSWORD = 'Lastprobe-am-Hauptplatz-2027';

export interface SaveThroughput {
  processes: number;
  saves: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** How busy the machine's cores were meanwhile (0–1), portal, database and clerks together. */
  busy: number;
  /** Refused or unanswered saves, and reads that missed an acknowledged save: none are expected. */
  problems: string[];
}

export interface ThroughputOptions {
  editors: number;
  seconds: number;
}

/** Saves a second with `processes` portal processes on a new database of the server of `adminUrl`. */
export async function measureSaveThroughput(
  adminUrl: string,
  work: string,
  processes: number,
  { editors: editorCount, seconds }: ThroughputOptions,
): Promise<SaveThroughput> {
  const name = `bench_saves_${processes}_${randomBytes(4).toString('hex')}`;
  await onServer(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const db = await openDatabase({ databaseUrl, dataDir: null });
  const portals = Array.from({ length: processes }, (_, index) =>
    startPortal(join(work, `data-${processes}-${index}`), { DATABASE_URL: databaseUrl, SEED_DEMO: '0' }),
  );
  try {
    await prepareDatabase(db, loadConfig({ SEED_DEMO: '0' }), new Date());
    const urls = await Promise.all(portals.map((portal) => portal.url));
    const passwordHash = await hashPassword(PASSWORD);
    const editors = await createEditors(db, editorCount, {
      passwordHash,
      logIn: (email, index) => logIn(urls[index % processes]!, email),
    });
    const [all, busy] = await Promise.all([runClerks(urls, editors, seconds), machineBusy(seconds)]);
    const saves = editors.reduce((sum, editor) => sum + editor.acknowledged, 0);
    return {
      processes,
      saves,
      perSecond: saves / seconds,
      p50: all.p50,
      p99: all.p99,
      busy,
      problems: editors.flatMap((editor) => editor.refusals),
    };
  } finally {
    await Promise.all(portals.map((portal) => portal.stop()));
    await db.close();
    await onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/**
 * The figures with one and with two processes, as `npm run bench` prints them; `belowGoal` when
 * two processes take fewer than SCALE_OUT_GOAL times the saves of one, or a save went wrong.
 */
export async function reportSaveThroughput(
  work: string,
  options: ThroughputOptions = { editors: 50, seconds: 15 },
): Promise<{ lines: string[]; belowGoal: boolean }> {
  const given = process.env['DATABASE_URL'];
  const cluster = given ? { url: given, stop: async () => {} } : await startThrowawayPostgres(work);
  if ('missing' in cluster)
    return { lines: [`Save throughput on PostgreSQL: not measured, ${cluster.missing}.`], belowGoal: false };
  try {
    const one = await measureSaveThroughput(cluster.url, work, 1, options);
    const two = await measureSaveThroughput(cluster.url, work, 2, options);
    const factor = two.perSecond / one.perSecond;
    const problems = [...one.problems, ...two.problems];
    const figure = (run: SaveThroughput) =>
      `${run.processes} process${run.processes > 1 ? 'es' : ''} ${run.perSecond.toFixed(1)} saves/s ` +
      `(${run.saves} in ${options.seconds} s, p50 ${run.p50} ms, p99 ${run.p99} ms, ` +
      `the ${cpus().length} cores ${(100 * run.busy).toFixed(0)} % busy)`;
    const belowGoal = factor < SCALE_OUT_GOAL || problems.length > 0;
    return {
      lines: [
        `Save throughput on PostgreSQL${given ? '' : ' (a throwaway cluster, fsync on)'}, ${options.editors} clerks saving through the HTTP API:`,
        `  ${figure(one)}; ${figure(two)}: ${factor.toFixed(2)}× (goal ≥ ${SCALE_OUT_GOAL}×: ${factor >= SCALE_OUT_GOAL ? 'OK' : 'BELOW'})`,
        ...problems.slice(0, 10).map((problem) => `  problem: ${problem}`),
      ],
      belowGoal,
    };
  } finally {
    await cluster.stop();
  }
}

async function logIn(url: string, email: string): Promise<string> {
  const answer = await fetch(`${url}/api/login`, {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD }),
    headers: { 'Content-Type': 'application/json' },
  });
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('session='));
  if (answer.status !== 200 || !cookie) throw new Error(`Login of ${email} answered ${answer.status}`);
  return cookie.split(';')[0]!;
}

async function onServer(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

// Run on its own: `node bench/save-throughput.ts`.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { seconds: { type: 'string', default: '15' }, editors: { type: 'string', default: '50' } },
  });
  const benchFolder = fileURLToPath(new URL('../.bench/', import.meta.url));
  await mkdir(benchFolder, { recursive: true });
  const work = await mkdtemp(join(benchFolder, 'saves-'));
  try {
    const { lines, belowGoal } = await reportSaveThroughput(work, {
      editors: Number(values.editors),
      seconds: Number(values.seconds),
    });
    console.log(lines.join('\n'));
    if (belowGoal) process.exitCode = 1;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
