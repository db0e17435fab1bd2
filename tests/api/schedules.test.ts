// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): a rule's dates stored and read back as days through each driver.
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GKZ_A, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Issue 14: what a clerk enters for a weekly or monthly market is what gets published. A rule
 * counts from its anchor, a rule change reaches every future regular date and no exception, and
 * a rule that makes no sense is refused before anything is stored.
 */

let server: TestServer;
let clerk: string;
/** Today in Vienna is Monday, 2026-11-23, unless a test moves the clock. */
const NOW = new Date('2026-11-23T10:00:00Z');
const WEEK = 7 * 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
  clerk = (await loggedInUser(server.db, GKZ_A)).cookie;
});
beforeEach(() => {
  server.clock.now = NOW;
});
afterAll(() => server.close());

interface Date_ {
  id: string;
  date_start: string;
  date_end: string;
  time_from: string | null;
  time_to: string | null;
  type: string;
  status: string;
  version: number;
}
interface Market {
  id: string;
  version: number;
  rule: { dtstart: string; interval: number } | null;
}
interface Answer {
  status: number;
  market: Market;
  dates: Date_[];
  error: { code: string; fields?: Record<string, string> } | undefined;
}

async function call(path: string, fields: Record<string, unknown>): Promise<Answer> {
  const response = await server.fetch(`/api/${path}`, {
    method: 'POST',
    body: JSON.stringify(fields),
    headers: { 'Content-Type': 'application/json', Cookie: clerk },
  });
  const body = (await response.json()) as {
    data?: { wko_markets?: Record<string, Record<string, Market>>; wko_market_dates?: Record<string, Date_> };
    error?: Answer['error'];
  };
  const dates = Object.values(body.data?.wko_market_dates ?? {}).sort((a, b) =>
    a.date_start.localeCompare(b.date_start),
  );
  return {
    status: response.status,
    market: Object.values(body.data?.wko_markets?.['2'] ?? {})[0]!,
    dates,
    error: body.error,
  };
}

async function storedRows(): Promise<string> {
  const tables = await Promise.all(
    ['markets', 'market_dates', 'market_changes'].map((table) => server.db.query(`SELECT * FROM ${table} ORDER BY 1`)),
  );
  return JSON.stringify(tables);
}

const SATURDAYS = { freq: 'weekly', weekdays: ['SA'], time_from: '08:00', time_to: '12:00' };
const weekly = (rule: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) => ({
  title: 'Wochenmarkt am Hauptplatz',
  type: 'wochenmarkt',
  schedule: 'regular',
  rule: { ...SATURDAYS, ...rule },
  ...fields,
});
const regular = (dates: Date_[]) => dates.filter((date) => date.type === 'regular');

describe('a rule’s anchor', () => {
  it('is the season’s first day, published in the rule, and keeps a fortnightly market’s phase', async () => {
    // The season began on Monday 2026-11-16: one week ago, an odd number of weeks.
    const season = { date_start: '2026-11-16', date_end: '2027-06-30' };
    const created = await call('save_market', weekly({ interval: 2 }, season));
    expect([created.status, created.error]).toEqual([200, undefined]);
    expect(created.market.rule).toMatchObject({ dtstart: '2026-11-16', interval: 2 });
    expect(
      regular(created.dates)
        .map((date) => date.date_start)
        .slice(0, 3),
    ).toEqual(['2026-12-05', '2026-12-19', '2027-01-02']);

    // A week later the clerk saves the market again: the same Saturdays, the same records.
    server.clock.advance(WEEK);
    const again = await call('save_market', {
      ...weekly({ interval: 2 }, season),
      id: created.market.id,
      version: created.market.version,
      location: 'Hauptplatz',
    });
    expect([again.status, again.error]).toEqual([200, undefined]);
    expect(again.market.rule?.dtstart).toBe('2026-11-16');
    expect(again.dates.map((date) => [date.id, date.date_start, date.version])).toEqual(
      created.dates.map((date) => [date.id, date.date_start, date.version]),
    );
  });

  it('is the day of the first save without a season, and stays when the market is saved later', async () => {
    const created = await call('save_market', weekly({ interval: 3 }));
    expect(created.market.rule?.dtstart).toBe('2026-11-23');
    server.clock.advance(2 * WEEK);
    const again = await call('save_market', {
      ...weekly({ interval: 3 }),
      id: created.market.id,
      version: created.market.version,
    });
    expect(again.market.rule?.dtstart).toBe('2026-11-23');
    const ahead = (dates: Date_[]) => dates.filter((date) => date.date_start >= '2026-12-07').map((d) => d.id);
    expect(ahead(again.dates)).toEqual(ahead(created.dates));
  });

  it('is published in the content answers and the open-data feed', async () => {
    const created = await call('save_market', weekly({}, { date_start: '2026-11-01', date_end: '2027-10-31' }));
    const content = (await (await server.fetch('/api/get_content_stops/1')).json()) as {
      data: { wko_markets: Record<string, Record<string, Market>> };
    };
    expect(content.data.wko_markets['2']![created.market.id]!.rule?.dtstart).toBe('2026-11-01');
    const feed = (await (await server.fetch(`/api/public/markets.json?gkz=${GKZ_A}`)).json()) as {
      data: { markets: Market[] };
    };
    expect(feed.data.markets.find((market) => market.id === created.market.id)?.rule?.dtstart).toBe('2026-11-01');
  });
});

