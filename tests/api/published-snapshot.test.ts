// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): the snapshot read on from the change log and its commits, which differ between the databases.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readPublished, snapshotRecordsOf, type Published } from '../../src/server/db/published.ts';
import { loadSnapshot, saveSnapshot } from '../../src/server/directory/snapshot-store.ts';
import { addMarket, GKZ_A } from './helpers/fixtures.ts';
import { apply, operation } from './helpers/random-changes.ts';
import { useFreshDatabase } from './helpers/test-server.ts';

/**
 * Issue 18: a publish reads only what the change log names since the snapshot before. Whatever
 * happened in between, the snapshot made that way is the one read whole — on the database the
 * test project runs on (PGlite, and PostgreSQL with TEST_DATABASE_URL).
 */
let db: Database;
useFreshDatabase((opened) => (db = opened));

/** Everything an outlet can read of a snapshot. */
function seen(published: Published) {
  const { version, markets, dates, idsByAge, states, districts, municipalities } = published;
  return {
    version,
    markets,
    dates,
    idsByAge,
    states,
    districts,
    municipalities,
    datesOf: markets.map((market) => published.datesOf(market.id)),
    revisions: idsByAge.map((id) => published.revisionOf(id)),
    places: municipalities.map((municipality) => published.placeOf(municipality.gkz)),
  };
}

describe('the published snapshot read from the changes', () => {
  it('is the snapshot read whole', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(operation, fc.boolean()), { minLength: 1, maxLength: 10 }), async (steps) => {
        let held = await readPublished(db);
        for (const [step, publishNow] of steps) {
          await apply(db, step, (n += 1));
          if (publishNow) held = await readPublished(db, held);
        }
        held = await readPublished(db, held);
        expect(seen(held)).toEqual(seen(await readPublished(db)));
      }),
      { numRuns: 25 },
    );
  });

  it('is the snapshot read whole after a restart from the one kept on disk (issue 50)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'snapshot-'));
    const file = path.join(dir, 'snapshot.v8');
    let n = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(operation, { minLength: 0, maxLength: 6 }), async (steps) => {
          await saveSnapshot(file, snapshotRecordsOf(await readPublished(db))!);
          for (const step of steps) await apply(db, step, (n += 1));
          const stored = await loadSnapshot(file);
          expect(stored).toBeDefined();
          expect(seen(await readPublished(db, stored))).toEqual(seen(await readPublished(db)));
        }),
        { numRuns: 10 },
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads everything again from a kept snapshot of another database or history, whatever its version', async () => {
    // The tests before may have left nothing to show; a market of this test's own makes the directory not empty.
    await addMarket(db, GKZ_A, { title: 'Eigener Markt' });
    await apply(db, { op: 'title', at: 0 }, 9998); // a version made by a logged commit, as a save's
    const now = snapshotRecordsOf(await readPublished(db))!;
    expect(now.commit).not.toBeNull();
    // Records that would show nothing, at this very version: taken, they would empty the directory.
    const empty = { markets: [], dates: [], revisions: new Map() };
    const other = { ...now, database: '00000000-0000-4000-8000-000000000000', records: empty };
    const whole = seen(await readPublished(db));
    expect(whole.markets.length).toBeGreaterThan(0);
    expect(seen(await readPublished(db, other))).toEqual(whole);
    // The same database with another history at that version: restored from before it, or a replica after a failover.
    const history = { ...other, database: now.database, commit: '1@2026-01-01 00:00:00+00' };
    expect(seen(await readPublished(db, history))).toEqual(whole);
    expect(seen(await readPublished(db, { ...other, database: now.database })).markets).toEqual([]);
  });

  it('reads everything again when the log no longer reaches back (a restore, a pruned log)', async () => {
    const before = await readPublished(db);
    await apply(db, { op: 'title', at: 0 }, 9999);
    await db.query('UPDATE content_version SET log_floor = version');
    expect(seen(await readPublished(db, before))).toEqual(seen(await readPublished(db)));
  });
});
