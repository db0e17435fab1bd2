import { randomUUID } from 'node:crypto';
import fc, { type Arbitrary } from 'fast-check';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketsOf, type DirectoryPage } from '../../src/lib/directory/listing.ts';
import { ERROR_STATUS, isErrorCode } from '../../src/lib/error-codes.ts';
import { LOCALES } from '../../src/lib/languages.ts';
import { MARKET_TYPES } from '../../src/lib/market.ts';
import { issueToken } from '../../src/server/auth/one-time-tokens.ts';
import { hashToken } from '../../src/server/auth/sessions.ts';
import { loadConfig } from '../../src/server/config.ts';
import { readDirectory } from '../../src/server/directory/read-directory.ts';
import { BODY_LIMIT, createApi } from '../../src/server/http/api.ts';
import { startServer, type RunningServer } from '../../src/server/http/server.ts';
import { addMarket, GKZ_A, GKZ_B, loggedInUser } from './helpers/fixtures.ts';
import {
  acceptedText,
  acceptedUrl,
  endpoints as endpointsOf,
  headers as headersOf,
  oneOf,
  OWN_ORIGIN,
  RULES,
  type Endpoint,
} from './helpers/fuzz-calls.ts';
import { encodeBody, encoding, headerJunk, hostileSegment, hostileString } from './helpers/fuzz-inputs.ts';
import { expectEscaped, plainTwin } from './helpers/page-checks.ts';
import { send, type RawAnswer, type RawRequest } from './helpers/raw-http.ts';
import { startDirectoryRenderer, type DirectoryRenderer } from './helpers/render-directory.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Every API call, logged out and in, with hostile bodies, ids, paths, queries and headers. Each
 * answer must be below 500, JSON of the api.md shape (or a documented other type), free of stack
 * traces; a refused request must store nothing; no answer may show a record or an address of the
 * other municipality; hostile text that is saved must come out escaped on the directory pages.
 * fast-check prints the seed and the path of a failing run; pass them to fc.assert to replay it.
 */
const SEED = 20_261_123;
/** Shrinking a failure stops after 20 s, so fast-check reports it (with seed and path) before the test times out. */
const CHECK = { seed: SEED, skipAllAfterTimeLimit: 20_000 };
/** Each request is shrunk in at most so many steps: a failure is reported soon, with a small enough example. */
const limited = <T>(arbitrary: Arbitrary<T>) => fc.limitShrink(arbitrary, 200);
const TIMEOUT = 60_000;
const RUNS = { endpoint: 80, raw: 250, render: 30 };
/** The calls with most to get wrong get more runs. */
const MORE_RUNS = [
  'save_market',
  'save_market_date',
  'add_market_dates',
  'delete_market',
  'delete_market_date',
  'change_market_days',
  'get_market_history',
  'update_visitor',
  'register',
  'login',
];
const SITE = 'http://portal.test';
const STACK_TRACE = /\n\s+at |\/src\/|node_modules|\b\w*Error:|\.ts:\d+/;
/** Tables beside markets and dates that a request may write to. */
const OTHER_TABLES = [
  'users',
  'visitors',
  'allowed_emails',
  'one_time_tokens',
  'registrations',
  'page_views',
  'market_changes',
];

let server: TestServer;
/** The same portal behind a reverse proxy (TRUST_PROXY): X-Forwarded-* are believed there. */
let proxied: RunningServer;
let clerks: Record<'A' | 'B', Awaited<ReturnType<typeof loggedInUser>>>;
let fixture: {
  markets: string[];
  dates: string[];
  visitors: string[];
  tokens: string[];
  emails: string[];
};

