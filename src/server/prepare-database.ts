import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { lockUntilCommit } from './db/queries/locks.ts';
import { DEMO_GKZ, seedDemoData } from './demo/demo-data.ts';
import { seedDemoPhoto } from './demo/demo-photo.ts';
import { importBundledMasterDataIfEmpty, type ImportResult } from './master-data/import.ts';

export interface Prepared {
  imported: ImportResult | null;
  seeded: boolean;
}

/**
 * Fills an empty database: Statistik Austria's master data, and the demo markets unless SEED_DEMO
 * is off. Several processes may start at once on one empty PostgreSQL (docs/deployment.md): one
 * fills it in one transaction while the others wait at the lock, then find it filled.
 */
export async function prepareDatabase(db: Database, config: Config, now: Date): Promise<Prepared> {
  return db.transaction(async (tx) => {
    await lockUntilCommit(tx, 'prepare');
    const imported = await importBundledMasterDataIfEmpty(tx);
    const photo = () => seedDemoPhoto(tx, config.DATA_DIR, DEMO_GKZ, now);
    const seeded = config.SEED_DEMO && (await seedDemoData(tx, now, photo));
    return { imported, seeded };
  });
}
