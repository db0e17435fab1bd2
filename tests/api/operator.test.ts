// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): the audit log paged in the database's order.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTA_DEFAULTS } from '../../src/lib/operator.ts';
import { BUNDLED_DISTRICTS, BUNDLED_MUNICIPALITIES } from '../../src/server/master-data/import.ts';
import type { MunicipalityAccounts, OperatorActionRow } from '../../src/server/db/queries/operator-actions.ts';
import type { MasterDataPreview } from '../../src/server/services/master-data-preview.ts';
import type { OperatorOverview } from '../../src/server/services/operator-overview.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { addMarket, GKZ_A, GKZ_B, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Issue 22: the operator's API, for operators only, every change in the audit log. */
let server: TestServer;
let operator: { email: string; cookie: string };
beforeAll(async () => {
  server = await startTestServer();
  operator = await loggedInUser(server.db, GKZ_A);
  await server.db.query('UPDATE users SET operator_since = now() WHERE email = $1', [operator.email]);
});
afterAll(() => server.close());

const send = (method: 'GET' | 'POST', path: string, cookie?: string, body?: Record<string, unknown>) =>
  server.fetch(path, {
    method,
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
const json = async <T = unknown>(response: Response) =>
  (await response.json()) as { data: T; error?: { code: string } };
const municipalities = (response: Response) => json<{ municipalities: MunicipalityAccounts[] }>(response);
const auditLog = async () =>
  (await json<{ actions: OperatorActionRow[] }>(await send('GET', '/api/operator/audit', operator.cookie))).data
    .actions;

const CALLS: [method: 'GET' | 'POST', path: string, body?: Record<string, unknown>][] = [
  ['GET', '/api/operator/municipalities?q=Hartberg'],
  ['POST', '/api/operator/allow_email', { gkz: GKZ_A, email: 'neu@hartberg.at' }],
  ['POST', '/api/operator/disallow_email', { gkz: GKZ_A, email: 'neu@hartberg.at' }],
  ['POST', '/api/operator/disable_user', { email: 'neu@hartberg.at' }],
  ['POST', '/api/operator/end_sessions', { email: 'neu@hartberg.at' }],
  ['GET', `/api/operator/quotas/${GKZ_A}`],
  ['POST', '/api/operator/set_quota', { gkz: GKZ_A, name: 'markets', value: 90 }],
  ['POST', '/api/operator/master_data', { municipalities: 'x', districts: 'y' }],
  ['GET', '/api/operator/nightly'],
  ['GET', '/api/operator/overview'],
  ['GET', '/api/operator/audit'],
  ['POST', '/api/operator/campaign', { year: 2027, deadline: '2027-01-15' }],
  ['GET', '/api/operator/campaign'],
  ['GET', '/api/operator/campaign.csv'],
  ['GET', '/api/operator/campaign/reminders'],
  ['POST', '/api/operator/campaign/reminders', {}],
  ['POST', '/api/operator/campaign/close', { year: 2027 }],
  ['GET', '/api/operator/no-such-call'],
];

describe('operator API', () => {
  it('refuses every call to anonymous users (401) and to clerks (403), changing nothing', async () => {
    const clerk = await loggedInUser(server.db, GKZ_B);
    const count = async () =>
      (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM operator_actions'))[0]!.n;
    const before = await count();
    for (const [method, path, body] of CALLS) {
      const anonymous = await send(method, path, undefined, body);
      expect([path, anonymous.status, (await json(anonymous)).error?.code]).toEqual([path, 401, 'not_logged_in']);
      const refused = await send(method, path, clerk.cookie, body);
      expect([path, refused.status, (await json(refused)).error?.code]).toEqual([path, 403, 'forbidden']);
    }
    expect(await count()).toBe(before);
    expect(await server.db.query('SELECT 1 FROM allowed_emails WHERE email = $1', ['neu@hartberg.at'])).toEqual([]);
  });

  it('finds municipalities by name, gkz, district or state, with their addresses and users', async () => {
    for (const q of ['Hartberg', '62219', 'Hartberg-Fürstenfeld']) {
      const { data } = await municipalities(
        await send('GET', `/api/operator/municipalities?q=${encodeURIComponent(q)}`, operator.cookie),
      );
      expect(data.municipalities.map((m) => m.gkz)).toContain(GKZ_A);
    }
    const { data } = await municipalities(await send('GET', '/api/operator/municipalities?q=62219', operator.cookie));
    expect(data.municipalities[0]).toMatchObject({
      gkz: GKZ_A,
      name: 'Hartberg',
      state: 'Steiermark',
    });
    expect(data.municipalities[0]?.allowed).toContainEqual({
      email: operator.email,
      user: { confirmed: true, disabled: false, language: 'de' },
    });
    const wild = await municipalities(await send('GET', '/api/operator/municipalities?q=%25', operator.cookie));
    expect(wild.data.municipalities).toEqual([]);
  });

  it('pages through every Styrian municipality in Austrian order, the one named first, with the total (issue 55)', async () => {
    type Page = { municipalities: MunicipalityAccounts[]; total: number; page: number; per_page: number };
    const page = async (query: string) =>
      (await json<Page>(await send('GET', `/api/operator/municipalities?${query}`, operator.cookie))).data;
    const seen: MunicipalityAccounts[] = [];
    for (let n = 1; n <= 3; n += 1) {
      const answer = await page(`q=Steiermark&per_page=100&page=${n}`);
      expect(answer).toMatchObject({ total: 286, page: n, per_page: 100 });
      seen.push(...answer.municipalities);
    }
    expect(new Set(seen.map((m) => m.gkz)).size).toBe(286);
    expect(seen.every((m) => m.state_code === 6)).toBe(true);
    const names = seen.map((m) => m.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('de-AT').compare));
    expect(names.indexOf('Gössendorf')).toBeLessThan(names.indexOf('Graz'));
    // A page past the end is the last one.
    expect(await page('q=Steiermark&page=4&per_page=100')).toMatchObject({ page: 3, total: 286 });

    // A state by its name in any of the portal's languages (the console names it so).
    for (const name of ['Styria', 'styrie']) expect((await page(`q=${name}`)).total).toBe(286);
    const graz = await page('q=graz');
    expect(graz.municipalities[0]).toMatchObject({ gkz: '60101', name: 'Graz' });
    expect(graz.total).toBeGreaterThan(20); // Graz-Umgebung's municipalities too
    expect((await page('q=62219')).municipalities.map((m) => m.gkz)).toEqual(['62219']);
    const byCode = (await page('q=Steiermark&sort=gkz')).municipalities.map((m) => m.gkz);
    expect(byCode).toEqual([...byCode].sort());
    expect((await page('q=Steiermark')).municipalities).toHaveLength(25);
    for (const bad of ['page=0', 'per_page=101', 'sort=markets', 'page=x'])
      expect((await send('GET', `/api/operator/municipalities?${bad}`, operator.cookie)).status).toBeGreaterThanOrEqual(
        400,
      );
  });

  it('disallowing an address ends that user’s sessions at the next request; each action lands in the audit log', async () => {
    const clerk = await loggedInUser(server.db, GKZ_A);
    const saveStatus = async () =>
      (
        await send('POST', '/api/save_market', clerk.cookie, {
          title: 'Kirtag',
          type: 'kirtag',
          schedule: 'dates',
          location: 'Hartberg',
        })
      ).status;
    expect(await saveStatus()).toBe(200);
    const answer = await send('POST', '/api/operator/disallow_email', operator.cookie, {
      gkz: GKZ_A,
      email: clerk.email.toUpperCase(),
    });
    expect(await json(answer)).toEqual({ data: { sessions_ended: 1 } });
    expect(await saveStatus()).toBe(401);

    expect(
      (await send('POST', '/api/operator/allow_email', operator.cookie, { gkz: GKZ_A, email: 'kassa@hartberg.at' }))
        .status,
    ).toBe(200);
    expect(
      (await send('POST', '/api/operator/set_quota', operator.cookie, { gkz: GKZ_A, name: 'markets', value: '90' }))
        .status,
    ).toBe(200);
    expect(
      (await send('POST', '/api/operator/end_sessions', operator.cookie, { email: 'kassa@hartberg.at' })).status,
    ).toBe(200);
    const actions = await auditLog();
    expect(
      actions
        .slice(0, 4)
        .map((a: { actor: string; action: string; gkz: string | null; email: string | null }) => [
          a.actor,
          a.action,
          a.gkz,
          a.email,
        ]),
    ).toEqual([
      [operator.email, 'end_sessions', null, 'kassa@hartberg.at'],
      [operator.email, 'set_quota', GKZ_A, null],
      [operator.email, 'allow_email', GKZ_A, 'kassa@hartberg.at'],
      [operator.email, 'disallow_email', GKZ_A, clerk.email],
    ]);
    expect(actions[1]!.details).toMatchObject({ quota: 'markets', to: 90 });
  });

  it('the console’s default limits are the columns’ defaults, which a new municipality gets', async () => {
    const rows = await server.db.query<{ column_name: string; column_default: string }>(
      `SELECT column_name, column_default FROM information_schema.columns
       WHERE table_name = 'municipalities' AND column_name LIKE 'max\\_%'`,
    );
    const defaults = Object.fromEntries(rows.map((row) => [row.column_name, Number(row.column_default)]));
    expect(defaults).toEqual({
      max_markets: QUOTA_DEFAULTS.markets,
      max_dates_per_market: QUOTA_DEFAULTS['dates-per-market'],
      max_dates: QUOTA_DEFAULTS.dates,
      max_photo_megabytes: QUOTA_DEFAULTS['photo-megabytes'],
    });
  });

  it('refuses bad input in the operator’s language and changes nothing', async () => {
    const before = await server.db.query('SELECT count(*)::int AS n FROM operator_actions');
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['/api/operator/allow_email', { gkz: '99999', email: 'a@b.at' }, 422, 'not_a_municipality'],
      ['/api/operator/allow_email', { gkz: GKZ_A, email: 'kaputt' }, 422, 'invalid_email'],
      ['/api/operator/disallow_email', { gkz: GKZ_B, email: 'niemand@krems.at' }, 404, 'address_not_allowed'],
      ['/api/operator/disable_user', { email: 'niemand@krems.at' }, 404, 'user_not_found'],
      ['/api/operator/set_quota', { gkz: GKZ_A, name: 'markets', value: 0 }, 422, 'invalid_number'],
      ['/api/operator/set_quota', { gkz: GKZ_A, name: 'termine', value: 5 }, 400, 'invalid_request'],
      ['/api/operator/campaign', { year: 'nächstes', deadline: '2027-01-15' }, 422, 'invalid_number'],
      ['/api/operator/campaign', { year: 2027, deadline: '2027-02-30' }, 422, 'invalid_date'],
      ['/api/operator/master_data', { municipalities: 'a\u0000b', districts: 'x' }, 422, 'invalid_characters'],
    ];
    for (const [path, body, status, code] of cases) {
      const answer = await server.fetch(`${path}?lang=en`, {
        method: 'POST',
        headers: { Cookie: operator.cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const { error } = (await answer.json()) as { error: { code: string; message: string } };
      expect([path, answer.status, error.code]).toEqual([path, status, code]);
      expect(error.message).toMatch(/^[A-Z]/);
    }
    expect(await server.db.query('SELECT count(*)::int AS n FROM operator_actions')).toEqual(before);
    const reminders = await json(await send('POST', '/api/operator/campaign/reminders', operator.cookie, {}));
    expect(reminders.error?.code).toBe('no_campaign');
  });

  it('previews the master-data import, then applies it', async () => {
    await server.db.query(`UPDATE municipalities SET name = 'Alt-Hartberg' WHERE gkz = $1`, [GKZ_A]);
    const lists = {
      municipalities: readFileSync(BUNDLED_MUNICIPALITIES, 'utf8'),
      districts: readFileSync(BUNDLED_DISTRICTS, 'utf8'),
    };
    const preview = await json<MasterDataPreview>(
      await send('POST', '/api/operator/master_data', operator.cookie, lists),
    );
    expect(preview.data).toMatchObject({
      applied: false,
      counts: { municipalities: 2095, districts: 94, states: 9 },
    });
    expect(preview.data.changes).toEqual([
      {
        kind: 'municipality',
        code: GKZ_A,
        change: 'renamed',
        before: 'Alt-Hartberg, 8230 (622)',
        after: 'Hartberg, 8230 (622)',
      },
    ]);
    expect(await server.db.query('SELECT name FROM municipalities WHERE gkz = $1', [GKZ_A])).toEqual([
      { name: 'Alt-Hartberg' },
    ]);
    const applied = await json<MasterDataPreview>(
      await send('POST', '/api/operator/master_data', operator.cookie, { ...lists, apply: true }),
    );
    expect(applied.data).toMatchObject({ applied: true, changes: [{ code: GKZ_A }] });
    expect(await server.db.query('SELECT name FROM municipalities WHERE gkz = $1', [GKZ_A])).toEqual([
      { name: 'Hartberg' },
    ]);
    expect((await auditLog())[0]).toMatchObject({ action: 'import_master_data', details: { changes: 1 } });
  });

  it('previews a list that drops, renames and moves a municipality, with what stays of each (issue 55)', async () => {
    // Rust leaves the list; Frauental an der Laßnitz moves into district 610 under a new code; Graz is renamed.
    await addMarket(server.db, '10201', { title: 'Rust Weinmarkt' });
    await addMarket(server.db, '60305', { title: 'Frauentaler Kirtag' });
    const municipalities = readFileSync(BUNDLED_MUNICIPALITIES, 'utf8')
      .replace(/^10201;Rust;.*\n/m, '')
      .replace(/^60305;Frauental an der Laßnitz;60305;/m, '61099;Frauental an der Laßnitz;61099;')
      .replace(/^60101;Graz;/m, '60101;Graz an der Mur;');
    const lists = { municipalities, districts: readFileSync(BUNDLED_DISTRICTS, 'utf8') };
    const before = await server.db.query('SELECT gkz, name FROM municipalities ORDER BY gkz');
    const preview = await json<MasterDataPreview>(
      await send('POST', '/api/operator/master_data', operator.cookie, lists),
    );
    expect(preview.data.changes).toEqual([
      {
        kind: 'municipality',
        code: '10201',
        change: 'removed',
        before: 'Rust, 7071 (102)',
        after: null,
        holds: { markets: 1, users: 0 },
      },
      {
        kind: 'municipality',
        code: '61099',
        change: 'moved',
        from: '60305',
        before: 'Frauental an der Laßnitz, 8523 (603)',
        after: 'Frauental an der Laßnitz, 8523 (610)',
        holds: { markets: 1, users: 0 },
      },
      {
        kind: 'municipality',
        code: '60101',
        change: 'renamed',
        before: 'Graz, 8010 (601)',
        after: 'Graz an der Mur, 8010 (601)',
      },
    ]);
    expect(await server.db.query('SELECT gkz, name FROM municipalities ORDER BY gkz')).toEqual(before);
  });

  it('pages the audit log: every entry once, newest first, whatever the page size', async () => {
    await server.db.query(
      `INSERT INTO operator_actions (at, actor, action, gkz) SELECT now(), 'command line (test)', 'set_quota', $1
       FROM generate_series(1, 130)`,
      [GKZ_A],
    );
    const all = (
      await server.db.query<{ id: number }>('SELECT id::int AS id FROM operator_actions ORDER BY id DESC')
    ).map((row) => row.id);
    type Page = { actions: OperatorActionRow[]; next: number | null };
    const page = async (query: string) =>
      (await json<Page>(await send('GET', `/api/operator/audit${query}`, operator.cookie))).data;
    expect((await page('')).actions).toHaveLength(100);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 100 }), async (limit) => {
        const seen: number[] = [];
        let answer = await page(`?limit=${limit}`);
        // Bounded, so a cursor that never ends fails the test instead of hanging it.
        for (let pages = 0; pages <= all.length; pages += 1) {
          expect(answer.actions.length).toBeLessThanOrEqual(limit);
          seen.push(...answer.actions.map((a) => a.id));
          if (answer.next === null) break;
          answer = await page(`?limit=${limit}&before=${answer.next}`);
        }
        expect(seen).toEqual(all);
      }),
      { numRuns: 8 },
    );
  });

  it('refuses a malformed page of the audit log in the operator’s language', async () => {
    for (const query of [
      'before=abc',
      'before=-1',
      'before=1e3',
      'limit=0',
      'limit=101',
      'limit=2.5',
      'before=99999999999999999999',
    ]) {
      const answer = await send('GET', `/api/operator/audit?${query}&lang=fr`, operator.cookie);
      const { error } = (await answer.json()) as { error: { code: string; message: string } };
      expect([query, answer.status, error.code]).toEqual([query, 422, 'invalid_number']);
      expect(error.message).toMatch(/nombre/);
    }
  });

  it('shows the last nightly run', async () => {
    expect(await json(await send('GET', '/api/operator/nightly', operator.cookie))).toEqual({ data: { run: null } });
    await server.db.query(
      `INSERT INTO nightly_runs (started_at, finished_at, ok, output) VALUES ('2026-11-23T01:00:00Z', '2026-11-23T01:04:00Z', true, 'Nightly run done')`,
    );
    expect(await json(await send('GET', '/api/operator/nightly', operator.cookie))).toEqual({
      data: {
        run: {
          started_at: '2026-11-23T01:00:00Z',
          finished_at: '2026-11-23T01:04:00Z',
          ok: true,
          output: 'Nightly run done',
        },
      },
    });
  });

  it('overview: the campaign, the last nightly run, registrations waiting for their mail, the latest log (issue 55)', async () => {
    const email = 'wartet@krems.example';
    expect((await send('POST', '/api/operator/allow_email', operator.cookie, { gkz: GKZ_B, email })).status).toBe(200);
    const password = 'Ein-langes-Marktpasswort-2027';
    const registered = await send('POST', '/api/register', undefined, {
      ...{ email, password, password_repeat: password, lang: 'de' },
    });
    expect(registered.status).toBe(202);
    const overview = (await json<OperatorOverview>(await send('GET', '/api/operator/overview', operator.cookie))).data;
    expect(overview.waiting.total).toBe(1);
    expect(overview.waiting.registrations).toEqual([
      { email, gkz: GKZ_B, municipality: 'Krems an der Donau', since: expect.stringMatching(/Z$/) as unknown },
    ]);
    expect(overview.audit).toHaveLength(5);
    expect(overview.audit[0]).toMatchObject({ action: 'allow_email', gkz: GKZ_B, email });
    expect(overview.nightly).toEqual({ finished_at: '2026-11-23T01:04:00Z', ok: true });
    expect(overview).toHaveProperty('campaign');
    expect((await send('GET', '/api/operator/overview', (await loggedInUser(server.db, GKZ_B)).cookie)).status).toBe(
      403,
    );
  });

  it('says at login that the user is an operator, and nothing more for a clerk (issue 55)', async () => {
    const password = 'Ein-langes-Marktpasswort-2027';
    const clerk = await loggedInUser(server.db, GKZ_B);
    await server.db.query('UPDATE users SET password_hash = $1 WHERE email IN ($2, $3)', [
      await hashPassword(password),
      operator.email,
      clerk.email,
    ]);
    const login = async (email: string) =>
      (await json(await send('POST', '/api/login', undefined, { email, password }))).data;
    expect(await login(operator.email)).toEqual({ logged_in: true, operator: true });
    expect(await login(clerk.email)).toEqual({ logged_in: true });
  });
});