beforeAll(async () => {
  server = await startTestServer();
  // The days the fuzz enters (helpers/fuzz-calls.ts) are allowed on this one.
  server.clock.now = new Date('2026-11-23T10:00:00Z');
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', SEED_DEMO: '0', PUBLIC_BASE_URL: SITE, TRUST_PROXY: '1' });
  const mailer = { send: (mail: (typeof server.mails)[number]) => Promise.resolve(void server.mails.push(mail)) };
  proxied = await startServer({ config, db: server.db, mailer, clock: () => server.clock.now });
  clerks = { A: await loggedInUser(server.db, GKZ_A), B: await loggedInUser(server.db, GKZ_B) };
  await server.db.query(`INSERT INTO allowed_emails (email, gkz) VALUES ('kassa@hartberg.example', $1)`, [GKZ_A]);
  const hiddenDate = { date_start: '2027-06-12', date_end: '2027-06-12', hidden: true };
  const shownA = await addMarket(server.db, GKZ_A, { title: 'Bauernmarkt Hartberg' }, [{}, hiddenDate]);
  const hiddenA = await addMarket(server.db, GKZ_A, { title: 'Versteckt A', hidden: true });
  const shownB = await addMarket(server.db, GKZ_B, { title: 'Kirtag Krems', type: 'kirtag' }, [{}, hiddenDate]);
  const hiddenB = await addMarket(server.db, GKZ_B, { title: 'Versteckt B', hidden: true });
  const visitors = [randomUUID(), randomUUID()];
  for (const id of visitors) {
    await server.db.query(`INSERT INTO visitors (id, readable_id) VALUES ($1, $2)`, [id, id.slice(0, 9)]);
  }
  await server.db.query('UPDATE visitors SET user_id = $1 WHERE id = $2', [clerks.A.userId, visitors[0]]);
  const now = server.clock.now;
  const expired = new Date(now.getTime() - 2 * 60 * 60 * 1000);
  fixture = {
    markets: [shownA, hiddenA, shownB, hiddenB].map(({ market }) => market.id),
    dates: [shownA, hiddenA, shownB, hiddenB].flatMap(({ dates }) => dates.map((date) => date.id)),
    visitors,
    tokens: [
      await issueToken(server.db, clerks.A.userId, 'confirm_email', now),
      await issueToken(server.db, clerks.A.userId, 'reset_password', now),
      await issueToken(server.db, clerks.B.userId, 'reset_password', expired),
    ],
    emails: [clerks.A.email, clerks.B.email, 'kassa@hartberg.example', 'nobody@gemeinde.example'],
  };
});
afterAll(async () => {
  await proxied?.close();
  await server?.close();
});

/**
 * Every row that a request could store, by part: the two municipalities' markets and dates, and the
 * rest. A table's part is its count and the sum of its rows' versions (xmin): a row inserted,
 * changed or deleted moves one or the other, a row written again with the same values too. (Its
 * rows' text, sorted and hashed, cost the file a third of its time.)
 */
async function snapshot(): Promise<{ A: string; B: string; rest: string }> {
  const rows = (from: string) => `(SELECT count(*) || ' ' || coalesce(sum(t.xmin::text::bigint), 0) FROM ${from})`;
  const municipality = (gkz: string) =>
    `${rows(`markets t WHERE gkz = '${gkz}'`)} || ${rows(`market_dates t WHERE market_id IN (SELECT id FROM markets WHERE gkz = '${gkz}')`)}`;
  // Excluded, because a refused request may change them: rate_limits (every counted attempt, refused
  // or not) and sessions.last_seen_at (a request with a session cookie moves it on, once a minute),
  // so sessions are compared by their other columns.
  const sessions = `(SELECT count(*) || ' ' || coalesce(md5(string_agg(s::text, '|' ORDER BY s::text)), '')
    FROM (SELECT token_hash, user_id, expires_at FROM sessions) s)`;
  const rest = [
    ...OTHER_TABLES.map((table) => rows(`${table} t`)),
    sessions,
    '(SELECT version::text FROM content_version)',
  ].join(` || ' ' || `);
  const [row] = await server.db.query<{ a: string; b: string; rest: string }>(
    `SELECT ${municipality(GKZ_A)} AS a, ${municipality(GKZ_B)} AS b, ${rest} AS rest`,
  );
  return { A: row!.a, B: row!.b, rest: row!.rest };
}

