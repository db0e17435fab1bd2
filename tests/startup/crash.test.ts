import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { ContentMarket, MarketDateRecord, MarketRecord } from '../../src/lib/market.ts';
import { viennaDay } from '../../src/lib/market-rules.ts';
import type { Queryable } from '../../src/server/db/database.ts';
import { contentVersion, DATE_COLUMNS, MARKET_COLUMNS, toMarketRecord } from '../../src/server/db/queries/markets.ts';
import { importBundledMasterDataIfEmpty } from '../../src/server/master-data/import.ts';
import { GKZ_A, loggedInUser } from '../api/helpers/fixtures.ts';
import {
  embeddedDatabase,
  postgresDatabase,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
  type TestDatabase,
} from './server-process.ts';

/** Saves acknowledged before the server is killed: enough to be mid-stream, few enough to stay fast. */
const KILL_AFTER = 60;
/** Clients saving at once, each editing only its own records, one request at a time. */
const LANES = 6;
/** Dates of next year: inside the allowed range, never locked, whatever day the test runs. */
const YEAR = Number(viennaDay(new Date()).slice(0, 4)) + 1;
const TYPES = ['bauernmarkt', 'kirtag', 'wochenmarkt'] as const;

type Market = Omit<MarketRecord, 'updated_at'>;
type MarketFields = Omit<Market, 'id' | 'gkz' | 'rrule' | 'version'>;
type DateFields = Omit<MarketDateRecord, 'id' | 'version'>;

/** A record's last acknowledged state, and what it is if the request in flight at the crash was committed. */
interface Entry<T> {
  acked: T;
  pending: T | null;
}

/** Every acknowledged save as sent with the version answered, and the saves in flight when the server died. */
interface Ledger {
  markets: Map<string, Entry<Market>>;
  dates: Map<string, Entry<MarketDateRecord>>;
  /** Creations in flight: committed or not, found by their unique title or note. */
  pendingMarkets: Array<{ market: Omit<Market, 'id'>; firstDate: Omit<MarketDateRecord, 'id' | 'wko_market_id'> }>;
  pendingDates: DateFields[];
  acknowledged: number;
  /** content_version bumps of the acknowledged saves: one per save, taken at its commit (migration 0011). */
  bumps: number;
  inFlightAtKill: number;
  /** Answers that are neither a proper 2xx nor a broken connection: bugs. */
  problems: string[];
}

const marketFields = (lane: number, n: number, revision: number): MarketFields => ({
  title: `Absturzmarkt ${lane}-${n} Fassung ${revision}`,
  description: `Fassung ${revision}`,
  type: TYPES[revision % TYPES.length] ?? 'kirtag',
  schedule: 'dates',
  rule: null,
  location: `Hauptplatz ${lane}`,
  event_location: revision % 2 ? 'Stadthalle' : '',
  floor: '',
  floorplan: '',
  access_info: revision % 2 ? 'Stufenlos erreichbar' : '',
  status: revision % 4 === 3 ? 'inactive' : 'active',
  date_start: null,
  date_end: null,
  season_repeats: false,
  website: revision % 2 ? `https://markt-${lane}-${n}.example/` : '',
  phone: revision % 2 ? '+43/3332/1231234' : '',
  email: revision % 2 ? `markt-${lane}@gemeinde.example` : '',
  image:
    revision % 2
      ? { url: 'https://bilder.example/stand.jpg', alt: 'Marktstand', description: '', focal_x: 30, focal_y: 70 }
      : null,
  hidden: revision % 3 === 2,
});

const day = (lane: number, n: number, offset: number) =>
  `${YEAR}-${String(1 + ((lane + n) % 12)).padStart(2, '0')}-${String(1 + (offset % 27)).padStart(2, '0')}`;

const dateFields = (marketId: string, lane: number, n: number, revision: number, tag: string): DateFields => {
  const cancelled = revision % 5 === 4;
  return {
    wko_market_id: marketId,
    date_start: day(lane, n, revision),
    date_end: day(lane, n, revision + (revision % 2)),
    time_from: revision % 2 ? '08:00' : null,
    time_to: revision % 2 ? '12:30' : null,
    status: cancelled ? 'cancelled' : revision % 3 === 1 ? 'pending' : 'takes_place',
    type: cancelled ? 'cancelled' : 'regular',
    note: `Termin ${tag} Fassung ${revision}`,
    hidden: revision % 4 === 1,
  };
};

interface Saved {
  wko_markets: Record<string, Record<string, ContentMarket>>;
  wko_market_dates: Record<string, MarketDateRecord>;
}

/** The market a save answered (from the German group; every group holds it), without what the server adds. */
function answeredMarket(saved: Saved, id?: string): Market | undefined {
  const group = saved.wko_markets['2'] ?? {};
  const answered = id === undefined ? Object.values(group)[0] : group[id];
  return answered && withoutServerFields(answered);
}

