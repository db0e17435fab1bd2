import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { seedDemoData } from './demo/demo-data.ts';
import { importBundledMasterDataIfEmpty, type ImportResult } from './master-data/import.ts';

export interface Prepared {
  imported: ImportResult | null;
  seeded: boolean;
}

/** Fills an empty database: Statistik Austria's master data, and the demo markets unless SEED_DEMO is off. */
export async function prepareDatabase(db: Database, config: Config, now: Date): Promise<Prepared> {
  const imported = await importBundledMasterDataIfEmpty(db);
  const seeded = config.SEED_DEMO && (await seedDemoData(db, now));
  return { imported, seeded };
}