/** Before each run: sessions a previous run ended (logout, reset_password) come back, and the limits start over. */
async function resetBetweenRuns(): Promise<void> {
  const session = ({ cookie, userId }: (typeof clerks)['A']) => [hashToken(cookie.split('=')[1]!), userId];
  await server.db.query(
    `WITH limits AS (DELETE FROM rate_limits)
     INSERT INTO sessions (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + interval '1 hour'), ($3, $4, now() + interval '1 hour')
     ON CONFLICT (token_hash) DO UPDATE SET expires_at = EXCLUDED.expires_at, last_seen_at = now()`,
    [...session(clerks.A), ...session(clerks.B)],
  );
}

/** What only a clerk of the own municipality may see: hidden markets and dates (as they are now), and the clerk's address. */
async function secrets(): Promise<Array<{ text: string; owner: 'A' | 'B' }>> {
  const hidden = await server.db.query<{ id: string; gkz: string }>(
    `SELECT id, gkz FROM markets WHERE hidden
     UNION ALL SELECT d.id, m.gkz FROM market_dates d JOIN markets m ON m.id = d.market_id WHERE d.hidden OR m.hidden`,
  );
  return [
    ...hidden.map(({ id, gkz }) => ({ text: id, owner: gkz === GKZ_A ? ('A' as const) : ('B' as const) })),
    { text: clerks.A.email, owner: 'A' },
    { text: clerks.B.email, owner: 'B' },
  ];
}

interface Sent extends RawRequest {
  viaProxy: boolean;
  /** For messages: how the body was sent. */
  label: string;
}

/** Whose sessions a request carries. */
function viewersOf(request: RawRequest): Array<'A' | 'B'> {
  const cookies = [request.headers['cookie'] ?? []].flat().join(';');
  return (['A', 'B'] as const).filter((name) => cookies.includes(clerks[name].cookie.split('=')[1]!));
}

/** Sends one request and checks the answer and what it stored. */
async function exchange(request: Sent): Promise<RawAnswer> {
  const before = await snapshot();
  const answer = await send(request.viaProxy ? proxied.url : server.url, request);
  const about = `${request.method} ${request.path.slice(0, 300)} (${request.label}) → ${answer.status} ${answer.body.toString('utf8', 0, 300)}`;
  checkAnswer(request, answer, about);
  const viewers = viewersOf(request);
  if (answer.status < 300) {
    for (const { text, owner } of await secrets()) {
      if (!viewers.includes(owner))
        expect(answer.body.toString(), `shows ${owner}'s ${text}: ${about}`).not.toContain(text);
    }
  }
  const after = await snapshot();
  if (answer.status >= 400) expect(after, `refused, yet stored: ${about}`).toEqual(before);
  for (const other of ['A', 'B'] as const) {
    if (!viewers.includes(other)) expect(after[other], `changed another municipality: ${about}`).toBe(before[other]);
  }
  return answer;
}

function checkAnswer(request: RawRequest, answer: RawAnswer, about: string): void {
  expect(answer.status, about).toBeLessThan(500);
  const text = answer.body.toString('utf8');
  const type = answer.headers['content-type'] ?? '';
  // Node's parser refuses a malformed request itself, with a bare 400 (server.ts, clientError).
  if (answer.status === 400 && answer.body.length === 0 && !type) return;
  expect(answer.headers['x-content-type-options'], about).toBe('nosniff');
  if (answer.status >= 300 || !type.startsWith('application/json')) expect(text, about).not.toMatch(STACK_TRACE);
  if (request.method === 'HEAD' || answer.status === 304 || answer.status === 204) {
    expect(answer.body.length, about).toBe(0);
    return;
  }
  if (answer.status < 300 && type.startsWith('text/calendar')) {
    expect(request.path, about).toMatch(/\.ics(\?|$)/);
    expect(text, about).toMatch(/^BEGIN:VCALENDAR\r\n/);
  } else if (answer.status < 300 && type.startsWith('application/atom+xml')) {
    expect(request.path, about).toMatch(/^\/api\/public\/markets\.atom(\?|$)/);
    expect(text, about).toMatch(
      /^<\?xml version="1\.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom"/,
    );
  } else if (answer.status < 300 && type.startsWith('text/csv')) {
    expect(request.path, about).toMatch(/\.csv(\?|$)/);
    expect(text, about).toMatch(/^\uFEFF[^\r\n]+;/);
  } else if (answer.status < 300 && type.startsWith('application/schema+json')) {
    expect(request.path, about).toMatch(/^\/api\/public\/markets\.schema\.json(\?|$)/);
    expect(JSON.parse(text), about).toHaveProperty('$schema');
  } else {
    expect(type, about).toMatch(/^application\/(schema\+)?json/);
    const body = JSON.parse(text) as Record<string, unknown>;
    if (answer.status < 300) expect(Object.keys(body), about).toEqual(['data']);
    else checkError(body, answer.status, about);
  }
}

