// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): revision counters kept by triggers, read back as numbers through each driver.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMarket, GKZ_A } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Issue 21: a subscribed calendar replaces an event only when its SEQUENCE grows (RFC 5545 3.8.7.4),
 * so the recurring event of a rule must count every change of the rule, its dates and its EXDATEs —
 * whoever writes them — and never fall back, also when an exception is removed again.
 */
let server: TestServer;
let marketId: string;
let regular: string[];

beforeAll(async () => {
  server = await startTestServer();
  const added = await addMarket(
    server.db,
    GKZ_A,
    {
      title: 'Samstagsmarkt',
      type: 'wochenmarkt',
      rule: {
        freq: 'weekly',
        interval: 1,
        weekdays: ['SA'],
        nth: null,
        time_from: '08:00',
        time_to: '12:00',
        dtstart: '2027-06-05',
        skip_holidays: false,
      },
    },
    ['2027-06-05', '2027-06-12', '2027-06-19', '2027-06-26'].map((day) => ({ date_start: day, date_end: day })),
  );
  marketId = added.market.id;
  regular = added.dates.map((date) => date.id);
});
afterAll(() => server.close());

/** The rule's recurring event as ical.js reads it: its SEQUENCE and its EXDATEs. */
async function ruleEvent() {
  const text = await (await server.fetch(`/api/public/markets/${marketId}.ics`)).text();
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const event = calendar
    .getAllSubcomponents('vevent')
    .find((component) => String(component.getFirstPropertyValue('uid')).startsWith(`${marketId}-rule@`));
  if (!event) throw new Error(`no recurring event in\n${text}`);
  return {
    sequence: new ICAL.Event(event).sequence,
    exdates: event.getAllProperties('exdate').map((property) => String(property.getFirstValue()).slice(0, 10)),
  };
}

describe('the SEQUENCE of a rule’s recurring event', () => {
  it('grows with every change of its dates, its EXDATEs and the market, and never falls', async () => {
    const seen = [await ruleEvent()];
    const change = async (sql: string, parameters: unknown[]) => {
      await server.db.query(sql, parameters);
      seen.push(await ruleEvent());
    };
    // An exception: the second Saturday is cancelled, an EXDATE appears.
    await change(`UPDATE market_dates SET status = 'cancelled', type = 'cancelled' WHERE id = $1`, [regular[1]]);
    expect(seen.at(-1)!.exdates).toEqual(['2027-06-12']);
    // The exception is taken back: the EXDATE goes, the date is as it was at first.
    await change(`UPDATE market_dates SET status = 'takes_place', type = 'regular' WHERE id = $1`, [regular[1]]);
    expect(seen.at(-1)!.exdates).toEqual([]);
    // A regular date deleted (no date's version can say so), then the market itself changed.
    await change('DELETE FROM market_dates WHERE id = $1', [regular[2]]);
    expect(seen.at(-1)!.exdates).toEqual(['2027-06-19']);
    await change(`UPDATE markets SET title = 'Samstagsmarkt am Platz', version = version + 1 WHERE id = $1`, [
      marketId,
    ]);

    const sequences = seen.map(({ sequence }) => sequence);
    for (let i = 1; i < sequences.length; i += 1) expect(sequences[i]).toBeGreaterThan(sequences[i - 1]!);
  });

  it('stays as it is while nothing changes', async () => {
    const before = await ruleEvent();
    await server.db.query(`UPDATE markets SET hidden = false WHERE id <> $1`, [marketId]);
    expect((await ruleEvent()).sequence).toBe(before.sequence);
  });
});
