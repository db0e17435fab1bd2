// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): one transaction writes in several municipalities, and the
// preview's jsonb keeps each row's municipality (its own gkz column is null).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GKZ_A, GKZ_B, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Issue 54: the operator imports one spreadsheet for many municipalities (a GKZ column), previews it
 * per municipality and applies it in one transaction; a clerk may not, and a clerk who imports such
 * a sheet takes only their own municipality's lines.
 */
const NOW = new Date('2027-06-01T08:00:00Z');
let server: TestServer;
let operator: { userId: string; email: string; cookie: string };
let clerk: { cookie: string };

interface Row {
  row: number;
  status: string;
  title: string;
  reason?: string;
  message?: string;
  gkz?: string | null;
  municipality?: string | null;
}

beforeAll(async () => {
  server = await startTestServer();
  server.clock.now = NOW;
  operator = await loggedInUser(server.db, GKZ_A);
  await server.db.query('UPDATE users SET operator_since = now() WHERE id = $1', [operator.userId]);
  clerk = await loggedInUser(server.db, GKZ_A);
});
afterAll(() => server.close());

/** The operator's template in English, and lines under it. */
async function sheet(lines: string[][]): Promise<string> {
  const template = await server.fetch('/api/import_template.csv?lang=en&municipalities=1');
  const [header] = (await template.text()).split('\r\n');
  return [header, ...lines.map((line) => line.join(';'))].join('\r\n');
}

async function preview(text: string, cookie: string, path = 'operator/import_preview') {
  const body = new FormData();
  body.set('file', new Blob([text]), 'gemeinden.csv');
  body.set('lang', 'en');
  const response = await server.fetch(`/api/${path}`, { method: 'POST', body, headers: { Cookie: cookie } });
  const answer = (await response.json()) as { data?: { id: string; rows: Row[] }; error?: { code: string } };
  return { status: response.status, ...answer };
}

async function apply(id: string, rows: number[], cookie = operator.cookie) {
  const response = await server.fetch('/api/operator/import_apply', {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ id, rows }),
  });
  return { status: response.status, ...((await response.json()) as { data?: unknown; error?: { code: string } }) };
}

const LINES = [
  [GKZ_A, 'op-1', 'Hartberger Herbstmarkt', 'Jahrmarkt', '2027-10-02', '', '08:00', '17:00', 'Hauptplatz', '', ''],
  [GKZ_A, 'op-1', 'Hartberger Herbstmarkt', 'Jahrmarkt', '2027-10-03', '', '08:00', '17:00', 'Hauptplatz', '', ''],
  [GKZ_B, 'op-2', 'Kremser Adventmarkt', 'Weihnachtsmarkt', '2027-12-04', '', '10:00', '20:00', 'Pfarrplatz', '', ''],
  // The same title and place in another municipality is another market.
  [GKZ_B, 'op-3', 'Hartberger Herbstmarkt', 'Jahrmarkt', '2027-10-02', '', '08:00', '17:00', 'Hauptplatz', '', ''],
  ['', 'op-4', 'Markt ohne Gemeinde', 'Kirtag', '2027-08-15', '', '', '', '', '', ''],
  ['99999', 'op-5', 'Markt im Nirgendwo', 'Kirtag', '2027-08-15', '', '', '', '', '', ''],
  ['Graz', 'op-6', 'Markt mit Namen', 'Kirtag', '2027-08-15', '', '', '', '', '', ''],
  // Refused for itself, the line stays under its municipality.
  [GKZ_B, 'op-7', 'Kirtag ohne Tag', 'Kirtag', '', '', '', '', '', '', ''],
];

