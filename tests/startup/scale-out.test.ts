import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viennaDay } from '../../src/lib/market-rules.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import type { Database } from '../../src/server/db/database.ts';
import { migrationNames } from '../../src/server/db/migrate.ts';
import { ANONYMOUS_LIMITS } from '../../src/server/http/anonymous-limits.ts';
import { GKZ_A } from '../api/helpers/fixtures.ts';
import { nginxMissing, startNginx, type RunningNginx } from './nginx.ts';
import {
  postgresDatabase,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
  type TestDatabase,
} from './server-process.ts';

/**
 * Issue 18, scale-out (and issue 17: "several portal processes on one PostgreSQL all publish the
 * same state"): two portal processes behind nginx on one PostgreSQL, as docs/deployment.md runs
 * them. Whatever one process learns must count on the other: sessions, rate limits, content and
 * the published directory. Needs TEST_DATABASE_URL and Debian's nginx; skips without them.
 */
const adminUrl = process.env['TEST_DATABASE_URL'];
const skipped = adminUrl ? nginxMissing() : 'TEST_DATABASE_URL names no PostgreSQL server';
if (skipped) console.warn(`Scale-out test skipped: ${skipped}.`);

const YEAR = Number(viennaDay(new Date()).slice(0, 4)) + 1;
const PASSWORD = 'Marktstand-am-Hauptplatz-7';

let database: TestDatabase;
let db: Database;
let one: ServerProcess;
let other: ServerProcess;
let proxy: RunningNginx;

