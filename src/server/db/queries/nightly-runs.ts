import type { Queryable } from '../database.ts';

/** The nightly run's report, for the console (issue 22); only the latest few are kept. */
export interface NightlyRun {
  started_at: string;
  finished_at: string;
  ok: boolean;
  output: string;
}

export async function insertNightlyRun(
  db: Queryable,
  run: { startedAt: Date; finishedAt: Date; ok: boolean; output: string },
): Promise<void> {
  await db.query('INSERT INTO nightly_runs (started_at, finished_at, ok, output) VALUES ($1, $2, $3, $4)', [
    run.startedAt,
    run.finishedAt,
    run.ok,
    run.output.slice(0, 20_000),
  ]);
  await db.query('DELETE FROM nightly_runs WHERE id <= (SELECT max(id) - 30 FROM nightly_runs)');
}

export async function readLastNightlyRun(db: Queryable): Promise<NightlyRun | null> {
  const [row] = await db.query<NightlyRun>(
    `SELECT to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS started_at,
       to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS finished_at, ok, output
     FROM nightly_runs ORDER BY id DESC LIMIT 1`,
  );
  return row ?? null;
}
