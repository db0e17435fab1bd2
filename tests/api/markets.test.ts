// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): every field of a market and its dates, written and read through each driver.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMarket, GKZ_A, GKZ_B, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let clerkA: string;
let clerkB: string;
/** Today in Vienna is 2026-11-23 for every test here. */
const NOW = new Date('2026-11-23T10:00:00Z');

beforeAll(async () => {
  server = await startTestServer();
  clerkA = (await loggedInUser(server.db, GKZ_A)).cookie;
  clerkB = (await loggedInUser(server.db, GKZ_B)).cookie;
});
beforeEach(() => {
  server.clock.now = NOW;
});
afterAll(() => server.close());

interface Answer {
  status: number;
  body: {
    data?: {
      wko_markets: Record<string, Record<string, { id: string; title: string; version: number; type_label: string }>>;
      wko_market_dates: Record<
        string,
        { id: string; date_start: string; type: string; status: string; version: number }
      >;
    };
    error?: { code: string; fields?: Record<string, string> };
  };
}
async function call(path: string, fields: Record<string, unknown> | undefined, cookie?: string): Promise<Answer> {
  const response = await server.fetch(`/api/${path}`, {
    method: fields ? 'POST' : 'GET',
    ...(fields ? { body: JSON.stringify(fields) } : {}),
    headers: { ...(fields ? { 'Content-Type': 'application/json' } : {}), ...(cookie ? { Cookie: cookie } : {}) },
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}
const marketOf = (answer: Answer) => Object.values(answer.body.data?.wko_markets['2'] ?? {})[0]!;
const datesOf = (answer: Answer) => Object.values(answer.body.data?.wko_market_dates ?? {});

/** Every stored market, date and history entry, to prove a refused request changed nothing. */
async function snapshot(): Promise<string> {
  const tables = await Promise.all(
    ['markets', 'market_dates', 'market_changes'].map((table) => server.db.query(`SELECT * FROM ${table} ORDER BY 1`)),
  );
  return JSON.stringify(tables);
}
async function expectRefused(
  path: string,
  fields: Record<string, unknown>,
  cookie: string,
  status: number,
  code: string,
) {
  const before = await snapshot();
  const answer = await call(path, fields, cookie);
  expect([answer.status, answer.body.error?.code]).toEqual([status, code]);
  expect(await snapshot()).toBe(before);
  return answer;
}

const KIRTAG = { title: 'Kirtag am Hauptplatz', type: 'kirtag', schedule: 'dates', location: 'Hartberg' };

describe('save_market', () => {
  it('creates a market of the own municipality with its first date, in every language group', async () => {
    const answer = await call(
      'save_market',
      { ...KIRTAG, first_date: { date_start: '2027-07-25', date_end: '2027-07-26' } },
      clerkA,
    );
    expect(answer.status).toBe(200);
    const market = marketOf(answer);
    expect(market).toMatchObject({ title: 'Kirtag am Hauptplatz', version: 1, type_label: 'Kirtag' });
    expect(Object.keys(answer.body.data!.wko_markets).sort()).toEqual(['1', '2', '3']);
    expect(answer.body.data!.wko_markets['1']![market.id]!.type_label).toBe('Kirtag (village fair)');
    expect(datesOf(answer)).toMatchObject([{ date_start: '2027-07-25', type: 'regular', status: 'takes_place' }]);
    const [stored] = await server.db.query<{ gkz: string }>('SELECT gkz FROM markets WHERE id = $1', [market.id]);
    expect(stored?.gkz).toBe(GKZ_A);
  });

  it('changes a market at its version and refuses a stale version with 409, overwriting nothing', async () => {
    const created = marketOf(await call('save_market', KIRTAG, clerkA));
    const changed = await call('save_market', { ...KIRTAG, id: created.id, version: 1, title: 'Herbstkirtag' }, clerkA);
    expect(marketOf(changed)).toMatchObject({ title: 'Herbstkirtag', version: 2 });
    await expectRefused(
      'save_market',
      { ...KIRTAG, id: created.id, version: 1, title: 'Alter Stand' },
      clerkA,
      409,
      'conflict',
    );
    const [stored] = await server.db.query<{ title: string }>('SELECT title FROM markets WHERE id = $1', [created.id]);
    expect(stored?.title).toBe('Herbstkirtag');
  });

  it('keeps a history of who changed which field from what to what', async () => {
    const created = marketOf(await call('save_market', KIRTAG, clerkA));
    await call(
      'save_market',
      { ...KIRTAG, id: created.id, version: 1, title: 'Herbstkirtag', phone: '+43/3332/6030' },
      clerkA,
    );
    const history = await call(`get_market_history/${created.id}`, undefined, clerkA);
    const changes = (
      history.body.data as unknown as { changes: Array<{ action: string; changes: object; user_email: string }> }
    ).changes;
    expect(changes.map((change) => change.action)).toEqual(['updated', 'created']);
    expect(changes[0]!.changes).toEqual({
      title: ['Kirtag am Hauptplatz', 'Herbstkirtag'],
      phone: ['', '+43/3332/6030'],
    });
    expect(changes[0]!.user_email).toMatch(/@gemeinde\.example$/);
  });
});

describe('what a save answers', () => {
  /** The market as the clerk's own content call shows it now, in every language group. */
  const storedMarkets = async (id: string) => {
    const own = await call('get_content_stops/1?include_hidden_records=1', undefined, clerkA);
    return Object.fromEntries(
      Object.entries(own.body.data!.wko_markets).map(([group, markets]) => [group, markets[id]]),
    );
  };
  const answeredMarkets = (answer: Answer, id: string) =>
    Object.fromEntries(Object.entries(answer.body.data!.wko_markets).map(([group, markets]) => [group, markets[id]]));

  it('is the market as stored after it, whether the market or one of its dates was saved', async () => {
    const created = await call(
      'save_market',
      { ...KIRTAG, first_date: { date_start: '2027-07-25', date_end: '2027-07-25' } },
      clerkA,
    );
    const market = marketOf(created);
    expect(answeredMarkets(created, market.id)).toEqual(await storedMarkets(market.id));
    server.clock.now = new Date(NOW.getTime() + 60_000);
    const changed = await call('save_market', { ...KIRTAG, id: market.id, version: 1, title: 'Herbstkirtag' }, clerkA);
    expect(answeredMarkets(changed, market.id)).toEqual(await storedMarkets(market.id));
    const [date] = datesOf(created);
    const dateSaved = await call(
      'save_market_date',
      {
        id: date!.id,
        version: date!.version,
        wko_market_id: market.id,
        date_start: '2027-07-26',
        date_end: '2027-07-26',
      },
      clerkA,
    );
    expect(dateSaved.status).toBe(200);
    expect(answeredMarkets(dateSaved, market.id)).toEqual(await storedMarkets(market.id));
    const ownDates = (await call('get_content/1?include_hidden_records=1', undefined, clerkA)).body.data!
      .wko_market_dates;
    expect(dateSaved.body.data!.wko_market_dates).toEqual({ [date!.id]: ownDates[date!.id] });
    expect(datesOf(dateSaved)).toMatchObject([{ date_start: '2027-07-26', version: 2 }]);
    const added = await call(
      'save_market_date',
      { wko_market_id: market.id, date_start: '2027-08-02', date_end: '2027-08-02' },
      clerkA,
    );
    const [addedDate] = datesOf(added);
    const ownNow = (await call('get_content/1?include_hidden_records=1', undefined, clerkA)).body.data!
      .wko_market_dates;
    expect(added.body.data!.wko_market_dates).toEqual({ [addedDate!.id]: ownNow[addedDate!.id] });
    expect(marketOf(dateSaved)).toMatchObject({ title: 'Herbstkirtag', version: 2 });
  });

  it('is the market and the dates as stored after adding several dates at once, in the order of their days', async () => {
    const market = marketOf(await call('save_market', KIRTAG, clerkA));
    const days = ['2027-09-12', '2027-05-01', '2027-07-04'];
    const added = await call(
      'add_market_dates',
      { wko_market_id: market.id, dates: days.map((day) => ({ date_start: day, date_end: day })) },
      clerkA,
    );
    expect(added.status).toBe(200);
    expect(answeredMarkets(added, market.id)).toEqual(await storedMarkets(market.id));
    expect(datesOf(added).map((date) => date.date_start)).toEqual([...days].sort());
    const own = (await call('get_content/1?include_hidden_records=1', undefined, clerkA)).body.data!.wko_market_dates;
    for (const date of datesOf(added)) expect(date).toEqual(own[date.id]);
  });

  it('is the market as stored after its rule made its dates', async () => {
    const rule = { freq: 'weekly', weekdays: ['SA'], time_from: '08:00', time_to: '12:00' };
    const created = await call('save_market', { ...KIRTAG, schedule: 'regular', type: 'wochenmarkt', rule }, clerkA);
    const market = marketOf(created);
    expect(answeredMarkets(created, market.id)).toEqual(await storedMarkets(market.id));
    const changed = await call(
      'save_market',
      {
        ...KIRTAG,
        schedule: 'regular',
        type: 'wochenmarkt',
        id: market.id,
        version: 1,
        rule: { ...rule, time_to: '13:00' },
      },
      clerkA,
    );
    expect(changed.status).toBe(200);
    expect(answeredMarkets(changed, market.id)).toEqual(await storedMarkets(market.id));
    const own = (await call('get_content/1?include_hidden_records=1', undefined, clerkA)).body.data!.wko_market_dates;
    for (const date of datesOf(changed)) expect(date).toEqual(own[date.id]);
  });
});

describe('the validation rules of seed section 5, each refused and passed', () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, unknown>, string]> = [
    ['required title', { title: '' }, { title: 'Ostermarkt' }, 'required_fields'],
    ['required type', { type: '' }, { type: 'handwerksmarkt' }, 'required_fields'],
    ['title of at most 200', { title: 'M'.repeat(201) }, { title: 'M'.repeat(200) }, 'too_long'],
    ['description of at most 200', { description: 'B'.repeat(201) }, { description: 'B'.repeat(200) }, 'too_long'],
    [
      'no unallowed characters',
      { title: 'Markt <script>' },
      { title: 'Markt „Zur Linde" & Co.' },
      'invalid_characters',
    ],
    ['a valid e-mail', { email: 'marktamt(at)hartberg' }, { email: 'marktamt@hartberg.at' }, 'invalid_email'],
    [
      'a valid web address',
      { website: 'javascript:alert(1)' },
      { website: 'https://www.hartberg.at/markt' },
      'invalid_url',
    ],
    ['the phone format', { phone: '03332 6030' }, { phone: '+43/3332/1231234' }, 'invalid_phone'],
    [
      'the phone format with extension',
      { phone: '+43/3332/1234123/' },
      { phone: '+43/3332/1234123/12' },
      'invalid_phone',
    ],
    ['dates as YYYY-MM-DD', { date_start: '1.5.2027' }, { date_start: '2027-05-01' }, 'invalid_date'],
    [
      'a season ending after it starts',
      { date_start: '2027-05-01', date_end: '2027-04-30' },
      { date_start: '2027-05-01', date_end: '2027-05-01' },
      'end_before_start',
    ],
    ['a rule for a regular schedule', { schedule: 'regular' }, { schedule: 'dates' }, 'required_fields'],
  ];
  it.each(cases)('market: %s', async (_rule, bad, good, code) => {
    const answer = await expectRefused('save_market', { ...KIRTAG, ...bad }, clerkA, 422, code);
    expect(Object.values(answer.body.error?.fields ?? {})).toContain(code);
    expect((await call('save_market', { ...KIRTAG, ...good }, clerkA)).status).toBe(200);
  });

  const dateCases: Array<[string, Record<string, unknown>, Record<string, unknown>, string]> = [
    ['dates as YYYY-MM-DD', { date_start: '2027-02-30' }, { date_start: '2027-02-28' }, 'invalid_date'],
    ['an end not before the start', { date_end: '2027-02-27' }, { date_end: '2027-02-28' }, 'end_before_start'],
    [
      'the current and next year only',
      { date_start: '2028-01-01', date_end: '2028-01-01' },
      { date_start: '2027-12-31', date_end: '2027-12-31' },
      'date_out_of_range',
    ],
    [
      'no day before today',
      { date_start: '2026-11-22', date_end: '2026-11-22' },
      { date_start: '2026-11-23', date_end: '2026-11-23' },
      'date_locked',
    ],
    [
      'times in order',
      { time_from: '12:00', time_to: '08:00' },
      { time_from: '08:00', time_to: '12:00' },
      'end_time_before_start',
    ],
  ];
  it.each(dateCases)('market date: %s', async (_rule, bad, good, code) => {
    const market = marketOf(await call('save_market', KIRTAG, clerkA));
    const base = { wko_market_id: market.id, date_start: '2027-02-28', date_end: '2027-02-28' };
    await expectRefused('save_market_date', { ...base, ...bad }, clerkA, 422, code);
    expect((await call('save_market_date', { ...base, ...good }, clerkA)).status).toBe(200);
  });

  it('market date: inside the season of its market', async () => {
    const market = marketOf(
      await call('save_market', { ...KIRTAG, date_start: '2026-04-01', date_end: '2027-10-31' }, clerkA),
    );
    const date = { wko_market_id: market.id, date_start: '2027-11-01', date_end: '2027-11-01' };
    await expectRefused('save_market_date', date, clerkA, 422, 'outside_season');
    expect(
      (await call('save_market_date', { ...date, date_start: '2027-10-31', date_end: '2027-10-31' }, clerkA)).status,
    ).toBe(200);
  });
});

