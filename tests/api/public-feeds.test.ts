import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Document } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMarket, GKZ_A, GKZ_B } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
const saturdays = {
  freq: 'weekly' as const,
  interval: 1,
  weekdays: ['SA' as const],
  nth: null,
  time_from: '08:00',
  time_to: '12:00',
  dtstart: '2026-01-01',
  skip_holidays: true,
};
let weekly: string;
let kirtag: string;

beforeAll(async () => {
  server = await startTestServer();
  ({
    market: { id: weekly },
  } = await addMarket(server.db, GKZ_A, { title: 'Bauernmarkt am Hauptplatz', type: 'wochenmarkt', rule: saturdays }, [
    { date_start: '2027-01-09', date_end: '2027-01-09' },
    { date_start: '2027-06-05', date_end: '2027-06-05', status: 'cancelled', type: 'cancelled' },
    { date_start: '2027-06-19', date_end: '2027-06-19', status: 'pending' },
    { date_start: '2027-06-12', date_end: '2027-06-12', hidden: true },
    { date_start: '2026-12-19', date_end: '2026-12-19', note: 'Mit Punsch, Glühwein; und Maroni' },
  ]));
  ({
    market: { id: kirtag },
  } = await addMarket(server.db, GKZ_B, { title: 'Kremser Kirtag', type: 'kirtag', location: 'Steiner Landstraße' }, [
    { date_start: '2027-08-27', date_end: '2027-08-29', time_from: null, time_to: null },
  ]));
  await addMarket(server.db, GKZ_B, { title: 'Versteckter Markt', hidden: true });
});
afterAll(() => server.close());

interface Feed {
  data: {
    licence: string;
    attribution: string;
    markets: { id: string; title: string; opening_hours: string | null; dates: { date_start: string }[] }[];
  };
}
const feed = async (query = '') => {
  const response = await server.fetch(`/api/public/markets.json${query}`);
  return { response, body: (await response.json()) as Feed };
};