function checkError(body: Record<string, unknown>, status: number, about: string): void {
  expect(Object.keys(body), about).toEqual(['error']);
  const { code, message, fields, ...rest } = body['error'] as Record<string, unknown>;
  expect(rest, about).toEqual({});
  expect(isErrorCode(code) && ERROR_STATUS[code], about).toBe(status);
  expect(typeof message === 'string' && message.length > 0, about).toBe(true);
  if (fields !== undefined) expect(Object.values(fields as object).every(isErrorCode), about).toBe(true);
}

const endpoints = () => endpointsOf({ ...fixture, municipalities: [GKZ_A, GKZ_B] });
const headers = () => headersOf([clerks.A.cookie, clerks.B.cookie]);

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];
/** A second, different value for a header sent twice. */
const SECOND_VALUE: Record<string, string> = {
  'content-type': 'text/plain',
  origin: 'https://evil.example',
  'accept-language': 'fr',
  'if-none-match': '*',
  'x-forwarded-for': '198.51.100.1',
};
const twice: Arbitrary<string[]> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<string[]>([]) },
  { weight: 1, arbitrary: fc.subarray(Object.keys(SECOND_VALUE), { minLength: 1, maxLength: 2 }) },
);

/** The headers with the own origin filled in, and some sent twice with different values. */
function finish(headers: Record<string, string | string[]>, viaProxy: boolean, doubled: readonly string[]) {
  const all: Record<string, string | string[]> = { ...headers };
  if (all['origin'] === OWN_ORIGIN) all['origin'] = new URL(viaProxy ? proxied.url : server.url).origin;
  for (const name of doubled) {
    const value = all[name];
    if (typeof value === 'string') all[name] = [value, SECOND_VALUE[name]!];
  }
  return all;
}

function requestTo(endpoint: Endpoint): Arbitrary<Sent> {
  return fc.oneof(
    { weight: 2, arbitrary: hostileRequestTo(endpoint) },
    { weight: 1, arbitrary: cleanRequestTo(endpoint) },
  );
}

/** Anything goes: any method, body, encoding and headers. */
function hostileRequestTo(endpoint: Endpoint): Arbitrary<Sent> {
  const method = fc.oneof(
    { weight: 9, arbitrary: fc.constant(endpoint.method) },
    { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) },
  );
  const request = fc.record({
    path: endpoint.path,
    method,
    fields: endpoint.fields ?? fc.constant(undefined),
    encoding,
    pick: fc.nat(),
    chunked: fc.boolean(),
    viaProxy: fc.boolean(),
    headers: headers(),
    twice,
  });
  return limited(
    request.map(
      ({ path, method: sentWith, fields, encoding: how, pick, chunked, viaProxy, headers: given, twice: doubled }) => {
        if (!fields)
          return { method: sentWith, path, headers: finish(given, viaProxy, doubled), viaProxy, label: 'no body' };
        const { body, type } = encodeBody(fields, how, pick);
        const typed = type === undefined ? given : { ...given, 'content-type': type };
        const sent = { method: sentWith, path, headers: finish(typed, viaProxy, doubled), body, viaProxy };
        const label = doubled.length > 0 ? `${how}, twice: ${doubled.join()}` : how;
        return { ...sent, chunked: chunked && pick % 4 === 0, label };
      },
    ),
  );
}