describe('a rule change', () => {
  it('gives every future regular date the new times and leaves each exception as it was', async () => {
    const created = await call('save_market', weekly({ time_from: '07:30', time_to: '09:00' }));
    const [first, second, third, fourth] = regular(created.dates);
    const marketId = created.market.id;
    const cancelled = (await call('save_market_date', { ...second!, wko_market_id: marketId, status: 'cancelled' }))
      .dates[0]!;
    const moved = (
      await call('save_market_date', {
        ...third!,
        wko_market_id: marketId,
        date_start: '2026-12-11',
        date_end: '2026-12-11',
      })
    ).dates[0]!;
    // Other hours on its own day make a regular date a changed one too.
    const longer = (await call('save_market_date', { ...fourth!, wko_market_id: marketId, time_to: '10:00' }))
      .dates[0]!;
    expect([cancelled.type, moved.type, longer.type]).toEqual(['cancelled', 'changed', 'changed']);
    const added = (
      await call('save_market_date', {
        wko_market_id: marketId,
        date_start: '2026-12-02',
        date_end: '2026-12-02',
        time_from: '15:00',
        time_to: '18:00',
        type: 'additional',
      })
    ).dates[0]!;

    const changed = await call('save_market', {
      ...weekly({ time_from: '08:00', time_to: '12:00' }),
      id: marketId,
      version: created.market.version,
    });
    const after = new Map(changed.dates.map((date) => [date.id, date]));
    const regularAfter = regular(changed.dates);
    expect(regularAfter.length).toBe(regular(created.dates).length - 3);
    expect(regularAfter.every((date) => date.time_from === '08:00' && date.time_to === '12:00')).toBe(true);
    expect(after.get(first!.id)).toMatchObject({ time_from: '08:00', version: 2 });
    for (const exception of [cancelled, moved, longer, added]) expect(after.get(exception.id)).toEqual(exception);

    // A second change of the times: the cancelled Saturday stays cancelled, the others follow.
    const later = await call('save_market', {
      ...weekly({ time_from: '09:00', time_to: '13:00' }),
      id: marketId,
      version: changed.market.version,
    });
    expect(later.dates.find((date) => date.id === cancelled.id)).toEqual(cancelled);
    expect(regular(later.dates).every((date) => date.time_from === '09:00')).toBe(true);
    expect(later.dates.filter((date) => date.date_start === second!.date_start)).toHaveLength(1);
  });

  it('moves the future regular dates to the new weekdays and never touches a past one', async () => {
    const created = await call('save_market', weekly({}, { date_start: '2026-11-01', date_end: '2027-03-31' }));
    const marketId = created.market.id;
    server.clock.advance(WEEK); // 2026-11-30: Saturday 2026-11-28 is past now
    const past = created.dates.find((date) => date.date_start === '2026-11-28')!;
    const fridays = await call('save_market', {
      ...weekly(
        { weekdays: ['FR'], time_from: '14:00', time_to: '18:00' },
        { date_start: '2026-11-01', date_end: '2027-03-31' },
      ),
      id: marketId,
      version: created.market.version,
    });
    expect(fridays.dates.find((date) => date.id === past.id)).toEqual(past);
    const ahead = fridays.dates.filter((date) => date.date_start >= '2026-11-30');
    expect(ahead[0]).toMatchObject({ date_start: '2026-12-04', time_from: '14:00', type: 'regular' });
    expect(ahead.every((date) => new Date(`${date.date_start}T12:00:00Z`).getUTCDay() === 5)).toBe(true);
    expect(ahead.at(-1)!.date_start).toBe('2027-03-26');
  });
});

