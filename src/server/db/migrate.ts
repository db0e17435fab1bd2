import { readdirSync, readFileSync } from 'node:fs';
import type { Database } from './database.ts';
import { lockUntilCommit } from './queries/locks.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/**
 * Applies the SQL files of ./migrations in name order, each once, all in one transaction.
 * The advisory lock lets several server processes start against one PostgreSQL at once.
 */
/** The migrations' file names in the order they apply; the last is the schema a fresh database is at. */
export function migrationNames(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

export async function migrate(db: Database): Promise<string[]> {
  const files = migrationNames();
  return db.transaction(async (tx) => {
    await lockUntilCommit(tx, 'migrate');
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const name of files.filter((file) => !done.has(file))) {
      await tx.exec(readFileSync(new URL(name, MIGRATIONS_DIR), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      applied.push(name);
    }
    return applied;
  });
}
