// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): saves committing at once, which only PostgreSQL runs side by side.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompressedBody } from '../../src/server/compression/compressed-body.ts';
import type { Database } from '../../src/server/db/database.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { importBundledMasterDataIfEmpty } from '../../src/server/master-data/import.ts';
import { createContentService } from '../../src/server/services/content.ts';
import { addMarket, GKZ_A, GKZ_B } from './helpers/fixtures.ts';
import { freshDatabase } from './helpers/test-server.ts';

/**
 * Two saves at once, on PostgreSQL (PGlite runs one transaction at a time): the content version
 * is taken at commit (migration 0011), so a save does not wait for another's open transaction,
 * and the one that commits last gets the higher version whatever it wrote first, so a delta
 * taken between the two commits misses nothing of the later one.
 */
const onPostgres = process.env['TEST_DATABASE'] === 'postgres' && Boolean(process.env['TEST_DATABASE_URL']);

describe.skipIf(!onPostgres)('saves committing out of order', () => {
  let db: Database;
  let databaseUrl = '';
  let drop: () => Promise<void>;
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    const fresh = await freshDatabase('postgres');
    drop = fresh.drop;
    databaseUrl = fresh.settings.databaseUrl!;
    db = await openDatabase({ databaseUrl, dataDir: null });
    await importBundledMasterDataIfEmpty(db);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await db.close();
    await drop();
  });

  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    clients.push(client);
    return client;
  };
  const within = <T>(ms: number, work: Promise<T>) =>
    Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`over ${ms} ms`)), ms))]);

  it('lose no change, and the second save does not wait for the first', async () => {
    const first = (await addMarket(db, GKZ_A, { title: 'Erster' })).dates[0]!.id;
    const second = (await addMarket(db, GKZ_B, { title: 'Zweiter' })).dates[0]!.id;
    const content = createContentService(db, { wholeRests: 0 }); // reads the snapshot on at each ask
    const start = (await content.lookup('dates', null)).etag;

    const early = await connect();
    const late = await connect();
    await early.query('BEGIN');
    await early.query(`UPDATE market_dates SET note = 'früh begonnen' WHERE id = $1`, [first]);
    // Before migration 0011 this waited for the first transaction's end: it held the version row.
    await within(2000, late.query(`UPDATE market_dates SET note = 'spät begonnen' WHERE id = $1`, [second]));

    const changedIn = async (answer: { body: CompressedBody } | null) =>
      Object.keys(
        (JSON.parse((await answer!.body.bytes(null)).toString()) as { data: { wko_market_dates: object } }).data
          .wko_market_dates,
      );
    const between = await content.delta('dates', start);
    expect(await changedIn(between)).toEqual([second]);

    await early.query('COMMIT');
    const after = await content.delta('dates', between!.etag);
    expect(await changedIn(after)).toEqual([first]);
    const version = (etag: string) => Number(/-(\d+)-/.exec(etag)![1]);
    expect(version(after!.etag)).toBeGreaterThan(version(between!.etag));
  });
});