describe('exceptions stay exceptions', () => {
  it('a moved Saturday keeps its day free after the move has passed, also when it is cancelled later', async () => {
    const created = await call('save_market', weekly());
    const marketId = created.market.id;
    const saturday = created.dates.find((date) => date.date_start === '2026-12-12')!;
    const moved = (
      await call('save_market_date', {
        ...saturday,
        wko_market_id: marketId,
        date_start: '2026-12-11',
        date_end: '2026-12-11',
      })
    ).dates[0]!;
    expect(moved.type).toBe('changed');
    server.clock.now = new Date('2026-12-12T06:00:00Z'); // the Friday is past, the Saturday is today
    const again = await call('save_market', { ...weekly(), id: marketId, version: created.market.version });
    expect(again.dates.filter((date) => date.date_start === '2026-12-12')).toEqual([]);

    server.clock.now = NOW;
    const other = created.dates.find((date) => date.date_start === '2026-12-19')!;
    const movedAgain = (
      await call('save_market_date', {
        ...other,
        wko_market_id: marketId,
        date_start: '2026-12-18',
        date_end: '2026-12-18',
      })
    ).dates[0]!;
    await call('save_market_date', { ...movedAgain, wko_market_id: marketId, status: 'cancelled' });
    const third = await call('save_market', { ...weekly(), id: marketId, version: again.market.version });
    expect(third.dates.filter((date) => date.date_start === '2026-12-19')).toEqual([]);
  });

  it('a changed date sent back as regular stays changed, unless it returns to its own Saturday at the rule’s times', async () => {
    const created = await call('save_market', weekly());
    const marketId = created.market.id;
    const saturday = created.dates.find((date) => date.date_start === '2027-01-09')!;
    const moved = (
      await call('save_market_date', {
        ...saturday,
        wko_market_id: marketId,
        date_start: '2027-01-08',
        date_end: '2027-01-08',
      })
    ).dates[0]!;
    const resent = (
      await call('save_market_date', { ...moved, wko_market_id: marketId, type: 'regular', note: 'Am Freitag' })
    ).dates[0]!;
    expect(resent).toMatchObject({ type: 'changed', date_start: '2027-01-08' });
    const back = (
      await call('save_market_date', {
        ...resent,
        wko_market_id: marketId,
        type: 'regular',
        date_start: '2027-01-09',
        date_end: '2027-01-09',
      })
    ).dates[0]!;
    expect(back).toMatchObject({ type: 'regular', date_start: '2027-01-09' });
  });

  it('a regular date cannot be deleted (the rule would bring it back), only cancelled; an additional one can', async () => {
    const created = await call('save_market', weekly());
    const marketId = created.market.id;
    const [saturday] = regular(created.dates);
    const before = await storedRows();
    const refused = await call('delete_market_date', { id: saturday!.id });
    expect([refused.status, refused.error?.code]).toEqual([422, 'date_follows_rule']);
    expect(await storedRows()).toBe(before);
    const added = await call('save_market_date', {
      wko_market_id: marketId,
      date_start: '2026-12-02',
      date_end: '2026-12-02',
    });
    expect((await call('delete_market_date', { id: added.dates[0]!.id })).status).toBe(200);
  });

  it('a first date on a day of the rule is the rule’s regular date; one off the rule is additional', async () => {
    const onRule = await call('save_market', {
      ...weekly(),
      first_date: { date_start: '2026-12-05', date_end: '2026-12-05' },
    });
    expect(onRule.dates.filter((date) => date.date_start === '2026-12-05')).toMatchObject([{ type: 'regular' }]);
    const offRule = await call('save_market', {
      ...weekly(),
      first_date: { date_start: '2026-12-03', date_end: '2026-12-03' },
    });
    expect(offRule.dates.filter((date) => date.date_start === '2026-12-03')).toMatchObject([{ type: 'additional' }]);
  });

  it('a new date before today is refused as date_locked (api.md), its field saying it lies in the past', async () => {
    const created = await call('save_market', weekly());
    const answer = await call('save_market_date', {
      wko_market_id: created.market.id,
      date_start: '2026-11-20',
      date_end: '2026-11-20',
    });
    expect([answer.status, answer.error?.code, answer.error?.fields]).toEqual([
      422,
      'date_locked',
      { date_start: 'date_in_past' },
    ]);
  });
});