describe("the operator's import", () => {
  it('is the operator’s alone', async () => {
    const refused = await preview(await sheet(LINES), clerk.cookie);
    expect(refused.status).toBe(403);
    expect(refused.error?.code).toBe('forbidden');
    const anonymous = await server.fetch('/api/operator/import_preview', { method: 'POST', body: new FormData() });
    expect(anonymous.status).toBe(401);
  });

  it('previews per municipality, applies in each, and finds the same the next time', async () => {
    const { status, data } = await preview(await sheet(LINES), operator.cookie);
    expect(status).toBe(200);
    const rows = data!.rows;
    expect(rows.map(({ row, status, gkz, reason }) => [row, status, gkz, reason ?? null])).toEqual([
      [2, 'new', GKZ_A, null],
      [4, 'new', GKZ_B, null],
      [5, 'new', GKZ_B, null],
      [6, 'refused', null, 'no_municipality'],
      [7, 'refused', null, 'unknown_municipality'],
      [8, 'refused', null, 'unknown_municipality'],
      [9, 'refused', GKZ_B, 'no_date'],
    ]);
    expect(rows[0]!.municipality).toBe('Hartberg');
    expect(rows[4]!.message).toBe('There is no municipality with the code “99999”.');

    const applied = await apply(data!.id, [2, 4, 5]);
    expect(applied).toEqual({ status: 200, data: { markets: 3, municipalities: 2 } });
    const markets = await server.db.query<{ gkz: string; title: string; dates: number }>(
      `SELECT m.gkz::text AS gkz, m.title, (SELECT count(*)::int FROM market_dates d WHERE d.market_id = m.id) AS dates
       FROM markets m WHERE m.title IN ('Hartberger Herbstmarkt', 'Kremser Adventmarkt') ORDER BY m.gkz, m.title`,
    );
    expect(markets).toEqual([
      { gkz: GKZ_B, title: 'Hartberger Herbstmarkt', dates: 1 },
      { gkz: GKZ_B, title: 'Kremser Adventmarkt', dates: 1 },
      { gkz: GKZ_A, title: 'Hartberger Herbstmarkt', dates: 2 },
    ]);
    const history = await server.db.query<{ user_email: string; source: string }>(
      `SELECT DISTINCT c.user_email, c.source FROM market_changes c JOIN markets m ON m.id = c.market_id
       WHERE m.title IN ('Hartberger Herbstmarkt', 'Kremser Adventmarkt')`,
    );
    expect(history).toEqual([{ user_email: operator.email, source: 'gemeinden.csv' }]);
    const [audit] = await server.db.query<{ action: string; actor: string; details: unknown }>(
      'SELECT action, actor, details FROM operator_actions ORDER BY id DESC LIMIT 1',
    );
    expect(audit).toEqual({
      action: 'import_markets',
      actor: operator.email,
      details: { source: 'gemeinden.csv', markets: 3, municipalities: 2 },
    });

    // Imported again: every market is the same; a preview applies only once.
    const again = await preview(await sheet(LINES), operator.cookie);
    expect(again.data!.rows.filter((row) => row.status !== 'refused').map((row) => row.status)).toEqual([
      'same',
      'same',
      'same',
    ]);
    expect((await apply(data!.id, [2])).status).toBe(404);
    // The same rows picked write nothing, and count none.
    expect(await apply(again.data!.id, [2, 4, 5])).toEqual({ status: 200, data: { markets: 0, municipalities: 0 } });
  });

  it("gives a clerk only their own municipality's lines of such a sheet", async () => {
    const { status, data } = await preview(await sheet(LINES.slice(0, 4)), clerk.cookie, 'import_preview');
    expect(status).toBe(200);
    expect(data!.rows.map(({ row, reason }) => [row, reason ?? null])).toEqual([
      [2, null],
      [4, 'other_municipality'],
      [5, 'other_municipality'],
    ]);
  });

  it('reads a clerk’s line naming their own municipality as one naming none: one market, not two', async () => {
    const lines = [
      [GKZ_A, '', 'Hartberger Frühlingsmarkt', 'Jahrmarkt', '2028-04-10', '', '08:00', '17:00', 'Hauptplatz', '', ''],
      ['', '', 'Hartberger Frühlingsmarkt', 'Jahrmarkt', '2028-04-11', '', '08:00', '17:00', 'Hauptplatz', '', ''],
      ['', '', 'Hartberger Frühlingsmarkt', 'Jahrmarkt', '2028-04-10', '', '08:00', '17:00', 'Hauptplatz', '', ''],
    ];
    const { status, data } = await preview(await sheet(lines), clerk.cookie, 'import_preview');
    expect(status).toBe(200);
    expect(data!.rows.map(({ row, status, reason }) => [row, status, reason ?? null])).toEqual([
      [2, 'new', null],
      [4, 'refused', 'duplicate'],
    ]);
  });
});
