// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): counters and limits moved by requests at once, which the pool runs side by side.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtSitePaths } from '../../src/server/http/site-paths.ts';
import { GKZ_A, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 15, M5: what anyone may store without an account is limited, and does not stay forever. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = (route: string, body: Record<string, unknown>) =>
  server.fetch(`/api/${route}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
const views = async () =>
  (await server.db.query<{ path: string }>('SELECT path FROM page_views ORDER BY path')).map((row) => row.path);

describe('page views', () => {
  it('counts only paths the site has', async () => {
    for (const page of ['/verzeichnis', '/gibt-es-nicht', '/verzeichnis/steiermark', '/en/seite/erfunden', '/fr/info'])
      expect((await post('page_view', { path: page, language: 'de' })).status).toBe(204);
    expect(await views()).toEqual(['/fr/info', '/verzeichnis', '/verzeichnis/steiermark']);
  });

  it('asks the built site when there is one', () => {
    const client = mkdtempSync(path.join(tmpdir(), 'portal-site-'));
    mkdirSync(path.join(client, 'verzeichnis', 'steiermark'), { recursive: true });
    writeFileSync(path.join(client, 'verzeichnis', 'steiermark', 'index.html'), '<html>');
    const has = builtSitePaths(client);
    expect(['/verzeichnis/steiermark', '/verzeichnis/steiermark/'].map(has)).toEqual([true, true]);
    expect(['/verzeichnis/tirol', '/verzeichnis/../../etc', '/%E0%A4%A', '/verzeichnis'].map(has)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('visitors', () => {
  it('limits new visitors per client network and hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) statuses.push((await post('create_visitor', { visitor_id_js: randomUUID() })).status);
    expect(statuses.slice(0, 100).every((status) => status === 201)).toBe(true);
    expect(statuses[100]).toBe(429);
  });

  it('deletes visitors linked to no account 180 days after their last change, 7 days when their state is empty', async () => {
    const [old, linked, recent, empty, emptyRecent] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    const { userId } = await loggedInUser(server.db, GKZ_A);
    const now = server.clock.now;
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    for (const [id, updated, user, state] of [
      [old, daysAgo(181), null, '{"keyword":"Kirtag"}'],
      [linked, daysAgo(400), userId, '{}'],
      [recent, daysAgo(179), null, '{"keyword":"Kirtag"}'],
      [empty, daysAgo(8), null, '{}'],
      [emptyRecent, daysAgo(6), null, '{}'],
    ] as const) {
      await server.db.query(
        'INSERT INTO visitors (id, readable_id, user_id, updated_at, state) VALUES ($1, $2, $3, $4, $5::jsonb)',
        [id, id.slice(0, 9), user, updated, state],
      );
    }
    await server.afterPurge(11 * 60 * 1000, () => server.fetch('/api/health')); // the purge runs every ten minutes
    const left = await server.db.query<{ id: string }>('SELECT id FROM visitors WHERE id = ANY($1)', [
      [old, linked, recent, empty, emptyRecent],
    ]);
    expect(left.map(({ id }) => id).sort()).toEqual([linked, recent, emptyRecent].sort());
  });

  it('refuses more than 2 MiB of state from one network in an hour, and still takes a state that fits', async () => {
    const id = randomUUID();
    await server.db.query(`INSERT INTO visitors (id, readable_id) VALUES ($1, 'BUDGET-01')`, [id]);
    const state = { big: 'x'.repeat(60 * 1024) };
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) statuses.push((await post('update_visitor', { visitor_id_js: id, state })).status);
    expect(statuses.indexOf(429)).toBe(Math.floor((2 * 1024 * 1024) / JSON.stringify(state).length));
    const refused = await post('update_visitor', { visitor_id_js: id, state });
    expect([refused.status, Number(refused.headers.get('Retry-After'))]).toEqual([429, expect.any(Number)]);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3000);
    expect((await post('update_visitor', { visitor_id_js: id, state: { keyword: 'Kirtag' } })).status).toBe(200);
  });

  it.runIf(process.env['TEST_DATABASE'] !== 'postgres')(
    'reuses the space of replaced states within the day, not only after the nightly VACUUM',
    async () => {
      const id = randomUUID();
      const size = async () =>
        Number((await server.db.query<{ size: string }>(`SELECT pg_total_relation_size('visitors') AS size`))[0]?.size);
      const replace = async () => {
        for (let i = 0; i < 64; i++) {
          const state = { big: randomBytes(8 * 1024).toString('hex') }; // 16 KiB that do not compress
          expect((await post('update_visitor', { visitor_id_js: id, state })).status).toBe(200);
        }
      };
      await server.db.query(`INSERT INTO visitors (id, readable_id) VALUES ($1, 'REUSE-ME1')`, [id]);
      server.clock.advance(61 * 60 * 1000); // a new hour for the network's state budget
      await replace();
      server.clock.advance(61 * 60 * 1000);
      await server.housekeeping.maybePurge();
      const before = await size();
      await replace(); // 1 MiB of new states where 1 MiB was replaced before
      expect(await size()).toBeLessThan(before + 256 * 1024);
    },
  );
});
