import { randomUUID } from 'node:crypto';
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

  it('deletes visitors linked to no account 180 days after their last change', async () => {
    const [old, linked, recent] = [randomUUID(), randomUUID(), randomUUID()];
    const { userId } = await loggedInUser(server.db, GKZ_A);
    const now = server.clock.now;
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    for (const [id, updated, user] of [
      [old, daysAgo(181), null],
      [linked, daysAgo(400), userId],
      [recent, daysAgo(179), null],
    ] as const) {
      await server.db.query('INSERT INTO visitors (id, readable_id, user_id, updated_at) VALUES ($1, $2, $3, $4)', [
        id,
        id.slice(0, 9),
        user,
        updated,
      ]);
    }
    server.clock.advance(11 * 60 * 1000); // the purge runs every ten minutes, beside the requests
    await server.fetch('/api/health');
    const left = async () =>
      (await server.db.query<{ id: string }>('SELECT id FROM visitors WHERE id = ANY($1)', [[old, linked, recent]]))
        .map(({ id }) => id)
        .sort();
    await expect.poll(left).toEqual([linked, recent].sort());
  });
});