describe('dates beside a rule', () => {
  it('a date added by hand is an additional one, which a later save keeps', async () => {
    const created = await call('save_market', weekly());
    const added = await call('save_market_date', {
      wko_market_id: created.market.id,
      date_start: '2026-12-02',
      date_end: '2026-12-02',
    });
    expect(added.dates[0]).toMatchObject({ date_start: '2026-12-02', type: 'additional' });
    const again = await call('save_market', { ...weekly(), id: created.market.id, version: created.market.version });
    expect(again.dates.find((date) => date.id === added.dates[0]!.id)).toEqual(added.dates[0]);
  });
});

describe('rules that make no sense are refused and store nothing', () => {
  it.each([
    [
      'a closing time before the opening time',
      { time_from: '07:30', time_to: '07:00' },
      'end_time_before_start',
      'rule.time_to',
    ],
    ['no weekday', { weekdays: [] }, 'no_weekday', 'rule.weekdays'],
    ['a monthly rule without its week', { freq: 'monthly' }, 'invalid_nth', 'rule.nth'],
    ['every 13 weeks', { interval: 13 }, 'invalid_interval', 'rule.interval'],
  ])('%s', async (_case, rule, code, field) => {
    const before = await storedRows();
    const answer = await call('save_market', weekly(rule));
    expect([answer.status, answer.error?.code, answer.error?.fields?.[field]]).toEqual([422, code, code]);
    expect(await storedRows()).toBe(before);
  });

  it('a market without a title names the title as required', async () => {
    const before = await storedRows();
    const untitled: Record<string, unknown> = weekly();
    delete untitled['title'];
    const answer = await call('save_market', untitled);
    expect([answer.status, answer.error?.code, answer.error?.fields]).toEqual([
      422,
      'required_fields',
      { title: 'required_fields' },
    ]);
    expect(await storedRows()).toBe(before);
  });
});

describe('holidays', () => {
  it('a Friday rule that skips holidays in Styria skips New Year’s Day but keeps Josefstag, a working day', async () => {
    const answer = await call('save_market', weekly({ weekdays: ['FR'], skip_holidays: true }));
    const days = answer.dates.map((date) => date.date_start);
    expect(days).not.toContain('2027-01-01');
    expect(days).toContain('2027-03-19');
    const both = await call(
      'save_market',
      weekly({ weekdays: ['FR'], skip_holidays: true, skip_state_holidays: true }),
    );
    expect(both.dates.map((date) => date.date_start)).not.toContain('2027-03-19');
  });
});