describe('what the database cannot store is refused, not a 500', () => {
  const image = { url: 'https://www.hartberg.at/markt.jpg', alt: 'Marktplatz' };
  it.each([
    ['an unpaired surrogate in a text', { title: 'Kirtag \ud800' }, 'invalid_characters'],
    ['an unpaired surrogate in an image text', { image: { ...image, alt: 'Platz \udc00' } }, 'invalid_characters'],
    ['an unpaired surrogate in a web address', { website: 'https://www.hartberg.at/\ud800' }, 'invalid_url'],
    ['a NUL character in a web address', { image: { ...image, url: 'https://www.hartberg.at/\u0000' } }, 'invalid_url'],
    ['a day of year 0000', { date_start: '0000-02-29' }, 'invalid_date'],
  ])('market: %s', async (_what, bad, code) => {
    await expectRefused('save_market', { ...KIRTAG, ...bad }, clerkA, 422, code);
  });

  it('refuses an id with a NUL character in every editing call', async () => {
    const date = { date_start: '2027-03-01', date_end: '2027-03-01' };
    for (const [path, fields] of [
      ['save_market', { ...KIRTAG, id: 'm\u0000', version: 1 }],
      ['delete_market', { id: 'm\u0000' }],
      ['save_market_date', { ...date, wko_market_id: 'm\u0000' }],
      ['add_market_dates', { wko_market_id: 'm\u0000', dates: [date] }],
      ['delete_market_date', { id: 'd\u0000' }],
    ] as const) {
      await expectRefused(path, fields, clerkA, 400, 'invalid_request');
    }
    expect((await call('get_market_history/m%00', undefined, clerkA)).status).toBe(400);
  });
});

