import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite-thread.ts';
import { openPostgres } from './postgres.ts';

export interface DatabaseSettings {
  /** PostgreSQL server; when absent, the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; null keeps it in memory (tests). */
  dataDir: string | null;
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(settings: DatabaseSettings): Promise<Database> {
  const db = settings.databaseUrl ? await openPostgres(settings.databaseUrl) : await openPglite(settings.dataDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