/**
 * As the portal's own pages or the app send it, by a clerk, so that hostile values in the fields
 * get past the session, the origin and the body's form to the services and the database.
 */
function cleanRequestTo(endpoint: Endpoint): Arbitrary<Sent> {
  const request = fc.record({
    path: endpoint.path,
    fields: endpoint.whole ?? fc.constant(undefined),
    encoding: fc.constantFrom('json', 'form', 'multipart' as const),
    cookie: fc.constantFrom(clerks.A.cookie, clerks.B.cookie),
    viaProxy: fc.boolean(),
  });
  return limited(
    request.map(({ path, fields, encoding: how, cookie, viaProxy }) => {
      const sent = { method: endpoint.method, path, viaProxy, label: `clean ${how}` };
      if (!fields) return { ...sent, headers: { cookie } };
      const { body, type } = encodeBody(fields, how, 1);
      return { ...sent, headers: { cookie, 'content-type': type! }, body };
    }),
  );
}

/** Any method and path, bytes as the body, any Content-Type. */
function rawRequest(): Arbitrary<Sent> {
  const path = fc.oneof(
    fc.constantFrom('/api', '/api/', '/api?x', '//api//health', '/api/../api/health', '/api/%2e%2e/health', '/'),
    fc.tuple(fc.constantFrom('/api/', '/api/public/', '/api/get_content/'), hostileSegment).map(([a, b]) => a + b),
  );
  const request = fc.record({
    method: fc.constantFrom(...OTHER_METHODS, 'TRACE'),
    path,
    body: fc.option(
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
      { nil: undefined },
    ),
    type: fc.option(fc.oneof(fc.constantFrom('application/json', 'multipart/form-data; boundary=x'), headerJunk), {
      nil: undefined,
    }),
    chunked: fc.boolean(),
    viaProxy: fc.boolean(),
    headers: headers(),
    twice,
  });
  return limited(
    request.map(({ body, type, chunked, viaProxy, headers: given, twice: doubled, ...rest }) => {
      const typed = type === undefined ? given : { ...given, 'content-type': type };
      return {
        ...rest,
        headers: finish(typed, viaProxy, doubled),
        ...(body && { body, chunked }),
        viaProxy,
        label: 'raw',
      };
    }),
  );
}