describe('municipalities are kept apart', () => {
  it('refuses a clerk of another municipality every change, and shows them no hidden record', async () => {
    const { market, dates } = await addMarket(server.db, GKZ_A, { hidden: true, title: 'Geheimer Markt' });
    const date = dates[0]!;
    await expectRefused('save_market', { ...KIRTAG, id: market.id, version: 1 }, clerkB, 403, 'forbidden');
    await expectRefused('delete_market', { id: market.id }, clerkB, 403, 'forbidden');
    await expectRefused(
      'save_market_date',
      { wko_market_id: market.id, date_start: '2027-03-01', date_end: '2027-03-01' },
      clerkB,
      403,
      'forbidden',
    );
    await expectRefused(
      'save_market_date',
      { id: date.id, version: 1, wko_market_id: market.id, date_start: '2027-03-01', date_end: '2027-03-01' },
      clerkB,
      403,
      'forbidden',
    );
    await expectRefused('delete_market_date', { id: date.id }, clerkB, 403, 'forbidden');
    expect((await call(`get_market_history/${market.id}`, undefined, clerkB)).status).toBe(403);
    const content = await server.fetch('/api/get_content_stops/1?include_hidden_records=1', {
      headers: { Cookie: clerkB },
    });
    expect(await content.text()).not.toContain('Geheimer Markt');
  });

  it('refuses every editing call without a login, before anything about its fields', async () => {
    const { market, dates } = await addMarket(server.db, GKZ_A);
    for (const [path, fields] of [
      ['save_market', KIRTAG],
      ['delete_market', { id: market.id }],
      ['save_market_date', { wko_market_id: market.id, date_start: '2027-03-01', date_end: '2027-03-01' }],
      ['delete_market_date', { id: dates[0]!.id }],
      // The session is checked with the change, on the database; the fields before it (decision record 0024).
      ['save_market', { title: '' }],
      ['save_market_date', { wko_market_id: market.id, date_start: 'gestern' }],
      ['add_market_dates', { wko_market_id: market.id, dates: 'keine Liste' }],
      ['delete_market', {}],
      [`get_market_history/${'x'.repeat(65)}`, undefined],
    ] as const) {
      const before = await snapshot();
      expect((await call(path, fields)).body.error?.code).toBe('not_logged_in');
      expect(await snapshot()).toBe(before);
    }
  });
});