/** A market as the test sends and ledgers it: without the time of the change and the labels. */
function withoutServerFields(market: MarketRecord): Market {
  const serverFields = new Set(['updated_at', 'type_label', 'status_label']);
  return Object.fromEntries(Object.entries(market).filter(([key]) => !serverFields.has(key))) as Market;
}

/**
 * LANES clients save at once: each creates a market with its first date, then changes the market,
 * changes a date, adds a date, …, each step after the previous one was acknowledged, so a record
 * has at most one request in flight. `kill` is called once KILL_AFTER saves are acknowledged.
 */
async function saveStream(url: string, cookie: string, kill: () => void): Promise<Ledger> {
  const ledger: Ledger = {
    markets: new Map(),
    dates: new Map(),
    pendingMarkets: [],
    pendingDates: [],
    acknowledged: 0,
    bumps: 0,
    inFlightAtKill: 0,
    problems: [],
  };
  let inFlight = 0;

  /** The answer's data, or null when the connection broke (the save may or may not be committed). */
  const save = async (call: string, body: object): Promise<Saved | null> => {
    inFlight++;
    try {
      const response = await fetch(`${url}/api/${call}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) {
        ledger.problems.push(`${call} answered ${response.status}: ${text}`);
        return null;
      }
      return (JSON.parse(text) as { data: Saved }).data;
    } catch {
      return null;
    } finally {
      inFlight--;
    }
  };
  const acknowledge = () => {
    ledger.acknowledged++;
    ledger.bumps += 1;
    if (ledger.acknowledged === KILL_AFTER) {
      ledger.inFlightAtKill = inFlight;
      kill();
    }
  };
  const expectAnswer = (what: string, answered: unknown, expected: unknown) => {
    if (!isDeepStrictEqual(answered, expected))
      ledger.problems.push(`${what}: answered ${JSON.stringify(answered)}, sent ${JSON.stringify(expected)}`);
  };

  const createMarket = async (lane: number, n: number) => {
    const fields = marketFields(lane, n, 0);
    const firstDate = { date_start: day(lane, n, 0), date_end: day(lane, n, 1) };
    const pending: Ledger['pendingMarkets'][number] = {
      market: { gkz: GKZ_A, ...fields, rrule: null, version: 1 },
      firstDate: {
        ...firstDate,
        time_from: null,
        time_to: null,
        status: 'takes_place',
        type: 'regular',
        note: '',
        hidden: false,
        version: 1,
      },
    };
    ledger.pendingMarkets.push(pending);
    const saved = await save('save_market', { ...fields, first_date: firstDate });
    if (!saved) return null;
    ledger.pendingMarkets.splice(ledger.pendingMarkets.indexOf(pending), 1);
    const market = answeredMarket(saved);
    const [date] = Object.values(saved.wko_market_dates);
    expectAnswer('new market', market, { id: market?.id, ...pending.market });
    expectAnswer('its first date', date, { id: date?.id, wko_market_id: market?.id, ...pending.firstDate });
    if (!market || !date) return null;
    ledger.markets.set(market.id, { acked: market, pending: null });
    ledger.dates.set(date.id, { acked: date, pending: null });
    acknowledge();
    return { marketId: market.id, dateIds: [date.id] };
  };

  const updateMarket = async (id: string, lane: number, n: number, revision: number) => {
    const entry = ledger.markets.get(id);
    if (!entry) return false;
    const { version } = entry.acked;
    entry.pending = { ...entry.acked, ...marketFields(lane, n, revision), version: version + 1 };
    const saved = await save('save_market', { ...marketFields(lane, n, revision), id, version });
    if (!saved) return false;
    expectAnswer('changed market', answeredMarket(saved, id), entry.pending);
    [entry.acked, entry.pending] = [entry.pending, null];
    acknowledge();
    return true;
  };

  const updateDate = async (id: string, lane: number, n: number, revision: number) => {
    const entry = ledger.dates.get(id);
    if (!entry) return false;
    const { version, wko_market_id: marketId } = entry.acked;
    const fields = dateFields(marketId, lane, n, revision, id);
    entry.pending = { id, ...fields, version: version + 1 };
    const saved = await save('save_market_date', { ...fields, id, version });
    if (!saved) return false;
    expectAnswer('changed date', saved.wko_market_dates[id], entry.pending);
    [entry.acked, entry.pending] = [entry.pending, null];
    acknowledge();
    return true;
  };

  const addDate = async (marketId: string, lane: number, n: number, revision: number) => {
    const fields = dateFields(marketId, lane, n, revision, `${lane}-${n}-${revision}`);
    ledger.pendingDates.push(fields);
    const saved = await save('save_market_date', fields);
    if (!saved) return null;
    ledger.pendingDates.splice(ledger.pendingDates.indexOf(fields), 1);
    const [date] = Object.values(saved.wko_market_dates);
    expectAnswer('new date', date, { id: date?.id, ...fields, version: 1 });
    if (!date) return null;
    ledger.dates.set(date.id, { acked: date, pending: null });
    acknowledge();
    return date.id;
  };

  const lane = async (lane: number) => {
    for (let n = 0; ; n++) {
      const created = await createMarket(lane, n);
      if (!created) return;
      for (let revision = 1; revision <= 6; revision++) {
        const { marketId, dateIds } = created;
        const dateId = dateIds[revision % dateIds.length] ?? '';
        if (revision % 3 === 1 && !(await updateMarket(marketId, lane, n, revision))) return;
        if (revision % 3 === 2 && !(await updateDate(dateId, lane, n, revision))) return;
        if (revision % 3 === 0) {
          const added = await addDate(marketId, lane, n, revision);
          if (!added) return;
          dateIds.push(added);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: LANES }, (_, index) => lane(index + 1)));
  return ledger;
}

interface Content {
  dates: Record<string, MarketDateRecord>;
  markets: Record<string, ContentMarket>;
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The database after the crash and a restart: each record as last acknowledged, or with the save
 * that was in flight committed as sent; nothing else, nothing half, and the counters agree.
 */
async function expectRecovered(db: Queryable, ledger: Ledger, content: Content, baseline: number): Promise<void> {
  const rows = await db.query<Parameters<typeof toMarketRecord>[0]>(`SELECT ${MARKET_COLUMNS} FROM markets m`);
  const markets = rows.map(toMarketRecord).sort(byId);
  const dates = (await db.query<MarketDateRecord>(`SELECT ${DATE_COLUMNS} FROM market_dates d`)).sort(byId);
  let saves = ledger.acknowledged;
  let bumps = ledger.bumps;
  const committed = () => {
    saves++;
    bumps += 1;
  };

  const storedMarkets = new Map(markets.map((market) => [market.id, withoutServerFields(market)]));
  const storedDates = new Map(dates.map((date) => [date.id, date]));
  const check = <T>(kind: string, stored: Map<string, T>, ledgered: Map<string, Entry<T>>) => {
    for (const [id, entry] of ledgered) {
      const record = stored.get(id);
      expect(record, `acknowledged ${kind} ${id}`).toBeDefined();
      expect([entry.acked, entry.pending].filter(Boolean), `${kind} ${id}`).toContainEqual(record);
      if (!isDeepStrictEqual(record, entry.acked)) committed();
      stored.delete(id);
    }
  };
  check('market', storedMarkets, ledger.markets);
  check('date', storedDates, ledger.dates);

  // What is left can only come from creations in flight, committed whole: a market with its first date.
  const pendingMarkets = [...ledger.pendingMarkets];
  for (const market of storedMarkets.values()) {
    const created = pendingMarkets.find((pending) => pending.market.title === market.title);
    expect(created, `market ${market.title} was never sent`).toBeDefined();
    pendingMarkets.splice(pendingMarkets.indexOf(created as (typeof pendingMarkets)[number]), 1);
    expect(market).toEqual({ id: market.id, ...created?.market });
    const own = [...storedDates.values()].filter((date) => date.wko_market_id === market.id);
    expect(own).toEqual([{ id: own[0]?.id, wko_market_id: market.id, ...created?.firstDate }]);
    storedDates.delete(own[0]?.id ?? '');
    committed();
  }
  const pendingDates = [...ledger.pendingDates];
  for (const date of storedDates.values()) {
    const created = pendingDates.find((pending) => pending.note === date.note);
    expect(created, `date ${date.note} was never sent`).toBeDefined();
    pendingDates.splice(pendingDates.indexOf(created as DateFields), 1);
    expect(date).toEqual({ id: date.id, ...created, version: 1 });
    committed();
  }

  const [counters] = await db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM content_version) AS counters,
       (SELECT max(version)::int FROM content_version) AS content_version,
       (SELECT count(*)::int FROM market_changes) AS history_entries,
       (SELECT count(*)::int FROM market_dates d WHERE NOT EXISTS (SELECT 1 FROM markets m WHERE m.id = d.market_id))
         AS dates_without_market,
       (SELECT count(*)::int FROM markets WHERE version < 1) + (SELECT count(*)::int FROM market_dates WHERE version < 1)
         AS versions_below_one,
       (SELECT count(*) - count(DISTINCT id) FROM markets)::int AS duplicated_markets`,
  );
  // One history entry per committed save; the counter where the saves began plus one per save.
  expect(counters).toEqual({
    counters: 1,
    content_version: baseline + bumps,
    history_entries: saves,
    dates_without_market: 0,
    versions_below_one: 0,
    duplicated_markets: 0,
  });

  // The restarted server answered with exactly these records.
  expect(Object.values(content.dates).sort(byId)).toEqual(dates);
  // Each answered market holds its stored record (plus its labels).
  expect(Object.values(content.markets).sort(byId)).toMatchObject(markets);
}

const running: ServerProcess[] = [];
afterEach(() => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  }
});
const start = async (database: TestDatabase) => {
  const server = await startServerProcess(database);
  running.push(server);
  return server;
};

