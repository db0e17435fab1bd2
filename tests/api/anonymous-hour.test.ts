import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ANONYMOUS_LIMITS, STATE_BYTES } from '../../src/server/http/anonymous-limits.ts';
import { PAGE_VIEW_LIMITS } from '../../src/server/http/page-view-limits.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Issue 49, part 4: an hour of the most one anonymous IPv6 /48 may do (every visitor, state and
 * page view its limits let through) adds at most a few MB to the database, also counting the
 * embedded database's write-ahead log. About 2,400 requests: 9 to 19 s on a 2-core machine shared with other runs.
 */
const MiB = 1024 * 1024;
const MINUTE = 60 * 1000;
const embedded = process.env['TEST_DATABASE'] !== 'postgres';
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-hour-'));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' }, { dataDir: embedded ? dataDir : null });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A client in the /48 2001:db8:4900::/48, on its /64 number `subnet`. */
const post = (subnet: number, route: string, body: Record<string, unknown>) =>
  server.fetch(`/api/${route}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `2001:db8:4900:${subnet.toString(16)}::1` },
  });

/**
 * Sends from one /64 after the other, `inFlight` calls at a time, until the /48 refuses a whole
 * first round of a /64: every call the /48's limits let through. Answers how many went through.
 */
async function exhaust(send: (subnet: number, n: number) => Promise<Response>, atMost: number): Promise<number> {
  const inFlight = 8;
  let [through, sent] = [0, 0];
  for (let subnet = 1; through < atMost; subnet++) {
    for (let round = 0; through < atMost; round++) {
      const statuses = await Promise.all(
        Array.from({ length: inFlight }, async () => {
          const answer = await send(subnet, sent++);
          await answer.arrayBuffer();
          return answer.status;
        }),
      );
      expect(statuses.filter((status) => status !== 429 && status >= 300)).toEqual([]);
      const passed = statuses.filter((status) => status < 300).length;
      through += passed;
      if (passed === inFlight) continue;
      if (round === 0 && passed === 0) return through;
      break;
    }
  }
  return through;
}

/** A state of 63 KiB as JSON text (`{"s":"…"}`), which does not compress. */
const LARGE = 63 * 1024;
const largeState = () => ({
  s: randomBytes(LARGE)
    .toString('base64')
    .slice(0, LARGE - 8),
});

/**
 * The embedded database writes its log into files of 16 MB, made once and reused after each
 * checkpoint: a portal that has run a while has them, the test's fresh database one. So a few
 * are made first, as the log of some minutes of a running portal would.
 */
async function makeLogFiles(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await server.db.exec('CHECKPOINT');
    await server.db.query('SELECT pg_switch_wal()');
  }
  await server.db.exec('CHECKPOINT');
}

async function footprint(): Promise<number> {
  if (!embedded) {
    const [row] = await server.db.query<{ size: string }>('SELECT pg_database_size(current_database()) AS size');
    return Number(row?.size);
  }
  return readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

it('lets one /48 add at most a few MB in an hour of the most it may do anonymously', async () => {
  await server.housekeeping.maybePurge(); // as on a portal that has run a while

  if (embedded) await makeLogFiles();
  const before = await footprint();
  const started = performance.now();

  const ids: string[] = [];
  const created = await exhaust(async (subnet) => {
    const id = randomUUID();
    const answer = await post(subnet, 'create_visitor', { visitor_id_js: id });
    if (answer.status === 201) ids.push(id);
    return answer;
  }, 2000);
  // All at the hour's start, the most the database holds before the purges of the hour.
  const state = (n: number) => ({ visitor_id_js: ids[n % created], state: largeState() });
  const large = await exhaust((subnet, n) => post(subnet, 'update_visitor', state(n)), 400);
  // What the large states left of the budget, in small ones to other visitors.
  const small = await exhaust(
    (subnet, n) => post(subnet, 'update_visitor', { visitor_id_js: ids[created - 1 - (n % 100)], state: { n } }),
    10_000,
  );
  const viewed = await exhaust(
    (subnet, n) => post(subnet, 'page_view', { path: `/verzeichnis/seite-${n}-${'x'.repeat(250)}`, language: 'de' }),
    10_000,
  );
  const refused = await post(99, 'page_view', { path: '/verzeichnis', language: 'de' });
  expect([refused.status, Number(refused.headers.get('Retry-After')) > 3000]).toEqual([429, true]);
  for (let minutes = 10; minutes < 60; minutes += 10) {
    server.clock.advance(10 * MINUTE);
    await server.housekeeping.maybePurge();
  }
  const grown = (await footprint()) - before;
  console.log(
    `One /48's hour: ${created} visitors, ${large} states of 63 KiB, ${small} small ones, ${viewed} page views; ` +
      `${(grown / MiB).toFixed(1)} MB more ${embedded ? 'in the data folder' : 'in pg_database_size'}, ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  expect({ created, large, viewed }).toEqual({
    created: 3 * ANONYMOUS_LIMITS.create_visitor,
    large: Math.floor(STATE_BYTES.wider.bytes / LARGE),
    viewed: PAGE_VIEW_LIMITS.wider,
  });
  expect(small).toBeGreaterThan(0);
  expect(grown).toBeLessThan((embedded ? 20 : 8) * MiB);
}, 120_000);
