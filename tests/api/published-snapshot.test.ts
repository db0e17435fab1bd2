import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { readPublished, type Published } from '../../src/server/db/published.ts';
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

  it('reads everything again when the log no longer reaches back (a restore, a pruned log)', async () => {
    const before = await readPublished(db);
    await apply(db, { op: 'title', at: 0 }, 9999);
    await db.query('UPDATE content_version SET log_floor = version');
    expect(seen(await readPublished(db, before))).toEqual(seen(await readPublished(db)));
  });
});