async function crashWhileSaving(database: TestDatabase): Promise<void> {
  const setup = await database.open();
  // The counter where the saves begin: migrations that rewrite data move it on (migration 0001's trigger).
  const { user, baseline } = await importBundledMasterDataIfEmpty(setup)
    .then(async () => ({ user: await loggedInUser(setup, GKZ_A), baseline: Number(await contentVersion(setup)) }))
    .finally(() => setup.close());

  const first = await start(database);
  const ledger = await saveStream(first.url, user.cookie, () => first.child.kill('SIGKILL'));
  expect(ledger.problems).toEqual([]);
  expect(ledger.acknowledged).toBeGreaterThanOrEqual(KILL_AFTER);
  expect(ledger.inFlightAtKill).toBeGreaterThan(0);
  expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
  const lockFile = path.join(database.env.DATA_DIR, 'pglite.lock');
  // The killed process leaves its lock behind; the restart must take it over.
  if (database.kind === 'pglite') expect(readFileSync(lockFile, 'utf8')).toBe(String(first.child.pid));

  const second = await start(database);
  const read = async (call: string) => {
    const response = await fetch(`${second.url}/api/${call}/1?include_hidden_records=1`, {
      headers: { Cookie: user.cookie },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: Partial<Saved> }).data;
  };
  const dates = (await read('get_content')).wko_market_dates ?? {};
  const markets = (await read('get_content_stops')).wko_markets?.['2'] ?? {};
  expect(await stopServerProcess(second)).toEqual({ code: 0, signal: null });
  expect(existsSync(lockFile)).toBe(false);

  const db = await database.open();
  try {
    await expectRecovered(db, ledger, { dates, markets }, baseline);
  } finally {
    await db.close();
  }
}