describe.skipIf(skipped !== null)(
  `two portal processes behind nginx on one PostgreSQL${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    beforeAll(async () => {
      database = await postgresDatabase(adminUrl!);
      // Both at once on the empty database, as systemd starts the instances after an upgrade.
      const env = { TRUST_PROXY: '1', SEED_DEMO: '1' };
      [one, other] = await Promise.all([startServerProcess(database, env), startServerProcess(database, env)]);
      proxy = await startNginx([one.url, other.url]);
      db = await database.open();
    }, 120_000);
    afterAll(async () => {
      await proxy?.stop();
      await Promise.all([one, other].flatMap((server) => (server ? [stopServerProcess(server)] : [])));
      await db?.close();
      await database?.drop();
    });

    it('starts both at once on an empty database: the schema and the demo data made once', async () => {
      const applied = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
      expect(applied.map((row) => row.name).sort()).toEqual(migrationNames());
      const [markets] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM markets');
      expect(markets?.n).toBeGreaterThan(0);
      const twice = await db.query('SELECT title FROM markets GROUP BY gkz, title HAVING count(*) > 1');
      expect(twice).toEqual([]);
      expect(`${one.output()}${other.output()}`.match(/Demo data created/g)).toHaveLength(1);
    });

    it('keeps a session made on one process on the other, and ends it on both', async () => {
      const { email } = await clerk();
      const login = await post(one.url, 'login', { email, password: PASSWORD });
      expect(login.status).toBe(200);
      const cookie = sessionCookie(login);
      const account = await fetch(`${other.url}/api/get_account`, { headers: { Cookie: cookie } });
      expect(account.status).toBe(200);
      expect(((await account.json()) as { data: { email: string } }).data.email).toBe(email);
      expect((await post(other.url, 'logout', {}, cookie)).status).toBe(200);
      expect((await fetch(`${one.url}/api/get_account`, { headers: { Cookie: cookie } })).status).toBe(401);
    });

    it('lets a browser log in and save through the proxy: its Origin is the proxy’s host', async () => {
      const { email } = await clerk();
      const origin = { Origin: proxy.url, 'Sec-Fetch-Site': 'same-origin' };
      const login = await post(proxy.url, 'login', { email, password: PASSWORD }, undefined, origin);
      expect(login.status).toBe(200);
      const cookie = sessionCookie(login);
      const upstreams = new Set<string>();
      for (let round = 0; round < 4; round += 1) {
        const saved = await post(proxy.url, 'save_market', market(`Durch den Proxy ${round}`), cookie, origin);
        expect(saved.status).toBe(200);
        upstreams.add(saved.headers.get('x-upstream') ?? '');
      }
      expect(upstreams.size).toBe(2);
      // Another site's page is refused whichever process answers.
      const foreign = await post(proxy.url, 'save_market', market('Fremd'), cookie, { Origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
    });

    it('passes the portal’s compression through and its 413 in the clerk’s language', async () => {
      const page = await fetch(`${proxy.url}/verzeichnis`, { headers: { 'Accept-Encoding': 'br' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-encoding')).toBe('br');
      expect(page.headers.get('vary')).toMatch(/Accept-Encoding/i);
      // A proxy sends the whole body it buffered: the portal must read it, or nginx answers 502 and
      // counts the process as down for a while.
      for (let round = 0; round < 10; round += 1) {
        const tooLarge = await post(
          proxy.url,
          'create_visitor',
          { visitor_id_js: 'x'.repeat(1.5 * 1024 * 1024) },
          undefined,
          { 'Accept-Language': 'en' },
        );
        expect(tooLarge.status).toBe(413);
        expect(((await tooLarge.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
      }
    });

    it('counts a rate limit across both processes: requests spread over both hit it at the same total', async () => {
      const limit = ANONYMOUS_LIMITS.create_visitor;
      const upstreams = new Set<string>();
      for (let n = 0; n < limit; n += 1) {
        // A client's own X-Forwarded-For changes nothing: the portal believes only the proxy's entry.
        const answer = await post(proxy.url, 'create_visitor', { visitor_id_js: randomUUID() }, undefined, {
          'X-Forwarded-For': `198.51.100.${n % 250}`,
        });
        expect(answer.status).toBe(201);
        upstreams.add(answer.headers.get('x-upstream') ?? '');
      }
      expect(upstreams.size).toBe(2);
      const past = await post(proxy.url, 'create_visitor', { visitor_id_js: randomUUID() });
      expect(past.status).toBe(429);
      expect(past.headers.get('retry-after')).toMatch(/^\d+$/);
    });

    it('has a save through one process in the other’s content answer within 5 s, as an app asks', async () => {
      const { cookie } = await loggedIn(one.url);
      const held = (await fetch(`${other.url}/api/get_content/1`)).headers.get('etag')!;
      const saved = await savedMarket(one.url, market('Frisch gespeichert'), cookie);
      const started = Date.now();
      const since = `/api/get_content/1?since=${encodeURIComponent(held)}`;
      for (;;) {
        const answer = await fetch(other.url + since);
        const body = (await answer.json()) as { data: { wko_market_dates: Record<string, { wko_market_id: string }> } };
        if (Object.values(body.data.wko_market_dates).some((date) => date.wko_market_id === saved)) break;
        expect(Date.now() - started).toBeLessThan(5000);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      console.log(`The other process's content answer held the save after ${Date.now() - started} ms.`);
      // Once both have published it, both answer the same version under the same ETag.
      await expect
        .poll(
          async () => {
            const [a, b] = await Promise.all([one, other].map((server) => fetch(server.url + since)));
            return a?.headers.get('etag') === b?.headers.get('etag');
          },
          { timeout: 5000 },
        )
        .toBe(true);
    });

    it('publishes a save through one process on the other’s market page within 60 s, both the same state', async () => {
      const { cookie } = await loggedIn(one.url);
      const saved = await savedMarket(one.url, market('Kirtag für beide'), cookie);
      const started = Date.now();
      // The clerk's notice asks publish_status through the proxy, so maybe of the other process: it
      // must not say "published" before the change is public there (src/stores/publishing.ts).
      const first = (await (await fetch(`${other.url}/api/publish_status?market=${saved}`)).json()) as {
        data: { pending: boolean; path: string | null };
      };
      expect(first.data).toMatchObject({ pending: true, path: null });
      let pagePath: string | null = null;
      while (!pagePath) {
        const status = (await (await fetch(`${other.url}/api/publish_status?market=${saved}`)).json()) as {
          data: { pending: boolean; path: string | null };
        };
        pagePath = status.data.path;
        if (!pagePath) expect(status.data.pending).toBe(true);
        if (!pagePath) {
          expect(Date.now() - started).toBeLessThan(60_000);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
      const page = await fetch(`${other.url}${pagePath}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Kirtag für beide');
      console.log(`The other process published the save after ${Date.now() - started} ms.`);
      // Both processes, once settled, serve the same version: the same bytes under the same ETag.
      await settled(one.url);
      await settled(other.url);
      for (const path of [pagePath, '/sitemap.xml', '/verzeichnis']) {
        const [a, b] = await Promise.all([one, other].map((server) => fetch(`${server.url}${path}`)));
        expect(a?.status).toBe(200);
        expect(a?.headers.get('etag')).toBe(b?.headers.get('etag'));
        expect(await a?.text()).toBe(await b?.text());
      }
    }, 90_000);
  },
);

/** A confirmed clerk of GKZ_A with a real password, allowed to edit. */
async function clerk(): Promise<{ email: string }> {
  const email = `scale-${randomUUID().slice(0, 8)}@gemeinde.example`;
  await db.query(
    `INSERT INTO users (id, email, password_hash, gkz, email_confirmed_at) VALUES ($1, $2, $3, $4, now())`,
    [randomUUID(), email, await hashPassword(PASSWORD), GKZ_A],
  );
  await db.query('INSERT INTO allowed_emails (email, gkz) VALUES ($1, $2)', [email, GKZ_A]);
  return { email };
}

async function loggedIn(url: string): Promise<{ cookie: string }> {
  const { email } = await clerk();
  const login = await post(url, 'login', { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return { cookie: sessionCookie(login) };
}

function post(url: string, call: string, fields: object, cookie?: string, headers: Record<string, string> = {}) {
  return fetch(`${url}/api/${call}`, {
    method: 'POST',
    body: JSON.stringify(fields),
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
}

function sessionCookie(answer: Response): string {
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('session='));
  expect(cookie).toBeDefined();
  return cookie!.split(';')[0]!;
}

const market = (title: string) => ({
  title,
  type: 'kirtag',
  schedule: 'dates',
  location: 'Hauptplatz',
  first_date: { date_start: `${YEAR}-07-25`, date_end: `${YEAR}-07-25` },
});

/** Saves a new market; answers its id. */
async function savedMarket(url: string, fields: object, cookie: string): Promise<string> {
  const answer = await post(url, 'save_market', fields, cookie);
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { data: { wko_markets: Record<string, Record<string, { id: string }>> } };
  return Object.values(body.data.wko_markets['2'] ?? {})[0]!.id;
}

/** Waits until the process has published every change it knows of. */
async function settled(url: string): Promise<void> {
  const until = Date.now() + 30_000;
  for (;;) {
    const status = (await (await fetch(`${url}/api/publish_status`)).json()) as { data: { pending: boolean } };
    if (!status.data.pending) return;
    if (Date.now() > until) throw new Error(`${url} still publishing after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