describe('deleting', () => {
  it('removes a date and keeps the market; removes a market with its dates for good', async () => {
    const { market, dates } = await addMarket(server.db, GKZ_A, {}, [
      { date_start: '2027-05-01', date_end: '2027-05-01' },
      { date_start: '2027-06-01', date_end: '2027-06-01' },
    ]);
    expect((await call('delete_market_date', { id: dates[0]!.id }, clerkA)).status).toBe(200);
    const left = await server.db.query<{ id: string }>('SELECT id FROM market_dates WHERE market_id = $1', [market.id]);
    expect(left.map((row) => row.id)).toEqual([dates[1]!.id]);
    await expectRefused('delete_market_date', { id: dates[0]!.id }, clerkA, 404, 'market_date_not_found');

    expect((await call('delete_market', { id: market.id }, clerkA)).status).toBe(200);
    expect(await server.db.query('SELECT 1 FROM markets WHERE id = $1', [market.id])).toHaveLength(0);
    expect(await server.db.query('SELECT 1 FROM market_dates WHERE market_id = $1', [market.id])).toHaveLength(0);
    await expectRefused('delete_market', { id: market.id }, clerkA, 404, 'market_not_found');
  });

  it('refuses to change or delete a date that has begun', async () => {
    const { market, dates } = await addMarket(server.db, GKZ_A, {}, [
      { date_start: '2026-11-20', date_end: '2026-11-20' },
    ]);
    await expectRefused('delete_market_date', { id: dates[0]!.id }, clerkA, 422, 'date_locked');
    await expectRefused(
      'save_market_date',
      { id: dates[0]!.id, version: 1, wko_market_id: market.id, date_start: '2026-12-01', date_end: '2026-12-01' },
      clerkA,
      422,
      'date_locked',
    );
  });
});

