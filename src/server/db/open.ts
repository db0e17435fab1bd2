import type { Database, DatabaseSettings } from './database.ts';
import { migrate } from './migrate.ts';
import { openOnThread } from './database-thread.ts';

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(settings: DatabaseSettings): Promise<Database> {
  const db = await openOnThread(settings);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
