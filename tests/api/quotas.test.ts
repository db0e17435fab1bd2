// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): limits counted by the database for requests at once, which the pool runs side by side.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/server/admin/commands.ts';
import { addMarket, GKZ_A, GKZ_B, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 15, M6: limits per market and per municipality, raised by the operator, a clear 422 beyond. */
let server: TestServer;
let clerkA: string;
let clerkB: string;
const NOW = new Date('2026-11-23T10:00:00Z');
beforeAll(async () => {
  server = await startTestServer();
  server.clock.now = NOW;
  clerkA = (await loggedInUser(server.db, GKZ_A)).cookie;
  clerkB = (await loggedInUser(server.db, GKZ_B)).cookie;
});
afterAll(() => server.close());

const call = async (path: string, fields: Record<string, unknown>, cookie: string) => {
  const response = await server.fetch(`/api/${path}?lang=en`, {
    method: 'POST',
    body: JSON.stringify(fields),
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
  });
  return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string } } };
};
const WEEKLY = {
  title: 'Bauernmarkt',
  type: 'bauernmarkt',
  schedule: 'regular',
  location: 'Hauptplatz',
  rule: { freq: 'weekly', interval: 1, weekdays: ['SA'], nth: null, time_from: '08:00', time_to: '12:00' },
};
const count = async (gkz: string) =>
  (
    await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM market_dates d JOIN markets m ON m.id = d.market_id WHERE m.gkz = $1',
      [gkz],
    )
  )[0]!.n;

describe('quotas', () => {
  it('have defaults that fit Vienna, shown by the operator command', async () => {
    expect(await runCommand(server.db, ['quotas', '90001'])).toEqual([
      '90001: markets 0 of 250, dates 0 of 30000, at most 750 dates per market; photos 0.0 of 50 MB.',
    ]);
  });

  it("refuse a rule whose dates pass the market's limit, saving nothing, with a clear message", async () => {
    expect(await runCommand(server.db, ['set-quota', GKZ_A, 'dates-per-market', '20'])).toEqual([
      `${GKZ_A}: markets 0 of 250, dates 0 of 30000, at most 20 dates per market; photos 0.0 of 50 MB.`,
    ]);
    const answer = await call('save_market', WEEKLY, clerkA);
    expect([answer.status, answer.body.error?.code]).toEqual([422, 'quota_exceeded']);
    expect(answer.body.error?.message).toMatch(/at most 20 dates per market/);
    expect(await count(GKZ_A)).toBe(0);
    await runCommand(server.db, ['set-quota', GKZ_A, 'dates-per-market', '750']);
    expect((await call('save_market', WEEKLY, clerkA)).status).toBe(200);
  });

  it('count every market and date of the municipality', async () => {
    await runCommand(server.db, ['set-quota', GKZ_B, 'markets', '2']);
    const { market } = await addMarket(server.db, GKZ_B, {}, [
      {},
      { date_start: '2027-06-12', date_end: '2027-06-12' },
    ]);
    expect((await call('save_market', { ...WEEKLY, schedule: 'dates', rule: null }, clerkB)).status).toBe(200);
    const third = await call('save_market', { ...WEEKLY, schedule: 'dates', rule: null }, clerkB);
    expect([third.status, third.body.error?.code]).toEqual([422, 'quota_exceeded']);
    await runCommand(server.db, ['set-quota', GKZ_B, 'dates', '3']);
    const dates = [
      { date_start: '2027-06-19', date_end: '2027-06-19' },
      { date_start: '2027-06-26', date_end: '2027-06-26' },
    ];
    const added = await call('add_market_dates', { wko_market_id: market.id, dates }, clerkB);
    expect([added.status, added.body.error?.code]).toEqual([422, 'quota_exceeded']);
    expect(await count(GKZ_B)).toBe(2);
  });

  it('count no date of a past year: a daily market keeps its rule year after year', async () => {
    await runCommand(server.db, ['set-quota', GKZ_A, 'dates-per-market', '100']);
    const lastYear = Array.from({ length: 150 }, (_, day) => {
      const date = new Date(Date.UTC(new Date().getUTCFullYear() - 1, 0, 1 + day)).toISOString().slice(0, 10);
      return { date_start: date, date_end: date };
    });
    const { market } = await addMarket(server.db, GKZ_A, {}, lastYear);
    const added = await call(
      'add_market_dates',
      { wko_market_id: market.id, dates: [{ date_start: '2027-06-19', date_end: '2027-06-19' }] },
      clerkA,
    );
    expect(added.status).toBe(200);
    await runCommand(server.db, ['set-quota', GKZ_A, 'dates-per-market', '750']);
  });

  it('refuse a quota that is not a number above 0', async () => {
    await expect(runCommand(server.db, ['set-quota', GKZ_A, 'dates', '0'])).rejects.toThrow('not a whole number');
    await expect(runCommand(server.db, ['set-quota', GKZ_A, 'termine', '5'])).rejects.toThrow('not a quota');
  });
});