/** The route (src/server/http/api.ts, routes/*.ts) each fuzzed call stands for. */
const ROUTES: Record<string, string> = {
  health: 'GET /api/health',
  get_content: 'GET /api/get_content/:exhibition',
  get_content_stops: 'GET /api/get_content_stops/:exhibition',
  get_own_content: 'GET /api/get_own_content',
  get_visitor_data: 'GET /api/get_visitor_data/:visitorId',
  create_visitor: 'POST /api/create_visitor',
  update_visitor: 'POST /api/update_visitor',
  register: 'POST /api/register',
  confirm_email: 'POST /api/confirm_email',
  resend_confirmation: 'POST /api/resend_confirmation',
  login: 'POST /api/login',
  logout: 'POST /api/logout',
  forgot_password: 'POST /api/forgot_password',
  reset_password: 'POST /api/reset_password',
  change_password: 'POST /api/change_password',
  logout_everywhere: 'POST /api/logout_everywhere',
  get_account: 'GET /api/get_account',
  save_market: 'POST /api/save_market',
  delete_market: 'POST /api/delete_market',
  upload_market_image: 'POST /api/upload_market_image',
  import_preview: 'POST /api/import_preview',
  import_apply: 'POST /api/import_apply',
  'import_template.csv': 'GET /api/import_template.csv',
  calendar_subscription: 'GET /api/calendar_subscription',
  save_calendar_subscription: 'POST /api/save_calendar_subscription',
  delete_calendar_subscription: 'POST /api/delete_calendar_subscription',
  calendar_subscription_seen: 'POST /api/calendar_subscription_seen',
  delete_market_image: 'POST /api/delete_market_image',
  save_market_date: 'POST /api/save_market_date',
  add_market_dates: 'POST /api/add_market_dates',
  delete_market_date: 'POST /api/delete_market_date',
  change_market_days: 'POST /api/change_market_days',
  get_market_history: 'GET /api/get_market_history/:id',
  page_view: 'POST /api/page_view',
  'public/markets.json': 'GET /api/public/markets.json',
  'public/markets.ics': 'GET /api/public/markets.ics',
  'public/markets.atom': 'GET /api/public/markets.atom',
  'public/markets.schema.json': 'GET /api/public/markets.schema.json',
  'public/markets/{id}.ics': 'GET /api/public/markets/:file{[^/]+\\.ics}',
  'public/municipalities/{gkz}.ics': 'GET /api/public/municipalities/:file{\\d{5}\\.ics}',
  'public/book/{edition}': 'GET /api/public/book/:edition',
  campaign: 'GET /api/campaign',
  'campaign/confirm': 'POST /api/campaign/confirm',
  'operator/municipalities': 'GET /api/operator/municipalities',
  'operator/allow_email': 'POST /api/operator/allow_email',
  'operator/disallow_email': 'POST /api/operator/disallow_email',
  'operator/disable_user': 'POST /api/operator/disable_user',
  'operator/end_sessions': 'POST /api/operator/end_sessions',
  'operator/quotas/{gkz}': 'GET /api/operator/quotas/:gkz',
  'operator/set_quota': 'POST /api/operator/set_quota',
  'operator/master_data': 'POST /api/operator/master_data',
  'operator/nightly': 'GET /api/operator/nightly',
  'operator/import_preview': 'POST /api/operator/import_preview',
  'operator/import_apply': 'POST /api/operator/import_apply',
  'operator/overview': 'GET /api/operator/overview',
  'operator/audit': 'GET /api/operator/audit',
  'operator/campaign (open)': 'POST /api/operator/campaign',
  'operator/campaign': 'GET /api/operator/campaign',
  'operator/campaign.csv': 'GET /api/operator/campaign.csv',
  'operator/campaign/reminders (preview)': 'GET /api/operator/campaign/reminders',
  'operator/campaign/reminders': 'POST /api/operator/campaign/reminders',
  'operator/campaign/close': 'POST /api/operator/campaign/close',
};