describe('the rule in iCalendar', () => {
  it('is one recurring event from the rule’s first day, and with the dates of their own it gives every published date', async () => {
    const season = { date_start: '2026-11-16', date_end: '2027-12-31' };
    const created = await call('save_market', weekly({ interval: 2, skip_holidays: true }, season));
    const [, second, third] = regular(created.dates);
    const marketId = created.market.id;
    await call('save_market_date', { ...second!, wko_market_id: marketId, status: 'cancelled' });
    await call('save_market_date', { ...third!, wko_market_id: marketId, note: 'Mit Adventkranzbinden' });

    const text = await (await server.fetch(`/api/public/markets/${marketId}.ics`)).text();
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    ICAL.TimezoneService.register(new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!));
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    const series = events.filter((event) => event.isRecurring());
    expect(series).toHaveLength(1);
    // DTSTART is a day of the rule counted from its anchor, 2026-11-16: the first regular Saturday ahead.
    expect(series[0]!.component.getFirstPropertyValue('rrule')?.toString()).toContain('INTERVAL=2');
    expect(series[0]!.startDate.toString()).toBe('2026-12-05T08:00:00');

    const inCalendar: string[] = [];
    for (const event of events) {
      const status = String(event.component.getFirstPropertyValue('status'));
      if (!event.isRecurring()) {
        inCalendar.push(`${event.startDate.toString()} ${status}`);
        continue;
      }
      const iterator = event.iterator();
      for (let next = iterator.next(); next; next = iterator.next()) inCalendar.push(`${next.toString()} ${status}`);
    }
    const content = (await (await server.fetch('/api/get_content/1')).json()) as {
      data: { wko_market_dates: Record<string, Date_ & { wko_market_id: string }> };
    };
    const STATUS = { takes_place: 'CONFIRMED', cancelled: 'CANCELLED', pending: 'TENTATIVE' } as const;
    const published = Object.values(content.data.wko_market_dates)
      .filter((date) => date.wko_market_id === marketId)
      .map((date) => `${date.date_start}T${date.time_from}:00 ${STATUS[date.status as keyof typeof STATUS]}`);
    expect(inCalendar.sort()).toEqual(published.sort());
    expect(published.length).toBeGreaterThan(20);
  });
  it('ends on its last day so that every library keeps that date, from winter into summer time (issue 55)', async () => {
    const created = await call('save_market', weekly({}, { date_start: '2026-11-16', date_end: '2027-07-24' }));
    const last = regular(created.dates).at(-1)!;
    expect(last.date_start).toBe('2027-07-24');
    const text = await (await server.fetch(`/api/public/markets/${created.market.id}.ics`)).text();
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    ICAL.TimezoneService.register(new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!));
    const series = calendar
      .getAllSubcomponents('vevent')
      .map((component) => new ICAL.Event(component))
      .find((event) => event.isRecurring())!;
    // recurring-ical-events read an UNTIL that was the last start in the first start's winter offset,
    // an hour before the last start, and lost that date (…/municipalities/41202.ics, 24 July 2026).
    const until = (series.component.getFirstPropertyValue('rrule') as ICAL.Recur).until!.toJSDate().getTime();
    const lastStart = Date.parse(`${last.date_start}T${last.time_from}:00+02:00`);
    expect(until - lastStart).toBeGreaterThanOrEqual(3600_000);
    expect(until).toBeLessThan(Date.parse(`${last.date_start}T24:00:00+02:00`));
    const starts: string[] = [];
    const iterator = series.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) starts.push(next.toString());
    expect(starts.at(-1)).toBe(`${last.date_start}T${last.time_from}:00`);
  });
});

