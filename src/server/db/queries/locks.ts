import type { Queryable } from '../database.ts';

/** The advisory locks: one number per thing that only one process may do at a time. */
const LOCKS = { migrate: 4242001, prepare: 4242002 } as const;

/**
 * Waits until no other transaction (of any process on the same database) holds `lock`, then holds
 * it until this transaction ends. PGlite knows the same call; it has one process anyway.
 */
export async function lockUntilCommit(tx: Queryable, lock: keyof typeof LOCKS): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCKS[lock]]);
}
