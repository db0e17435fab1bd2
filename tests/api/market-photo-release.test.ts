import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { importBundledMasterDataIfEmpty } from '../../src/server/master-data/import.ts';
import { createPhotoStore } from '../../src/server/photos/photo-store.ts';
import { createMarketPhotoService } from '../../src/server/services/market-photos.ts';
import { GKZ_A } from './helpers/fixtures.ts';
import { pngOf } from './helpers/photo-fixtures.ts';
import { freshDatabase } from './helpers/test-server.ts';

/**
 * Issue 20: a photo a clerk lets go (replaced, removed, its market deleted) goes only once the
 * directory no longer shows it; deleted at the save, the public page published before the change
 * pointed at files already gone until the next publish.
 */
let db: Database;
let drop: () => Promise<void>;
let folder: string;

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  db = await openDatabase({ ...fresh.settings, dataDir: null });
  await importBundledMasterDataIfEmpty(db);
  folder = await mkdtemp(path.join(tmpdir(), 'photo-release-'));
});
afterAll(async () => {
  await db.close();
  await drop();
  await rm(folder, { recursive: true, force: true });
});

describe('a photo let go', () => {
  it('keeps its files until the change is published, then they go', async () => {
    let publish = () => {};
    const published = new Promise<void>((resolve) => (publish = resolve));
    const photos = createMarketPhotoService({
      db,
      store: createPhotoStore(folder),
      clock: () => new Date(),
      published: () => published,
    });
    const clerk = { userId: 'u1', email: 'markt@hartberg.example', gkz: GKZ_A, emailConfirmed: true, operator: false };
    const { url } = await photos.upload(clerk, await pngOf(800, 600));
    const files = async () => (await readdir(folder)).filter((file) => !file.startsWith('.'));
    expect(await files()).toHaveLength(9);

    await photos.ownership.released([url]);
    expect(await files(), 'still shown by the published pages').toHaveLength(9);
    publish();
    // The removal runs after the publish, beside the requests: on a busy runner it may take more than a second.
    await expect.poll(files, { timeout: 10_000 }).toEqual([]);
  });
});