describe('weekly markets', () => {
  const SATURDAYS = {
    title: 'Bauernmarkt am Samstag',
    type: 'wochenmarkt',
    schedule: 'regular',
    rule: { freq: 'weekly', weekdays: ['SA'], time_from: '08:00', time_to: '12:00' },
  };

  it('derives every Saturday from today to the end of next year, and keeps a cancelled or moved one', async () => {
    const created = await call('save_market', SATURDAYS, clerkA);
    const dates = datesOf(created).sort((a, b) => a.date_start.localeCompare(b.date_start));
    expect(dates).toHaveLength(5 + 52); // 28 Nov … 26 Dec 2026, then 2 Jan … 25 Dec 2027
    expect(dates[0]!.date_start).toBe('2026-11-28');
    expect(dates.at(-1)!.date_start).toBe('2027-12-25');
    const market = marketOf(created);

    const cancelled = dates[1]!;
    await call('save_market_date', { ...cancelled, wko_market_id: market.id, status: 'cancelled' }, clerkA);
    const moved = dates[2]!;
    // Moved to a Friday without saying "changed": a moved regular date is a changed one.
    const movedAnswer = await call(
      'save_market_date',
      { ...moved, wko_market_id: market.id, date_start: '2026-12-11', date_end: '2026-12-11' },
      clerkA,
    );
    expect(datesOf(movedAnswer)).toMatchObject([{ id: moved.id, type: 'changed', version: 2 }]);

    const again = datesOf(
      await call('save_market', { ...SATURDAYS, id: market.id, version: 1, location: 'Hauptplatz' }, clerkA),
    );
    expect(again).toHaveLength(57);
    expect(again.find((date) => date.id === cancelled.id)).toMatchObject({ status: 'cancelled', type: 'cancelled' });
    expect(again.find((date) => date.id === moved.id)).toMatchObject({ date_start: '2026-12-11', type: 'changed' });
    expect(again.filter((date) => date.date_start === moved.date_start)).toHaveLength(0);
  });

  it('keeps a first date off the rule as an additional date', async () => {
    const answer = await call(
      'save_market',
      { ...SATURDAYS, first_date: { date_start: '2026-12-02', date_end: '2026-12-02' } },
      clerkA,
    );
    expect(datesOf(answer).find((date) => date.date_start === '2026-12-02')).toMatchObject({ type: 'additional' });
  });

  it('skips public holidays when the rule says so; a skipped one can come back as an additional date', async () => {
    const rule = { ...SATURDAYS.rule, skip_holidays: true };
    const created = await call('save_market', { ...SATURDAYS, rule }, clerkA);
    const days = datesOf(created).map((date) => date.date_start);
    // Saturdays that are holidays in Steiermark: Stefanitag 2026, Staatsfeiertag and Christtag 2027.
    expect(days).toHaveLength(57 - 3);
    expect(days).not.toContain('2026-12-26');
    expect(days).not.toContain('2027-05-01');
    const market = marketOf(created);
    const added = { wko_market_id: market.id, date_start: '2027-05-01', date_end: '2027-05-01', type: 'additional' };
    expect((await call('save_market_date', added, clerkA)).status).toBe(200);
    const again = datesOf(await call('save_market', { ...SATURDAYS, rule, id: market.id, version: 1 }, clerkA));
    expect(again.filter((date) => date.date_start === '2027-05-01')).toMatchObject([{ type: 'additional' }]);
  });
});

describe('add_market_dates', () => {
  it('adds several dates in one step, or none when one is refused', async () => {
    const market = marketOf(await call('save_market', KIRTAG, clerkA));
    const dates = [
      { date_start: '2027-07-24', date_end: '2027-07-25' },
      { date_start: '2027-08-14', date_end: '2027-08-15', time_from: '10:00', time_to: '22:00' },
    ];
    const refused = await expectRefused(
      'add_market_dates',
      { wko_market_id: market.id, dates: [...dates, { date_start: '2028-01-01', date_end: '2028-01-01' }] },
      clerkA,
      422,
      'date_out_of_range',
    );
    expect(refused.body.error?.fields).toEqual({ 'dates.2.date_end': 'date_out_of_range' });
    const added = await call('add_market_dates', { wko_market_id: market.id, dates: JSON.stringify(dates) }, clerkA);
    expect(datesOf(added).map((date) => date.date_start)).toEqual(['2027-07-24', '2027-08-14']);
    await expectRefused('add_market_dates', { wko_market_id: market.id, dates }, clerkB, 403, 'forbidden');
  });
});
