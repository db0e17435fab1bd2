import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import OpeningHours from 'opening_hours';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenData } from '../../src/server/feeds/open-data.ts';
import { MARKET_TYPES } from '../../src/lib/market.ts';
import { AUSTRIA, generateMarkets } from '../../src/server/demo/austria-scale.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
type OpenDataMarket = OpenData['markets'][number];
/** Where the parser takes Austria's public holidays from (a market in Styria; PH is the same in every state). */
const NOMINATIM = { lat: 47.28, lon: 15.97, address: { country_code: 'at', state: 'Steiermark' } };
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the Austria-scale generator', () => {
  it('spreads markets of every type over the municipalities, with rule dates inside their season', async () => {
    const made = await generateMarkets(server.db, { markets: 400, datesPerMarket: 10, year: 2027, seed: 7 });
    expect(made.markets).toBe(400);
    expect(made.dates).toBeGreaterThan(400 * 8);
    expect(made.dates).toBeLessThan(400 * 12);

    const types = await server.db.query<{ type: string }>('SELECT DISTINCT type FROM markets');
    expect(types.map(({ type }) => type).sort()).toEqual([...MARKET_TYPES].sort());
    const [places] = await server.db.query<{ n: number }>('SELECT count(DISTINCT gkz)::int AS n FROM markets');
    expect(places?.n).toBe(400);
    const outside = await server.db.query(
      `SELECT 1 FROM market_dates d JOIN markets m ON m.id = d.market_id
        WHERE m.rule IS NOT NULL AND (d.date_start < m.date_start OR d.date_end > m.date_end)`,
    );
    expect(outside).toEqual([]);
    const [cancelled] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM market_dates WHERE status = 'cancelled' AND type = 'cancelled'`,
    );
    expect(cancelled?.n).toBeGreaterThan(0);
  });

  it('gives the same records for the same seed', async () => {
    const ids = () => server.db.query<{ id: string }>('SELECT id FROM markets ORDER BY id');
    const before = await ids();
    await server.db.query('DELETE FROM markets');
    await generateMarkets(server.db, { markets: 400, datesPerMarket: 10, year: 2027, seed: 7 });
    expect(await ids()).toEqual(before);
  });
});

/** Debian's python3 with recurring-ical-events (`apt-get install python3-recurring-ical-events`), or why not. */
const PYTHON = '/usr/bin/python3';
const ORACLE = fileURLToPath(new URL('helpers/calendar-starts.py', import.meta.url));
const calendarOracleMissing = (() => {
  const probe = spawnSync(PYTHON, ['-c', 'import recurring_ical_events'], { encoding: 'utf8' });
  return probe.status === 0
    ? null
    : `${PYTHON} has no recurring_ical_events (apt-get install python3-recurring-ical-events)`;
})();
if (calendarOracleMissing) console.warn(`The calendar oracle at Austria scale is skipped: ${calendarOracleMissing}.`);

// The strings and files come from the generator and the feeds, the same on either database: once is enough at this size.
describe.skipIf(process.env['TEST_DATABASE'] === 'postgres')('the published feeds at Austria scale', () => {
  let markets: OpenDataMarket[];
  beforeAll(async () => {
    await server.db.query('DELETE FROM markets');
    // Seasons from January of the first year into the second, as `npm run generate` makes them.
    await generateMarkets(server.db, { ...AUSTRIA, year: 2026 });
    const feed = (await (await server.fetch('/api/public/markets.json')).json()) as {
      data: { markets: OpenDataMarket[] };
    };
    markets = feed.data.markets;
  }, 120_000);

  it('are open on every published regular date of every market, by the opening_hours reference parser (issue 14)', () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const market of markets) {
      if (market.opening_hours === null) continue;
      const hours = new OpeningHours(market.opening_hours, NOMINATIM);
      checked += 1;
      for (const date of market.dates) {
        if (date.type !== 'regular' || !date.time_from || !date.time_to) continue;
        const [year, month, day] = date.date_start.split('-').map(Number) as [number, number, number];
        const at = (time: string) => new Date(year, month - 1, day, Number(time.slice(0, 2)), Number(time.slice(3)));
        const lastMinute = new Date(at(date.time_to).getTime() - 60_000);
        if (!hours.getState(at(date.time_from)) || !hours.getState(lastMinute))
          wrong.push(`${market.opening_hours} closed on ${date.date_start} ${date.time_from}`);
      }
    }
    console.log(`opening_hours checked against their dates: ${checked} markets of ${markets.length}`);
    expect(checked).toBeGreaterThan(1500);
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it.skipIf(calendarOracleMissing !== null)(
    'keep every published date in each municipality’s calendar, read by recurring-ical-events (issue 55)',
    async () => {
      const expected = new Map<string, string[]>();
      for (const market of markets)
        for (const date of market.dates) {
          const starts = expected.get(market.gkz) ?? expected.set(market.gkz, []).get(market.gkz)!;
          starts.push(date.time_from ? `${date.date_start}T${date.time_from}` : date.date_start);
        }
      const folder = await mkdtemp(path.join(tmpdir(), 'calendars-'));
      try {
        const files = new Map<string, string>();
        for (const gkz of expected.keys()) {
          const answer = await server.fetch(`/api/public/municipalities/${gkz}.ics`);
          expect(answer.status).toBe(200);
          const file = path.join(folder, `${gkz}.ics`);
          await writeFile(file, await answer.text());
          files.set(file, gkz);
        }
        const oracle = spawnSync(PYTHON, [ORACLE, ...files.keys()], { encoding: 'utf8', maxBuffer: 256 * 1024 ** 2 });
        expect(oracle.stderr).toBe('');
        const read = JSON.parse(oracle.stdout) as Record<string, string[]>;
        const lost: string[] = [];
        let series = 0;
        for (const [file, gkz] of files) {
          series += (await readFile(file, 'utf8')).split('RRULE:').length - 1;
          const want = expected.get(gkz)!.sort();
          if (JSON.stringify(read[file]) !== JSON.stringify(want))
            lost.push(`${gkz}.ics: ${difference(want, read[file] ?? [])}`);
        }
        console.log(`recurring-ical-events read ${files.size} municipality calendars with ${series} series`);
        expect(series).toBeGreaterThan(1000);
        expect(lost.slice(0, 5)).toEqual([]);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    300_000,
  );
});

/** What one list of starts has that the other lacks, for a failure's message. */
function difference(want: string[], got: string[]): string {
  const missing = want.filter((start) => !got.includes(start));
  const extra = got.filter((start) => !want.includes(start));
  return `lost ${missing.slice(0, 3).join(', ') || 'none'}; added ${extra.slice(0, 3).join(', ') || 'none'}`;
}
