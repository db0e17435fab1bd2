import fc from 'fast-check';
import type { Database } from '../../../src/server/db/database.ts';
import { addMarket, GKZ_A, GKZ_B } from './fixtures.ts';

/**
 * Random changes to markets and dates for property tests of what is derived from them (content
 * deltas, the published snapshot): adds, saves, hides, cancels, moves, deletes, made straight in
 * the database as any writer (a clerk, an import, another process) would leave them.
 */
const pick = <T>(items: readonly T[], index: number): T | undefined => items[index % Math.max(items.length, 1)];

export const operation = fc.oneof(
  fc.record({
    op: fc.constant('add' as const),
    inB: fc.boolean(),
    hidden: fc.boolean(),
    dates: fc.array(fc.record({ hidden: fc.boolean(), cancelled: fc.boolean(), past: fc.boolean() }), {
      maxLength: 3,
    }),
  }),
  fc.record({
    op: fc.constantFrom(
      'note' as const,
      'hideDate' as const,
      'cancelDate' as const,
      'deleteDate' as const,
      'replaceDate' as const,
    ),
    at: fc.nat(),
  }),
  fc.record({
    op: fc.constantFrom('title' as const, 'hideMarket' as const, 'deactivate' as const, 'move' as const),
    at: fc.nat(),
  }),
  fc.record({ op: fc.constantFrom('deleteMarket' as const, 'addDate' as const), at: fc.nat() }),
);
export type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

export async function apply(db: Database, step: Operation, n: number): Promise<void> {
  const ids = async (sql: string) => (await db.query<{ id: string }>(sql)).map((row) => row.id);
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
    replaceDate: [
      `UPDATE market_dates SET replaces_date = CASE WHEN replaces_date IS NULL THEN date_start END,
       version = version + 1 WHERE id = $1`,
      date,
    ],
    addDate: [
      `INSERT INTO market_dates (id, market_id, date_start, date_end) VALUES (gen_random_uuid()::text, $1, '2027-07-0${(n % 9) + 1}', '2027-07-0${(n % 9) + 1}')`,
      market,
    ],
  };
  const [sql, id] = change[step.op];
  if (id) await db.query(sql, [id]);
}
