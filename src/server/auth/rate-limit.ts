import type { Queryable } from '../db/database.ts';
import { attemptsInWindow, countAttempt, deleteCounter, takeBackAttempt } from '../db/queries/rate-limits.ts';

export interface Limit {
  /** What is counted, e.g. `login:pair:clerk@gemeinde.at|203.0.113.9`. */
  key: string;
  attempts: number;
  windowSeconds: number;
}

/** Counters are kept no longer than this, well past the longest window (an hour): they hold IP addresses. */
export const COUNTER_RETENTION_SECONDS = 24 * 60 * 60;

/**
 * Counts one attempt in a fixed window kept in the database (so every server process sees it).
 * Answers the seconds to wait when the limit is passed, else null. Old counters are deleted by
 * the scheduled purge (housekeeping.ts), not here.
 */
export async function hitLimit(db: Queryable, limit: Limit, now: Date): Promise<number | null> {
  const row = await countAttempt(db, limit.key, now, limit.windowSeconds);
  if (!row || row.attempts <= limit.attempts) return null;
  return secondsLeft(row.window_started_at, limit.windowSeconds, now);
}

/** The attempts counted in the window so far (0 when none). */
export async function attemptsSoFar(db: Queryable, limit: Omit<Limit, 'attempts'>, now: Date): Promise<number> {
  return attemptsInWindow(db, limit.key, now, limit.windowSeconds);
}

/** Takes back one attempt counted ahead of its outcome (a login that succeeded was no guess). */
export async function giveBack(db: Queryable, key: string): Promise<void> {
  await takeBackAttempt(db, key);
}

export async function clearCounter(db: Queryable, key: string): Promise<void> {
  await deleteCounter(db, key);
}

/** The Retry-After of a fixed window: whole seconds until it ends, at least 1. */
export function secondsLeft(windowStartedAt: Date | number, windowSeconds: number, now: Date | number): number {
  const endsAt = new Date(windowStartedAt).getTime() + windowSeconds * 1000;
  return Math.max(1, Math.ceil((endsAt - new Date(now).getTime()) / 1000));
}
