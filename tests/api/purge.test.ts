// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): deletes by time and interval, in each database's time zone.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth/sessions.ts';
import { GKZ_A, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 15, "Also": ended sessions and spent one-time links do not stay in the database. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('purges ended sessions at once and spent or expired links and registrations after seven days', async () => {
  const { userId } = await loggedInUser(server.db, GKZ_A);
  const now = server.clock.now;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const DAY = 24 * 60 * 60 * 1000;
  const hash = () => hashToken(randomBytes(32).toString('base64url'));
  const [ended, idle, live] = [hash(), hash(), hash()];
  for (const [token, expires, seen] of [
    [ended, ago(1000), ago(2000)],
    [idle, new Date(now.getTime() + DAY), ago(5 * 60 * 60 * 1000)],
    [live, new Date(now.getTime() + DAY), now],
  ] as const) {
    await server.db.query(
      'INSERT INTO sessions (token_hash, user_id, expires_at, last_seen_at) VALUES ($1, $2, $3, $4)',
      [token, userId, expires, seen],
    );
  }
  const [usedLong, expiredLong, recent] = [hash(), hash(), hash()];
  for (const [token, expires, used] of [
    [usedLong, ago(7 * DAY), ago(8 * DAY)],
    [expiredLong, ago(8 * DAY), null],
    [recent, ago(DAY), null],
  ] as const) {
    await server.db.query(
      `INSERT INTO one_time_tokens (token_hash, user_id, purpose, expires_at, used_at) VALUES ($1, $2, 'reset_password', $3, $4)`,
      [token, userId, expires, used],
    );
  }
  // Issue 49: registrations waiting for their mail go by the same rule.
  for (const [token, expires, used] of [
    [usedLong, ago(7 * DAY), ago(8 * DAY)],
    [expiredLong, ago(8 * DAY), null],
    [recent, ago(DAY), null],
  ] as const) {
    await server.db.query(
      `INSERT INTO registrations (token_hash, email, password_hash, language, browser_hash, created_at, expires_at, used_at)
       VALUES ($1, 'wer@gemeinde.example', 'h', 'de', 'b', $2, $2, $3)`,
      [token, expires, used],
    );
  }
  await server.afterPurge(11 * 60 * 1000, () => server.fetch('/api/health')); // every ten minutes
  const sessions = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE user_id = $1', [
    userId,
  ]);
  expect(sessions.map((row) => row.token_hash)).not.toContain(ended);
  expect(sessions.map((row) => row.token_hash)).not.toContain(idle);
  expect(sessions.map((row) => row.token_hash)).toContain(live);
  const tokens = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM one_time_tokens');
  expect(tokens.map((row) => row.token_hash).sort()).toEqual([recent]);
  const registrations = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM registrations');
  expect(registrations.map((row) => row.token_hash)).toEqual([recent]);
});

it.runIf(process.env['TEST_DATABASE'] !== 'postgres')(
  'counts the embedded database’s tables for its planner once a day, as it has no autovacuum',
  async () => {
    const counted = async () =>
      (await server.db.query<{ reltuples: number }>(`SELECT reltuples FROM pg_class WHERE relname = 'visitors'`))[0]
        ?.reltuples;
    expect(await counted()).toBe(-1); // never counted: the test server starts without
    await server.afterPurge(25 * 60 * 60 * 1000, () => server.fetch('/api/health'));
    expect(await counted()).toBeGreaterThanOrEqual(0);
  },
);

it("runs on an app's content call too (issue 18)", async () => {
  const { userId } = await loggedInUser(server.db, GKZ_A);
  const expired = hashToken(randomBytes(32).toString('base64url'));
  const longAgo = new Date(server.clock.now.getTime() - 8 * 24 * 60 * 60 * 1000);
  await server.db.query(
    `INSERT INTO one_time_tokens (token_hash, user_id, purpose, expires_at, used_at) VALUES ($1, $2, 'reset_password', $3, NULL)`,
    [expired, userId, longAgo],
  );
  expect((await server.afterPurge(11 * 60 * 1000, () => server.fetch('/api/get_content/1'))).status).toBe(200);
  const left = await server.db.query('SELECT 1 FROM one_time_tokens WHERE token_hash = $1', [expired]);
  expect(left).toHaveLength(0);
});

it('forgets a network an account logged in from 90 days after its last login there (issue 49)', async () => {
  const { userId } = await loggedInUser(server.db, GKZ_A);
  const daysAgo = (days: number) => new Date(server.clock.now.getTime() - days * 24 * 60 * 60 * 1000);
  await server.db.query(
    `INSERT INTO login_networks (user_id, network, last_login_at) VALUES ($1, '192.0.2.9', $2), ($1, '2001:db8:9::/48', $3)`,
    [userId, daysAgo(91), daysAgo(89)],
  );
  await server.afterPurge(11 * 60 * 1000, () => server.fetch('/api/health')); // every ten minutes
  const rows = await server.db.query<{ network: string }>('SELECT network FROM login_networks WHERE user_id = $1', [
    userId,
  ]);
  expect(rows.map((row) => row.network)).toEqual(['2001:db8:9::/48']);
});