describe('GET /api/public/markets.json', () => {
  it('gives every published market with its published dates, licence and attribution, valid against its schema', async () => {
    const { response, body } = await feed();
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(body.data.licence).toContain('CC BY 4.0');
    expect(body.data.attribution).toContain('Gemeinden');
    expect(body.data.markets.map((market) => market.title)).toEqual(['Kremser Kirtag', 'Bauernmarkt am Hauptplatz']);
    const market = body.data.markets.find((candidate) => candidate.id === weekly)!;
    expect(market.opening_hours).toBe('Sa 08:00-12:00; PH off');
    expect(market.dates.map((d) => d.date_start)).toEqual(['2026-12-19', '2027-01-09', '2027-06-05', '2027-06-19']);

    const schema = (await (await server.fetch('/api/public/markets.schema.json')).json()) as { $id: string };
    expect(schema.$id).toBe('http://portal.test/api/public/markets.schema.json');
    // The formats are checked too (issue 21): days, times of change, web and e-mail addresses.
    const validate = addFormats(new Ajv2020({ strict: true, strictTypes: false, allowUnionTypes: true })).compile(
      schema,
    );
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ data: { ...body.data, markets: [{ id: 1 }] } })).toBe(false);
    const badAddress = { ...market, email: 'marktamt(at)hartberg', updated_at: 'gestern' };
    expect(validate({ data: { ...body.data, markets: [badAddress] } })).toBe(false);
    expect(JSON.stringify(validate.errors)).toContain('/email');
    for (const format of ['email', 'uri', 'date', 'date-time'])
      expect(JSON.stringify(schema)).toContain(`"format":"${format}"`);
  });

  it('filters by year, state, district, municipality and type', async () => {
    const titles = async (query: string) => (await feed(query)).body.data.markets.map((market) => market.title);
    expect(await titles('?year=2026')).toEqual(['Bauernmarkt am Hauptplatz']);
    expect((await feed('?year=2026')).body.data.markets[0]?.dates).toHaveLength(1);
    expect(await titles('?state=6')).toEqual(['Bauernmarkt am Hauptplatz']);
    expect(await titles('?district=301')).toEqual(['Kremser Kirtag']);
    expect(await titles(`?gkz=${GKZ_B}`)).toEqual(['Kremser Kirtag']);
    expect(await titles('?type=kirtag&state=3')).toEqual(['Kremser Kirtag']);
    expect(await titles('?type=messe')).toEqual([]);
  });

  it('searches by place, radius, days and words in pages, in the order of the directory’s search (issue 52)', async () => {
    type Found = Feed['data'] & { total?: number; page?: number; per_page?: number };
    const found = async (query: string) => (await feed(query)).body.data as Found;
    const titles = (data: Found) => data.markets.map((market) => market.title);
    // Without a search's filter the answer is as it was: no pages.
    expect(await found('?state=6')).not.toHaveProperty('total');
    // 8230 is Hartberg's; Krems is 150 km away.
    const near = await found('?near=8230&km=20');
    expect([near.total, near.page, near.per_page, titles(near)]).toEqual([1, 1, 20, ['Bauernmarkt am Hauptplatz']]);
    expect(near.markets[0]).toMatchObject({ distance_km: 0 });
    expect(titles(await found('?near=3500&km=100'))).toEqual(['Kremser Kirtag']);
    expect((await found('?near=30101&km=100')).markets[0]).toMatchObject({ distance_km: 0 });
    const far = await found('?near=3500&km=100&q=bauernmarkt');
    expect(far.total).toBe(0);
    // By their next date in the days; each with only its dates in them, cancelled and pending ones too.
    expect(titles(await found('?from=2026-12-01'))).toEqual(['Bauernmarkt am Hauptplatz', 'Kremser Kirtag']);
    const june = await found('?from=2027-06-01&to=2027-06-30');
    expect(titles(june)).toEqual(['Bauernmarkt am Hauptplatz']);
    expect(june.markets[0]!.dates.map((date) => date.date_start)).toEqual(['2027-06-05', '2027-06-19']);
    const second = await found('?from=2026-12-01&per_page=1&page=2');
    expect([second.total, second.page, second.per_page, titles(second)]).toEqual([2, 2, 1, ['Kremser Kirtag']]);
    expect((await found('?from=2026-12-01&page=9')).markets).toEqual([]);
    expect(titles(await found('?q=krems%20kirtag'))).toEqual(['Kremser Kirtag']);
    expect(titles(await found('?q=steiermark&lang=de'))).toEqual(['Bauernmarkt am Hauptplatz']);
    expect(titles(await found('?q=styria&lang=en'))).toEqual(['Bauernmarkt am Hauptplatz']);

    const schema = (await (await server.fetch('/api/public/markets.schema.json')).json()) as object;
    const validate = addFormats(new Ajv2020({ strict: true, strictTypes: false, allowUnionTypes: true })).compile(
      schema,
    );
    expect(validate({ data: near }), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses malformed filters with a message in the asked language, and answers 304 to a known ETag', async () => {
    for (const query of [
      '?year=zwei',
      '?state=10',
      '?gkz=123',
      '?type=flohmarkt',
      '?district=3011',
      '?near=Hartberg',
      '?near=9999',
      '?near=8230&km=0',
      '?near=8230&km=101',
      '?from=2027-02-30',
      '?from=2027-06-02&to=2027-06-01',
      '?page=0',
      '?per_page=101',
    ]) {
      const response = await server.fetch(`/api/public/markets.json${query}&lang=en`);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect([response.status, body.error.code], query).toEqual([400, 'invalid_request']);
    }
    const first = await server.fetch('/api/public/markets.json?state=6');
    const again = await server.fetch('/api/public/markets.json?state=6', {
      headers: { 'If-None-Match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });
});

function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  ICAL.TimezoneService.register(new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!));
  return calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
}

describe('iCalendar files', () => {
  it('hold a market’s dates in Vienna time with their status, and parse', async () => {
    const response = await server.fetch(`/api/public/markets/${weekly}.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await response.text();
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);
    // libical flags METHOD:PUBLISH without ORGANIZER (issue 21); a subscribed feed needs no METHOD.
    expect(text).not.toMatch(/^METHOD:/m);

    const events = eventsOf(text);
    const byDay = new Map(events.map((event) => [event.startDate.toString().slice(0, 10), event]));
    expect([...byDay.keys()].sort()).toEqual(['2026-12-19', '2027-01-09', '2027-06-05', '2027-06-19']);
    // 08:00 in Vienna is 07:00 UTC in winter and 06:00 UTC in summer.
    expect(byDay.get('2027-01-09')!.startDate.toJSDate().toISOString()).toBe('2027-01-09T07:00:00.000Z');
    expect(byDay.get('2027-06-19')!.endDate.toJSDate().toISOString()).toBe('2027-06-19T10:00:00.000Z');
    const status = (day: string) => byDay.get(day)!.component.getFirstPropertyValue('status');
    expect([status('2027-01-09'), status('2027-06-05'), status('2027-06-19')]).toEqual([
      'CONFIRMED',
      'CANCELLED',
      'TENTATIVE',
    ]);
    expect(byDay.get('2026-12-19')!.description).toContain('Mit Punsch, Glühwein; und Maroni');
    expect(byDay.get('2027-01-09')!.summary).toBe('Bauernmarkt am Hauptplatz');
  });

  it('hold what a search finds, to subscribe to, with only the days asked; a search of nothing is refused (issue 52)', async () => {
    const calendar = async (query: string) => {
      const response = await server.fetch(`/api/public/markets.ics${query}`);
      return { response, text: await response.text() };
    };
    const around = await calendar('?near=8230&km=20&lang=de');
    expect(around.response.status).toBe(200);
    expect(around.response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(around.text).toContain('X-WR-CALNAME:Märkte: 20 km – Hartberg (8230)');
    const titles = eventsOf(around.text).map((event) => event.summary);
    expect(titles.some((title) => title.includes('Bauernmarkt am Hauptplatz'))).toBe(true);
    expect(titles.some((title) => title.includes('Kremser Kirtag'))).toBe(false);
    const june = eventsOf((await calendar('?near=8230&from=2027-06-01&to=2027-06-30')).text);
    expect(june.length).toBeGreaterThan(0);
    for (const event of june) {
      const day = event.startDate.toString().slice(0, 10);
      expect(day >= '2027-06-01' && day <= '2027-06-30', day).toBe(true);
    }
    // The feed's other filters narrow it as they do the JSON: Krems's Kirtag is no market of Hartberg.
    const narrowed = eventsOf((await calendar(`?type=kirtag&gkz=${GKZ_A}`)).text);
    expect(narrowed).toEqual([]);
    expect(eventsOf((await calendar(`?type=kirtag&gkz=${GKZ_B}`)).text).length).toBeGreaterThan(0);
    for (const query of ['', '?lang=de', '?near=9999', '?from=2027-06-02&to=2027-06-01'])
      expect((await calendar(query)).response.status, query).toBe(400);
  });

  it('give a search’s changes as Atom, the last changed market first; a search of nothing is refused (issue 52)', async () => {
    const atom = async (query: string) => {
      const response = await server.fetch(`/api/public/markets.atom${query}`);
      return { response, document: parseDocument(await response.text(), { xmlMode: true }) };
    };
    const entriesOf = (document: Document) =>
      DomUtils.getElementsByTagName('entry', document).map((entry) => {
        const text = (name: string) => DomUtils.textContent(DomUtils.getElementsByTagName(name, entry)[0]!);
        const link = DomUtils.getElementsByTagName('link', entry)[0]!;
        return { title: text('title'), updated: text('updated'), summary: text('summary'), link: link.attribs.href };
      });
    const around = await atom('?near=8230&km=20&lang=de');
    expect(around.response.status).toBe(200);
    expect(around.response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const feedTitle = DomUtils.getElementsByTagName('title', around.document)[0]!;
    expect(DomUtils.textContent(feedTitle)).toBe('Märkte: 20 km – Hartberg (8230)');
    const alternate = DomUtils.getElementsByTagName('link', around.document).find(
      (link) => link.attribs.rel === 'alternate',
    )!;
    expect(alternate.attribs.href).toBe('http://portal.test/verzeichnis/suche?ort=8230&km=20');
    const before = entriesOf(around.document);
    expect(before.map((entry) => entry.title)).toContain('Bauernmarkt am Hauptplatz');
    expect(before.map((entry) => entry.title)).not.toContain('Kremser Kirtag');
    const weeklyEntry = before.find((entry) => entry.title === 'Bauernmarkt am Hauptplatz')!;
    expect(weeklyEntry.link).toMatch(
      /^http:\/\/portal\.test\/verzeichnis\/steiermark\/[\w-]+\/[\w-]+\/bauernmarkt-am-hauptplatz$/,
    );
    expect(weeklyEntry.summary).toMatch(/^Wochen- oder Monatsmarkt · \d{4} [^·]+ · Nächster Termin: /);

    // A market changed around Hartberg comes first.
    await addMarket(server.db, GKZ_A, { title: 'Neuer Adventmarkt', type: 'weihnachtsmarkt' }, [
      { date_start: '2027-12-04', date_end: '2027-12-05' },
    ]);
    const after = entriesOf((await atom('?near=8230&km=20&lang=en')).document);
    expect(after[0]!.title).toBe('Neuer Adventmarkt');
    expect(after[0]!.summary).toContain('Christmas market');
    const times = after.map((entry) => entry.updated);
    expect(times).toEqual([...times].sort().reverse());
    expect(after).toHaveLength(before.length + 1);
    // A search by state alone is named by it.
    const styria = (await atom('?state=6&lang=de')).document;
    expect(DomUtils.textContent(DomUtils.getElementsByTagName('title', styria)[0]!)).toBe('Märkte: Steiermark');
    for (const query of ['', '?lang=de', '?near=9999', '?from=2027-06-02&to=2027-06-01'])
      expect((await atom(query)).response.status, query).toBe(400);
  });

  it('hold a municipality’s markets, whole days as dates', async () => {
    const response = await server.fetch(`/api/public/municipalities/${GKZ_B}.ics?lang=fr`);
    const events = eventsOf(await response.text());
    expect(events.map((event) => event.summary)).toEqual(['Kremser Kirtag']);
    const [kirtagDays] = events;
    expect(kirtagDays!.startDate.isDate).toBe(true);
    expect([kirtagDays!.startDate.toString(), kirtagDays!.endDate.toString()]).toEqual(['2027-08-27', '2027-08-30']);
    expect(kirtagDays!.uid).toMatch(/^[\w-]+@/);
  });

  it('answer 404 for hidden or unknown markets and unknown municipalities', async () => {
    expect((await server.fetch(`/api/public/markets/${kirtag}.ics`)).status).toBe(200);
    expect((await server.fetch('/api/public/markets/unbekannt.ics')).status).toBe(404);
    expect((await server.fetch('/api/public/municipalities/99999.ics')).status).toBe(404);
    const empty = await server.fetch('/api/public/municipalities/10101.ics');
    expect(empty.status).toBe(200);
    expect(eventsOf(await empty.text())).toEqual([]);
  });
});
