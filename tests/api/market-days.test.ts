import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMarket, GKZ_A, GKZ_B, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Issue 53: a running date was a dead end. On 1 December the Adventmarkt of 27 November to
 * 23 December could be neither changed nor cancelled (a date that has begun is locked whole), so
 * after a storm or an official ban the clerk could not call off the days left. change_market_days
 * cancels (or gives other times to) the days from today on; the days held stay as they were.
 */
let server: TestServer;
let clerkA: string;
let clerkB: string;
/** 1 December 2026 in Vienna. */
const NOW = new Date('2026-12-01T10:00:00Z');

beforeAll(async () => {
  server = await startTestServer();
  clerkA = (await loggedInUser(server.db, GKZ_A)).cookie;
  clerkB = (await loggedInUser(server.db, GKZ_B)).cookie;
});
beforeEach(() => {
  server.clock.now = NOW;
});
afterAll(() => server.close());

interface StoredDay {
  id: string;
  date_start: string;
  date_end: string;
  time_from: string | null;
  time_to: string | null;
  status: string;
  type: string;
  note: string;
  version: number;
}
interface Answer {
  status: number;
  body: { data?: { wko_market_dates: Record<string, StoredDay> }; error?: { code: string; fields?: object } };
}
async function call(path: string, fields: Record<string, unknown>, cookie: string): Promise<Answer> {
  const response = await server.fetch(`/api/${path}`, {
    method: 'POST',
    body: JSON.stringify(fields),
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}
const daysOf = (answer: Answer) =>
  Object.values(answer.body.data?.wko_market_dates ?? {}).map(
    ({ date_start, date_end, time_from, time_to, status, type, note }) =>
      [date_start, date_end, time_from, time_to, status, type, note].join(' '),
  );
const stored = (marketId: string) =>
  server.db.query<StoredDay>(
    `SELECT id, date_start::text, date_end::text, time_from, time_to, status, type, note, version
       FROM market_dates WHERE market_id = $1 ORDER BY date_start`,
    [marketId],
  );
async function snapshot(): Promise<string> {
  const tables = await Promise.all(
    ['market_dates', 'market_changes'].map((table) => server.db.query(`SELECT * FROM ${table} ORDER BY 1`)),
  );
  return JSON.stringify(tables);
}

async function adventMarket(title: string) {
  const { market, dates } = await addMarket(server.db, GKZ_A, { title, type: 'weihnachtsmarkt' }, [
    { date_start: '2026-11-27', date_end: '2026-12-23', time_from: '14:00', time_to: '20:00' },
  ]);
  return { market, date: dates[0]! };
}

describe('change_market_days', () => {
  it('cancels the rest of a running Adventmarkt; the days held stay as they were, everywhere', async () => {
    const { market, date } = await adventMarket('Adventmarkt am Hauptplatz');
    // The contract's lock stays: the running date cannot be changed whole.
    const whole = {
      id: date.id,
      version: 1,
      wko_market_id: market.id,
      date_start: '2026-12-01',
      date_end: '2026-12-23',
    };
    expect((await call('save_market_date', whole, clerkA)).body.error?.code).toBe('date_locked');

    const answer = await call(
      'change_market_days',
      { id: date.id, version: 1, from: '2026-12-01', note: 'Wegen Sturmschäden abgesagt' },
      clerkA,
    );
    expect(answer.status).toBe(200);
    expect(daysOf(answer)).toEqual([
      '2026-11-27 2026-11-30 14:00 20:00 takes_place regular ',
      '2026-12-01 2026-12-23 14:00 20:00 cancelled cancelled Wegen Sturmschäden abgesagt',
    ]);
    const [held, cancelled] = await stored(market.id);
    expect(held).toMatchObject({ id: date.id, date_start: '2026-11-27', version: 2 });

    // The open data, the app's content and the calendar show both: the days held and those cancelled.
    const feed = (await (await server.fetch(`/api/public/markets.json?gkz=${GKZ_A}`)).json()) as {
      data: { markets: { id: string; dates: { date_start: string; date_end: string; status: string }[] }[] };
    };
    const published = feed.data.markets.find((one) => one.id === market.id)!;
    expect(published.dates.map((one) => `${one.date_start} ${one.date_end} ${one.status}`)).toEqual([
      '2026-11-27 2026-11-30 takes_place',
      '2026-12-01 2026-12-23 cancelled',
    ]);
    const content = (await (await server.fetch('/api/get_content/1')).json()) as {
      data: { wko_market_dates: Record<string, { status: string }> };
    };
    expect(content.data.wko_market_dates[cancelled!.id]?.status).toBe('cancelled');
    const ics = await (await server.fetch(`/api/public/markets/${market.id}.ics`)).text();
    const events = new ICAL.Component(ICAL.parse(ics) as unknown[])
      .getAllSubcomponents('vevent')
      .map(
        (event) =>
          `${String(event.getFirstPropertyValue('dtstart')).slice(0, 10)} ${String(event.getFirstPropertyValue('status'))}`,
      );
    expect(events.sort()).toEqual(['2026-11-27 CONFIRMED', '2026-12-01 CANCELLED']);

    // Each part has its history entry.
    const history = (await (
      await server.fetch(`/api/get_market_history/${market.id}`, { headers: { Cookie: clerkA } })
    ).json()) as {
      data: { changes: { action: string; changes: Record<string, unknown> }[] };
    };
    expect(history.data.changes.map((change) => change.action).sort()).toEqual(['created', 'updated']);
  });

  it('cancels single days and gives days other times, with the days after them kept as they were', async () => {
    const { market, dates } = await addMarket(server.db, GKZ_A, { title: 'Jahrmarkt', type: 'jahrmarkt' }, [
      { date_start: '2027-09-17', date_end: '2027-09-20', time_from: '08:00', time_to: '18:00' },
    ]);
    const date = dates[0]!;
    const monday = await call(
      'change_market_days',
      { id: date.id, version: 1, from: '2027-09-20', to: '2027-09-20' },
      clerkA,
    );
    expect(daysOf(monday)).toEqual([
      '2027-09-17 2027-09-19 08:00 18:00 takes_place regular ',
      '2027-09-20 2027-09-20 08:00 18:00 cancelled cancelled ',
    ]);
    const saturday = await call(
      'change_market_days',
      {
        id: date.id,
        version: 2,
        from: '2027-09-18',
        to: '2027-09-18',
        status: 'takes_place',
        time_from: '10:00',
        time_to: '22:00',
      },
      clerkA,
    );
    expect(daysOf(saturday)).toEqual([
      '2027-09-17 2027-09-17 08:00 18:00 takes_place regular ',
      '2027-09-18 2027-09-18 10:00 22:00 takes_place regular ',
      '2027-09-19 2027-09-19 08:00 18:00 takes_place regular ',
    ]);
    expect((await stored(market.id)).map((one) => one.date_start)).toEqual([
      '2027-09-17',
      '2027-09-18',
      '2027-09-19',
      '2027-09-20',
    ]);
  });

  it('refuses what it cannot do, with the field and a code, and changes nothing', async () => {
    const { date } = await adventMarket('Adventmarkt im Schlosshof');
    const base = { id: date.id, version: 1, from: '2026-12-05' };
    const cases: Array<[Record<string, unknown>, string, number, string, object]> = [
      [{ ...base, from: '2026-11-30' }, clerkA, 422, 'date_locked', { from: 'date_in_past' }],
      [{ ...base, from: '2026-12-24' }, clerkA, 422, 'day_outside_date', { from: 'day_outside_date' }],
      [{ ...base, to: '2026-12-31' }, clerkA, 422, 'day_outside_date', { to: 'day_outside_date' }],
      [{ ...base, to: '2026-12-04' }, clerkA, 422, 'end_before_start', { to: 'end_before_start' }],
      [{ ...base, from: '' }, clerkA, 422, 'required_fields', { from: 'required_fields' }],
      [{ ...base, version: '' }, clerkA, 422, 'required_fields', { version: 'required_fields' }],
      [{ ...base, status: 'takes_place' }, clerkA, 422, 'required_fields', { time_from: 'required_fields' }],
      [
        { ...base, status: 'takes_place', time_from: '18:00', time_to: '10:00' },
        clerkA,
        422,
        'end_time_before_start',
        { time_to: 'end_time_before_start' },
      ],
      [{ ...base, note: 'a<b' }, clerkA, 422, 'invalid_characters', { note: 'invalid_characters' }],
      [{ ...base, version: 7 }, clerkA, 409, 'conflict', {}],
      [{ ...base, id: 'no-such-date' }, clerkA, 404, 'market_date_not_found', {}],
      [base, clerkB, 403, 'forbidden', {}],
    ];
    for (const [fields, cookie, status, code, refused] of cases) {
      const before = await snapshot();
      const answer = await call('change_market_days', fields, cookie);
      expect([answer.status, answer.body.error?.code], JSON.stringify(fields)).toEqual([status, code]);
      expect(answer.body.error?.fields ?? {}).toMatchObject(refused);
      expect(await snapshot()).toBe(before);
    }
    const anonymous = await server.fetch('/api/change_market_days', {
      method: 'POST',
      body: JSON.stringify(base),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(anonymous.status).toBe(401);
  });
});