const adminUrl = process.env['TEST_DATABASE_URL'];

describe('a crash while saving loses no acknowledged save', () => {
  it('in the embedded database', async () => {
    const database = await embeddedDatabase(inject('pgliteTemplate'));
    try {
      await crashWhileSaving(database);
    } finally {
      await database.drop();
    }
  }, 60_000);

  it.skipIf(!adminUrl)(
    'in PostgreSQL (TEST_DATABASE_URL)',
    async () => {
      const database = await postgresDatabase(adminUrl ?? '');
      try {
        await crashWhileSaving(database);
      } finally {
        await database.drop();
      }
    },
    30_000,
  );
});

/** Whether a new connection to `port` is refused. */
function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('SIGTERM', () => {
  it('answers the request in flight in full, exits with 0, and refuses new connections', async () => {
    const database = await embeddedDatabase(inject('pgliteTemplate'));
    const agent = new Agent({ keepAlive: true }); // keeps the connection open after the answer, as a browser does
    try {
      const server = await start(database);
      const port = Number(new URL(server.url).port);
      const visitorId = randomUUID();
      const body = JSON.stringify({ visitor_id_js: visitorId, sys_languages_id: 2 });
      const creating = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/create_visitor',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Expect: '100-continue',
        },
      });
      const answer = new Promise<{ response: IncomingMessage; text: string }>((resolve, reject) => {
        creating.once('error', reject);
        creating.once('response', (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.once('end', () => resolve({ response, text }));
          response.once('error', reject);
        });
      });
      answer.catch(() => {}); // awaited below; a failure before that must not count as unhandled
      creating.flushHeaders();
      // "100 Continue": the server has read the headers and is handling the request.
      await once(creating, 'continue');
      creating.write(body.slice(0, 20));
      server.child.kill('SIGTERM');
      await server.waitForOutput(/SIGTERM: finishing requests in flight/);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await connectOutcome(port), 'a new connection while stopping').toBe('ECONNREFUSED');
      expect(server.child.exitCode, 'still waiting for the rest of the request').toBeNull();
      creating.end(body.slice(20));

      const { response, text } = await answer;
      expect(response.statusCode).toBe(201);
      expect(response.headers.connection).toBe('close');
      expect(JSON.parse(text)).toMatchObject({ data: { visitorId } });
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(await connectOutcome(port), 'a new connection after the exit').toBe('ECONNREFUSED');

      const db = await database.open();
      try {
        expect(await db.query('SELECT id FROM visitors')).toEqual([{ id: visitorId }]);
      } finally {
        await db.close();
      }
    } finally {
      agent.destroy();
      await database.drop();
    }
  }, 45_000);
});
