// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): delta sync over random changes, read from the change log, whose commit order each database keeps its own way.
import fc from 'fast-check';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { CompressedBody } from '../../src/server/compression/compressed-body.ts';
import type { Database } from '../../src/server/db/database.ts';
import { createContentService, type ContentKind } from '../../src/server/services/content.ts';
import { apply, operation } from './helpers/random-changes.ts';
import { useFreshDatabase } from './helpers/test-server.ts';

/**
 * Delta sync's promise (docs/api.md): an app that merges every delta into the full answer it once
 * had holds exactly the full answer of now — over random saves, deletes, hides and moves, on the
 * database the test project runs on (PGlite, and PostgreSQL with TEST_DATABASE_URL).
 */
let db: Database;
useFreshDatabase((opened) => (db = opened));

type Records = Record<string, unknown>;
interface Data {
  wko_market_dates?: Records;
  wko_markets?: Record<string, Records>;
  deleted_ids?: string[];
}

/** The client merge of docs/api.md. */
const dataOf = async (body: CompressedBody) => (JSON.parse((await body.bytes(null)).toString()) as { data: Data }).data;

function merge(held: Data, delta: Data): Data {
  if (!delta.deleted_ids) return structuredClone(delta);
  const next = structuredClone(held);
  const apply = (records: Records, changed: Records) => {
    Object.assign(records, changed);
    for (const id of delta.deleted_ids!) delete records[id];
  };
  if (delta.wko_market_dates) apply(next.wko_market_dates!, delta.wko_market_dates);
  for (const [group, changed] of Object.entries(delta.wko_markets ?? {})) apply(next.wko_markets![group]!, changed);
  return next;
}

describe('merging deltas into an earlier full answer', () => {
  for (const kind of ['dates', 'markets'] as const satisfies readonly ContentKind[]) {
    it(`gives exactly the current full answer (${kind})`, async () => {
      const content = createContentService(db, { wholeRests: 0 }); // reads the snapshot on at each ask
      const answer = async (since?: string) => {
        const found = since === undefined ? null : await content.delta(kind, since);
        const whole = found ?? (await (await content.lookup(kind, null)).answer());
        return { etag: whole.etag, data: await dataOf(whole.body) };
      };
      let n = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(operation, fc.boolean()), { minLength: 1, maxLength: 10 }),
          async (steps) => {
            let { etag, data: held } = await answer();
            for (const [step, syncNow] of steps) {
              await apply(db, step, (n += 1));
              if (!syncNow) continue;
              const delta = await answer(etag);
              expect(delta.data.deleted_ids, 'a delta, not the full answer').toBeDefined();
              held = merge(held, delta.data);
              etag = delta.etag;
            }
            held = merge(held, (await answer(etag)).data);
            const now = await createContentService(db, { wholeRests: 0 }).lookup(kind, null);
            const full = await now.answer();
            expect(held).toEqual(await dataOf(full.body));
            // The answer read on from the changes is the one read whole, byte for byte.
            const spliced = await (await content.lookup(kind, null)).answer();
            expect(spliced.etag).toBe(full.etag);
            expect((await spliced.body.bytes(null)).equals(await full.body.bytes(null))).toBe(true);
          },
        ),
        { numRuns: 25 },
      );
    });

    it(`gives the current full answer from a whole answer made before the newest (${kind})`, async () => {
      // Made again only after a long rest: a whole answer may be of a version before the newest (docs/api.md).
      const content = createContentService(db, { wholeRests: 1e9 });
      const wholeGzip = async () => {
        const whole = await (await content.lookup(kind, null)).answer();
        const text = gunzipSync(await whole.body.bytes('gzip')).toString();
        return { etag: whole.etag, data: (JSON.parse(text) as { data: Data }).data };
      };
      let n = 1000;
      await fc.assert(
        fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 6 }), async (steps) => {
          await wholeGzip();
          for (const step of steps) await apply(db, step, (n += 1));
          const whole = await wholeGzip();
          const delta = await content.delta(kind, whole.etag);
          const now = await (await createContentService(db, { wholeRests: 0 }).lookup(kind, null)).answer();
          expect(delta?.etag).toBe(now.etag);
          const merged = merge(whole.data, await dataOf(delta!.body));
          expect(merged).toEqual(await dataOf(now.body));
        }),
        { numRuns: 15 },
      );
    });
  }
});