describe('every API call, with hostile input, logged out and in', () => {
  const names = [...Object.keys(ROUTES), 'unknown paths'];

  it('covers every route the API has', () => {
    const api = createApi({
      db: server.db,
      config: loadConfig({ SEED_DEMO: '0' }),
      mailer: { send: () => Promise.resolve() },
    });
    const routes = api.routes.filter(({ method }) => method !== 'ALL').map(({ method, path }) => `${method} ${path}`);
    expect(routes.sort()).toEqual(Object.values(ROUTES).sort());
    expect(Object.keys(endpoints()).sort()).toEqual([...names].sort());
  });

  for (const name of names) {
    it(
      name,
      async () => {
        const endpoint = endpoints()[name]!;
        await fc.assert(
          fc.asyncProperty(requestTo(endpoint), async (request) => {
            await resetBetweenRuns();
            await exchange(request);
          }),
          { ...CHECK, numRuns: MORE_RUNS.includes(name) ? 2.5 * RUNS.endpoint : RUNS.endpoint },
        );
      },
      TIMEOUT,
    );
  }

  it(
    'any method, path, body bytes and headers',
    async () => {
      await fc.assert(
        fc.asyncProperty(rawRequest(), async (request) => {
          await resetBetweenRuns();
          await exchange(request);
        }),
        { ...CHECK, numRuns: RUNS.raw },
      );
    },
    TIMEOUT,
  );

  it('refuses every body over 1 MiB with 413, however it is sent, storing nothing', async () => {
    const big = 'x'.repeat(BODY_LIMIT);
    for (const [name, endpoint] of Object.entries(endpoints())) {
      // A photo and an import may be 10 MB: their limits are tested in market-photos.test.ts and imports.test.ts.
      if (
        endpoint.method !== 'POST' ||
        ['upload_market_image', 'import_preview', 'operator/import_preview'].includes(name)
      )
        continue;
      for (const [how, chunked] of [
        ['json', false],
        ['form', true],
        ['multipart', false],
        ['json', true],
      ] as const) {
        const { body, type } = encodeBody({ title: big }, how, 1);
        const answer = await exchange({
          method: 'POST',
          // A key may say which use of a call it is, in brackets: "operator/campaign (open)".
          path: `/api/${name.replace(/ \(.*\)$/, '')}`,
          headers: { 'content-type': type!, cookie: clerks.A.cookie },
          body,
          chunked,
          viaProxy: false,
          label: `${how}, ${body.length} bytes${chunked ? ', chunked' : ''}`,
        });
        expect([name, answer.status]).toEqual([name, 413]);
      }
    }
    const atTheLimit = encodeBody({ title: 'x'.repeat(BODY_LIMIT - '{"title":""}'.length) }, 'json', 1);
    expect(atTheLimit.body.length).toBe(BODY_LIMIT);
    const read = await exchange({
      method: 'POST',
      path: '/api/save_market',
      headers: { 'content-type': atTheLimit.type!, cookie: clerks.A.cookie },
      body: atTheLimit.body,
      viaProxy: false,
      label: 'json of exactly 1 MiB',
    });
    expect([read.status, read.body.toString()]).toEqual([422, expect.stringContaining('too_long')]);
  });

  it('mailed only the portal’s own markup and links, whatever the requests held', () => {
    expect(server.mails.length).toBeGreaterThan(0);
    for (const mail of server.mails) {
      const parser = new Parser({
        onopentag(tag, attributes) {
          expect(['html', 'body', 'p', 'a'], mail.html).toContain(tag);
          expect(
            Object.keys(attributes).every((name) => name === 'lang' || name === 'href'),
            mail.html,
          ).toBe(true);
          if (attributes['href'] !== undefined) expect(attributes['href'].startsWith(`${SITE}/`), mail.html).toBe(true);
        },
      });
      parser.end(mail.html);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// What is saved comes out on the public directory pages (src/pages/**/verzeichnis/[...path].astro).

describe('saved hostile text on the directory pages', () => {
  let renderer: DirectoryRenderer;
  beforeAll(async () => {
    renderer = await startDirectoryRenderer(await readDirectory(server.db, server.clock.now), SITE);
  }, 60_000);
  afterAll(() => renderer?.close());

  /** Renders a market's page and its municipality's page in every language, each beside its plain twin. */
  async function expectPagesEscaped(id: string, about: string): Promise<void> {
    const directory = await readDirectory(server.db, server.clock.now);
    const entry = [...marketsOf(directory)].find(({ market }) => market.id === id);
    expect(entry, `saved, published, yet not in the directory: ${about}`).toBeDefined();
    const { state, district, municipality, market } = entry!;
    for (const locale of LOCALES) {
      // The build shows its own copy of an image (image_file); without one, a link to the address.
      const shown = locale === 'de' && market.image ? { ...market, image_file: '/market-images/x.jpg' } : market;
      const pages: Array<[DirectoryPage, DirectoryPage, string]> = [
        [
          { kind: 'market', state, district, municipality, market: shown },
          { kind: 'market', state, district, municipality, market: plainTwin(shown) },
          market.path,
        ],
        [
          { kind: 'municipality', state, district, municipality },
          {
            kind: 'municipality',
            state,
            district,
            municipality: { ...municipality, markets: municipality.markets.map(plainTwin) },
          },
          municipality.path,
        ],
      ];
      for (const [page, twin, pagePath] of pages) {
        const html = await renderer.render(page, pagePath, locale);
        const parsed = expectEscaped(
          html,
          await renderer.render(twin, pagePath, locale),
          `${locale} ${pagePath}: ${about}`,
        );
        if (page.kind !== 'market') continue;
        expect(parsed.h1, about).toBe(market.title);
        const events = parsed.jsonLd.flatMap(
          (text) => (JSON.parse(text) as { '@graph': Array<{ name: string }> })['@graph'],
        );
        for (const event of events) expect(event.name, about).toBe(market.title);
        if (market.website) expect(parsed.attributes, about).toContainEqual(['href', market.website]);
      }
    }
  }

  it(
    'escapes what clerks saved through the API, on every page and in the JSON-LD',
    async () => {
      const hostileText = oneOf(acceptedText, hostileString, 15);
      const market = fc.record({
        title: hostileText,
        description: hostileText,
        location: hostileText,
        event_location: hostileText,
        floor: hostileText,
        type: fc.constantFrom(...MARKET_TYPES),
        website: fc.oneof(fc.constant(''), acceptedUrl),
        phone: fc.constantFrom('', '+43/3332/6030'),
        email: fc.constantFrom('', 'markt@hartberg.at'),
        image: fc.oneof(
          fc.constant(null),
          fc.record({
            url: acceptedUrl,
            alt: hostileText,
            description: hostileText,
            focal_x: fc.constantFrom(0, 50, 100),
          }),
        ),
      });
      const kind = fc.oneof(
        fc.constant({
          schedule: 'dates',
          rule: null,
          first_date: { date_start: '2027-05-01', date_end: '2027-05-02' },
        }),
        fc.constant({ schedule: 'regular', rule: RULES[0] }),
      );
      const run = limited(fc.record({ market, kind, note: hostileText, clerk: fc.constantFrom<'A' | 'B'>('A', 'B') }));
      await fc.assert(
        fc.asyncProperty(run, async ({ market: fields, kind: schedule, note, clerk }) => {
          await resetBetweenRuns();
          const cookie = clerks[clerk].cookie;
          const post = (name: string, body: object): Sent => ({
            method: 'POST',
            path: `/api/${name}`,
            headers: { 'content-type': 'application/json', cookie },
            body: Buffer.from(JSON.stringify(body)),
            viaProxy: false,
            label: 'json',
          });
          const saved = await exchange(post('save_market', { ...fields, ...schedule }));
          if (saved.status !== 200) return; // refused: nothing to render
          const data = (JSON.parse(saved.body.toString()) as { data: { wko_markets: Record<string, object> } }).data;
          const id = Object.keys(data.wko_markets['2']!)[0]!;
          await exchange(
            post('save_market_date', {
              wko_market_id: id,
              date_start: '2027-08-14',
              date_end: '2027-08-14',
              type: 'additional',
              note,
            }),
          );
          await expectPagesEscaped(id, JSON.stringify({ ...fields, note }));
        }),
        { ...CHECK, numRuns: RUNS.render },
      );
    },
    TIMEOUT,
  );

  it('escapes markup even in records that reached the database some other way', async () => {
    const markup = '</script><script>alert(1)</script>"><img src=x onerror=alert(1)></title><svg onload=alert(1)>';
    const { market } = await addMarket(
      server.db,
      GKZ_A,
      {
        title: `Markt ${markup}`,
        description: markup,
        location: markup,
        event_location: markup,
        floor: markup,
        website: `https://x.example/${markup}`,
        email: `${markup}@x.example`,
        phone: markup,
        image: { url: `https://x.example/${markup}`, alt: markup, description: markup, focal_x: 50, focal_y: 50 },
      },
      [{ note: markup, date_start: '2027-09-04', date_end: '2027-09-04' }],
    );
    await expectPagesEscaped(market.id, 'inserted with markup in every text');
  });

  it('links only web addresses, even of records that reached the database some other way', async () => {
    const { market } = await addMarket(server.db, GKZ_A, {
      title: 'Markt mit Skriptadresse',
      website: 'javascript:alert(1)',
    });
    const directory = await readDirectory(server.db, server.clock.now);
    const entry = [...marketsOf(directory)].find((found) => found.market.id === market.id)!;
    const html = await renderer.render({ kind: 'market', ...entry }, entry.market.path, 'de');
    expect(html).toContain('Markt mit Skriptadresse');
    expect(html).not.toMatch(/href="javascript:/i);
  });
});
