import fc from 'fast-check';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { createContentService, type ContentAnswer, type ContentKind } from '../../src/server/services/content.ts';
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
      const content = createContentService(db, { readYourWrites: true }); // reads right after each change
      const dataOf = async ({ etag, body }: ContentAnswer) => ({
        etag,
        data: (JSON.parse((await body.bytes(null)).toString()) as { data: Data }).data,
      });
      const answer = async (since?: string) => {
        const found = since === undefined ? null : await content.delta(kind, since);
        return dataOf(found ?? (await (await content.lookup(kind, null)).answer()));
      };
      let n = 0;
      try {
        await fc.assert(
          fc.asyncProperty(
            fc.array(fc.tuple(operation, fc.boolean()), { minLength: 1, maxLength: 10 }),
            async (steps) => {
              content.changed();
              let { etag, data: held } = await answer();
              for (const [step, syncNow] of steps) {
                await apply(db, step, (n += 1));
                content.changed();
                if (!syncNow) continue;
                const delta = await answer(etag);
                expect(delta.data.deleted_ids, 'a delta, not the full answer').toBeDefined();
                held = merge(held, delta.data);
                etag = delta.etag;
              }
              held = merge(held, (await answer(etag)).data);
              // The publication made of the changes is the answer read whole, in every coding.
              const whole = await (await content.lookup(kind, null)).answer();
              expect(held).toEqual((await dataOf(whole)).data);
              const raw = await whole.body.bytes(null);
              expect(gunzipSync(await whole.body.bytes('gzip')).equals(raw)).toBe(true);
              expect(brotliDecompressSync(await whole.body.bytes('br')).equals(raw)).toBe(true);
              const fresh = createContentService(db);
              try {
                const read = await (await fresh.lookup(kind, null)).answer();
                expect(read.etag).toBe(whole.etag);
                expect((await read.body.bytes(null)).equals(raw)).toBe(true);
              } finally {
                await fresh.stop();
              }
            },
          ),
          { numRuns: 25 },
        );
      } finally {
        await content.stop();
      }
    });
  }
});