describe('yearly rules (issue 53)', () => {
  /** Early January: both years' dates lie ahead. */
  const JANUARY = new Date('2026-01-05T10:00:00Z');
  const kirtag = (rule: Record<string, unknown>) => ({
    title: 'Kirtag am Kirchplatz',
    type: 'kirtag',
    schedule: 'regular',
    rule: { freq: 'yearly', time_from: '10:00', time_to: '18:00', ...rule },
  });
  const spans = (dates: Date_[]) => regular(dates).map((date) => `${date.date_start}/${date.date_end}`);

  it.each([
    ['Pfingstdienstag', { easter_offset: 51 }, ['2026-05-26/2026-05-26', '2027-05-18/2027-05-18']],
    [
      'the Sunday after Martini',
      { feast: '11-11', relation: 'after', weekdays: ['SU'] },
      ['2026-11-15/2026-11-15', '2027-11-14/2027-11-14'],
    ],
    [
      'the third Sunday in October',
      { month: 10, nth: 3, weekdays: ['SU'] },
      ['2026-10-18/2026-10-18', '2027-10-17/2027-10-17'],
    ],
    [
      'a four-day Jahrmarkt from the Friday before the third Sunday in September',
      { month: 9, nth: 3, weekdays: ['SU'], offset: -2, days: 4 },
      ['2026-09-18/2026-09-21', '2027-09-17/2027-09-20'],
    ],
  ])('derives %s for this year and next', async (_name, rule, expected) => {
    server.clock.now = JANUARY;
    const created = await call('save_market', kirtag(rule));
    expect([created.status, created.error]).toEqual([200, undefined]);
    expect(spans(created.dates)).toEqual(expected);
    expect(created.market.rule).toMatchObject({ ...rule, freq: 'yearly' });
  });

  it('re-derives on a save, keeps an exception, and publishes RRULE only where RFC 5545 can say it', async () => {
    server.clock.now = JANUARY;
    const created = await call('save_market', kirtag({ month: 10, nth: 3, weekdays: ['SU'] }));
    const [first] = regular(created.dates);
    const cancelled = await call('save_market_date', {
      ...first,
      wko_market_id: created.market.id,
      status: 'cancelled',
      type: 'cancelled',
    });
    expect([cancelled.status, cancelled.error]).toEqual([200, undefined]);
    // The clerk makes it a two-day market from the Saturday: the cancelled 2026 date stays as it was.
    const again = await call('save_market', {
      ...kirtag({ month: 10, nth: 3, weekdays: ['SU'], offset: -1, days: 2 }),
      id: created.market.id,
      version: cancelled.market?.version ?? created.market.version,
    });
    expect([again.status, again.error]).toEqual([200, undefined]);
    expect(spans(again.dates)).toEqual(['2026-10-17/2026-10-18', '2027-10-16/2027-10-17']);
    expect(again.dates.filter((date) => date.status === 'cancelled').map((date) => date.date_start)).toEqual([
      '2026-10-18',
    ]);

    const markets = await server.fetch('/api/public/markets.json');
    const published = ((await markets.json()) as { data: { markets: { id: string; rrule: string | null }[] } }).data
      .markets;
    expect(published.find((market) => market.id === created.market.id)?.rrule).toBeNull();
    const sunday = await call('save_market', kirtag({ month: 10, nth: 3, weekdays: ['SU'] }));
    expect((sunday.market as Market & { rrule: string }).rrule).toBe('FREQ=YEARLY;BYMONTH=10;BYDAY=3SU');
  });

  it('refuses a yearly rule without its day, with several weekdays or out of bounds, naming the field', async () => {
    server.clock.now = JANUARY;
    const refused = async (rule: Record<string, unknown>) => {
      const answer = await call('save_market', kirtag(rule));
      return [answer.status, answer.error?.fields];
    };
    const before = await storedRows();
    expect(await refused({})).toEqual([422, { 'rule.month': 'no_yearly_day' }]);
    expect(await refused({ month: 10, nth: 3, weekdays: ['SA', 'SU'] })).toEqual([
      422,
      { 'rule.weekdays': 'one_weekday' },
    ]);
    expect(await refused({ month: 13, nth: 3, weekdays: ['SU'] })).toEqual([422, { 'rule.month': 'invalid_month' }]);
    expect(await refused({ feast: '02-29', weekdays: ['SU'] })).toEqual([422, { 'rule.feast': 'invalid_feast' }]);
    expect(await refused({ easter_offset: 51, days: 15 })).toEqual([422, { 'rule.days': 'invalid_days' }]);
    expect(await refused({ easter_offset: 51, offset: -15 })).toEqual([422, { 'rule.offset': 'invalid_offset' }]);
    expect(await refused({ easter_offset: 400 })).toEqual([422, { 'rule.easter_offset': 'invalid_easter_offset' }]);
    expect(await storedRows()).toBe(before);
  });
});

