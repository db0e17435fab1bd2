import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { importBundledMasterDataIfEmpty } from '../../src/server/master-data/import.ts';
import { createContentService, type ContentKind } from '../../src/server/services/content.ts';
import { addMarket, GKZ_A, GKZ_B } from './helpers/fixtures.ts';
import { freshDatabase } from './helpers/test-server.ts';

/**
 * Delta sync's promise (docs/api.md): an app that merges every delta into the full answer it once
 * had holds exactly the full answer of now — over random saves, deletes, hides and moves, on the
 * database the test project runs on (PGlite, and PostgreSQL with TEST_DATABASE_URL).
 */
let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  db = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: null });
  await importBundledMasterDataIfEmpty(db);
});
afterAll(async () => {
  await db.close();
  await drop();
});

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

const pick = <T>(items: readonly T[], index: number): T | undefined => items[index % Math.max(items.length, 1)];
const ids = async (sql: string) => (await db.query<{ id: string }>(sql)).map((row) => row.id);

const operation = fc.oneof(
  fc.record({
    op: fc.constant('add' as const),
    inB: fc.boolean(),
    hidden: fc.boolean(),
    dates: fc.array(fc.record({ hidden: fc.boolean(), cancelled: fc.boolean(), past: fc.boolean() }), {
      maxLength: 3,
    }),
  }),
  fc.record({
    op: fc.constantFrom('note' as const, 'hideDate' as const, 'cancelDate' as const, 'deleteDate' as const),
    at: fc.nat(),
  }),
  fc.record({
    op: fc.constantFrom('title' as const, 'hideMarket' as const, 'deactivate' as const, 'move' as const),
    at: fc.nat(),
  }),
  fc.record({ op: fc.constantFrom('deleteMarket' as const, 'addDate' as const), at: fc.nat() }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

async function apply(step: Operation, n: number): Promise<void> {
  if (step.op === 'add') {
    await addMarket(
      db,
      step.inB ? GKZ_B : GKZ_A,
      { title: `Markt ${n}`, hidden: step.hidden },
      step.dates.map((date) => ({
        hidden: date.hidden,
        ...(date.cancelled ? { status: 'cancelled' as const, type: 'cancelled' as const } : {}),
        ...(date.past ? { date_start: '2025-05-01', date_end: '2025-05-01' } : {}),
      })),
    );
    return;
  }
  const date = pick(await ids('SELECT id FROM market_dates ORDER BY id'), step.at);
  const market = pick(await ids('SELECT id FROM markets ORDER BY id'), step.at);
  const change: Record<Exclude<Operation['op'], 'add'>, [string, string | undefined]> = {
    note: [`UPDATE market_dates SET note = 'Notiz ${n}', version = version + 1 WHERE id = $1`, date],
    hideDate: ['UPDATE market_dates SET hidden = NOT hidden, version = version + 1 WHERE id = $1', date],
    cancelDate: [
      `UPDATE market_dates SET status = CASE status WHEN 'cancelled' THEN 'takes_place' ELSE 'cancelled' END,
       version = version + 1 WHERE id = $1`,
      date,
    ],
    deleteDate: ['DELETE FROM market_dates WHERE id = $1', date],
    title: [`UPDATE markets SET title = 'Titel ${n}', version = version + 1 WHERE id = $1`, market],
    hideMarket: ['UPDATE markets SET hidden = NOT hidden, version = version + 1 WHERE id = $1', market],
    deactivate: [
      `UPDATE markets SET status = CASE status WHEN 'active' THEN 'inactive' ELSE 'active' END WHERE id = $1`,
      market,
    ],
    move: [
      `UPDATE markets SET gkz = CASE gkz WHEN '${GKZ_A}' THEN '${GKZ_B}' ELSE '${GKZ_A}' END WHERE id = $1`,
      market,
    ],
    deleteMarket: ['DELETE FROM markets WHERE id = $1', market],
    addDate: [
      `INSERT INTO market_dates (id, market_id, date_start, date_end) VALUES (gen_random_uuid()::text, $1, '2027-07-0${(n % 9) + 1}', '2027-07-0${(n % 9) + 1}')`,
      market,
    ],
  };
  const [sql, id] = change[step.op];
  if (id) await db.query(sql, [id]);
}

describe('merging deltas into an earlier full answer', () => {
  for (const kind of ['dates', 'markets'] as const satisfies readonly ContentKind[]) {
    it(`gives exactly the current full answer (${kind})`, async () => {
      const content = createContentService(db);
      const answer = async (since?: string) => {
        const found = since === undefined ? null : await content.delta(kind, since);
        const whole = found ?? (await (await content.lookup(kind, null)).answer());
        return { etag: whole.etag, data: (JSON.parse(whole.body.raw.toString()) as { data: Data }).data };
      };
      let n = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(operation, fc.boolean()), { minLength: 1, maxLength: 10 }),
          async (steps) => {
            content.changed();
            let { etag, data: held } = await answer();
            for (const [step, syncNow] of steps) {
              await apply(step, (n += 1));
              content.changed();
              if (!syncNow) continue;
              const delta = await answer(etag);
              expect(delta.data.deleted_ids, 'a delta, not the full answer').toBeDefined();
              held = merge(held, delta.data);
              etag = delta.etag;
            }
            held = merge(held, (await answer(etag)).data);
            const now = await createContentService(db).lookup(kind, null);
            const full = await now.answer();
            expect(held).toEqual((JSON.parse(full.body.raw.toString()) as { data: Data }).data);
            // The answer spliced from the changes is the one read whole, byte for byte.
            const spliced = await (await content.lookup(kind, null)).answer();
            expect(spliced.etag).toBe(full.etag);
            expect(spliced.body.raw.equals(full.body.raw)).toBe(true);
          },
        ),
        { numRuns: 25 },
      );
    });
  }
});