describe('seasons that repeat (issue 53)', () => {
  const JANUARY = new Date('2026-01-05T10:00:00Z');
  const farmers = (season: Record<string, unknown>) => ({
    title: 'Bauernmarkt am Hauptplatz',
    type: 'bauernmarkt',
    schedule: 'regular',
    rule: { freq: 'weekly', weekdays: ['SA'], time_from: '08:00', time_to: '12:00' },
    season_repeats: true,
    ...season,
  });
  const saturdaysBetween = (from: string, to: string) => {
    const days: string[] = [];
    for (let day = Date.parse(from); day <= Date.parse(to); day += 86_400_000) {
      if (new Date(day).getUTCDay() === 6) days.push(new Date(day).toISOString().slice(0, 10));
    }
    return days;
  };

  it('gives April to October every year the same weekdays, in both years, and nothing in winter', async () => {
    server.clock.now = JANUARY;
    const created = await call('save_market', farmers({ date_start: '2026-04-01', date_end: '2026-10-31' }));
    expect([created.status, created.error]).toEqual([200, undefined]);
    expect(regular(created.dates).map((date) => date.date_start)).toEqual([
      ...saturdaysBetween('2026-04-01', '2026-10-31'),
      ...saturdaysBetween('2027-04-01', '2027-10-31'),
    ]);

    // A date by hand must lie in one of the season's years: May 2027 yes, December 2026 no.
    const add = (date_start: string) =>
      call('save_market_date', {
        wko_market_id: created.market.id,
        date_start,
        date_end: date_start,
        type: 'additional',
      });
    expect((await add('2027-05-06')).status).toBe(200);
    const winter = await add('2026-12-03');
    expect([winter.status, winter.error?.fields]).toEqual([422, { date_start: 'outside_season' }]);

    const feed = await server.fetch('/api/public/markets.json');
    const published = ((await feed.json()) as { data: { markets: { id: string; opening_hours: string | null }[] } })
      .data.markets;
    expect(published.find((market) => market.id === created.market.id)?.opening_hours).toBe(
      '2026+ Apr 01-Oct 31 Sa 08:00-12:00',
    );
  });

  it('holds across New Year', async () => {
    server.clock.now = JANUARY;
    const created = await call('save_market', farmers({ date_start: '2025-11-20', date_end: '2026-01-10' }));
    expect([created.status, created.error]).toEqual([200, undefined]);
    expect(regular(created.dates).map((date) => date.date_start)).toEqual([
      ...saturdaysBetween('2026-01-05', '2026-01-10'),
      ...saturdaysBetween('2026-11-20', '2027-01-10'),
      ...saturdaysBetween('2027-11-20', '2027-12-31'),
    ]);
  });

  it('refuses a repeating season without both days or of a year or more, naming the field', async () => {
    server.clock.now = JANUARY;
    const before = await storedRows();
    const refused = async (season: Record<string, unknown>) => {
      const answer = await call('save_market', farmers(season));
      return [answer.status, answer.error?.fields];
    };
    expect(await refused({ date_start: '2026-04-01' })).toEqual([422, { date_end: 'season_incomplete' }]);
    expect(await refused({ date_end: '2026-10-31' })).toEqual([422, { date_start: 'season_incomplete' }]);
    expect(await refused({ date_start: '2026-04-01', date_end: '2027-04-01' })).toEqual([
      422,
      { date_end: 'season_too_long' },
    ]);
    expect(await storedRows()).toBe(before);
  });
});

describe('a holiday moves a date (issue 53)', () => {
  const saturdays = (rule: Record<string, unknown>) => ({
    title: 'Bauernmarkt am Hauptplatz',
    type: 'bauernmarkt',
    schedule: 'regular',
    rule: { freq: 'weekly', weekdays: ['SA'], time_from: '08:00', time_to: '12:00', ...rule },
  });

  it('moves a date to the working day before, when the rule says so, and keeps the others', async () => {
    const created = await call('save_market', saturdays({ skip_holidays: true, holiday_shift: 'before' }));
    expect([created.status, created.error]).toEqual([200, undefined]);
    const days = regular(created.dates).map((date) => date.date_start);
    // Stefanitag (the Friday before is Christtag), Staatsfeiertag, Christtag 2027.
    expect(days).toEqual(expect.arrayContaining(['2026-12-24', '2027-04-30', '2027-12-24']));
    expect(days).not.toContain('2026-12-26');
    expect(days).not.toContain('2027-05-01');
    expect(days).toContain('2026-12-19');
    expect(created.market.rule).toMatchObject({ holiday_shift: 'before' });
  });

  it('stores no move beside a rule that skips no holiday, and refuses an unknown one', async () => {
    const kept = await call('save_market', saturdays({ holiday_shift: 'after' }));
    expect([kept.status, kept.market.rule && 'holiday_shift' in kept.market.rule]).toEqual([200, false]);
    const before = await storedRows();
    const refused = await call('save_market', saturdays({ skip_holidays: true, holiday_shift: 'sideways' }));
    expect([refused.status, refused.error?.fields]).toEqual([400, { 'rule.holiday_shift': 'invalid_request' }]);
    expect(await storedRows()).toBe(before);
  });
});
