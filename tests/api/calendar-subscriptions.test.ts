// On PostgreSQL too (vitest.config.ts, ON_BOTH_DATABASES): the outcome is jsonb read back, and whether it was seen
// compares two timestamps the drivers write from the clock.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mail } from '../../src/server/mail/mailer.ts';
import { importSubscribedCalendars } from '../../src/server/services/calendar-subscriptions.ts';
import { addMarket, GKZ_A, loggedInUser } from './helpers/fixtures.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Issue 54: a municipality's subscribed calendar, imported by the nightly run. The calendars are
 * served by the test (the download is given), the mails collected; the nightly run's part is
 * called as scripts/nightly.ts calls it.
 */
const CALENDAR = readFileSync(
  join(fileURLToPath(new URL('../fixtures/imports/', import.meta.url)), 'gem2go-like.ics'),
  'utf8',
);
const ADDRESS = 'https://www.hartberg.gv.at/kalender.ics';
/** Today in Vienna is 2027-06-01, as in the import's own tests. */
const NOW = new Date('2027-06-01T08:00:00Z');

let server: TestServer;
/** What each address answers now; absent: unreachable. */
const calendars = new Map<string, string>();
const mails: Mail[] = [];
let clerk: { userId: string; email: string; cookie: string };

beforeAll(async () => {
  server = await startTestServer({}, { calendarDownload: download });
});
beforeEach(async () => {
  server.clock.now = NOW;
  calendars.clear();
  calendars.set(ADDRESS, CALENDAR);
  mails.length = 0;
  await server.db.query('DELETE FROM calendar_subscriptions');
  await server.db.query('DELETE FROM market_sources');
  await server.db.query('DELETE FROM market_dates WHERE market_id IN (SELECT id FROM markets WHERE gkz = $1)', [GKZ_A]);
  await server.db.query('DELETE FROM markets WHERE gkz = $1', [GKZ_A]);
  // Only this test's clerk is mailed: the clerks of earlier tests are disabled.
  await server.db.query('UPDATE users SET disabled_at = now() WHERE gkz = $1', [GKZ_A]);
  clerk = await loggedInUser(server.db, GKZ_A);
});
afterAll(() => server.close());

/** The calendar an address answers now, as the portal's download gives it. */
function download(url: string) {
  return Promise.resolve(calendars.has(url) ? { bytes: Buffer.from(calendars.get(url)!) } : null);
}

interface Subscription {
  url: string;
  checked_at: string | null;
  outcome: { applied: string[]; waiting: string[]; refused: number; error?: string } | null;
  seen: boolean;
  summary: string | null;
}

async function call<T = Subscription | null>(path: string, fields?: Record<string, string>) {
  const response = await server.fetch(`/api/${path}`, {
    method: fields ? 'POST' : 'GET',
    headers: { Cookie: clerk.cookie },
    ...(fields ? { body: new URLSearchParams({ lang: 'de', ...fields }) } : {}),
  });
  const body = (await response.json()) as { data?: T; error?: { code: string; fields?: Record<string, string> } };
  return { status: response.status, body };
}

function night(at = NOW) {
  return importSubscribedCalendars({
    db: server.db,
    download,
    mailer: {
      send: (mail) => {
        mails.push(mail);
        return Promise.resolve();
      },
    },
    context: { baseUrl: 'https://maerkte.example', siteTitle: 'Marktverzeichnis', providerName: 'Anbieter' },
    now: at,
  });
}

const titles = async () =>
  (await server.db.query<{ title: string }>('SELECT title FROM markets WHERE gkz = $1 ORDER BY title', [GKZ_A])).map(
    (row) => row.title,
  );

describe('a subscribed calendar', () => {
  it('is refused unless it is an https address that answers a calendar now, and nothing is kept then', async () => {
    expect((await call('calendar_subscription')).body).toEqual({ data: null });
    const plain = await call('save_calendar_subscription', { url: 'http://www.hartberg.gv.at/kalender.ics' });
    expect(plain.status).toBe(422);
    expect(plain.body.error?.fields).toEqual({ url: 'invalid_url' });
    calendars.set('https://www.hartberg.gv.at/kein-kalender', 'Sehr geehrte Damen und Herren');
    const notCalendar = await call('save_calendar_subscription', { url: 'https://www.hartberg.gv.at/kein-kalender' });
    expect(notCalendar.status).toBe(422);
    expect(notCalendar.body.error).toMatchObject({ code: 'not_a_calendar', fields: { url: 'not_a_calendar' } });
    const gone = await call('save_calendar_subscription', { url: 'https://www.hartberg.gv.at/weg.ics' });
    expect(gone.body.error?.code).toBe('calendar_unreachable');
    expect((await call('calendar_subscription')).body).toEqual({ data: null });
    expect((await server.fetch('/api/calendar_subscription')).status).toBe(401);
  });

  it('brings new markets at night, mails the clerk, and tells the markets screen until a clerk has seen it', async () => {
    const subscribed = await call('save_calendar_subscription', { url: ADDRESS });
    expect(subscribed.status).toBe(200);
    expect(subscribed.body.data).toMatchObject({ url: ADDRESS, checked_at: null, outcome: null, seen: true });
    expect(await titles()).toEqual([]);

    expect(await night()).toEqual([`${GKZ_A}: 4 written, 0 waiting, 2 refused`]);
    expect(await titles()).toEqual([
      'Adventmarkt',
      'Bauernmarkt am Hauptplatz',
      'Flohmarkt der Feuerwehr',
      'Hartberger Kirtag',
    ]);
    const [history] = await server.db.query<{ source: string; user_email: string }>(
      `SELECT c.source, c.user_email FROM market_changes c JOIN markets m ON m.id = c.market_id
       WHERE m.title = 'Hartberger Kirtag' AND m.gkz = $1`,
      [GKZ_A],
    );
    expect(history).toEqual({ source: ADDRESS, user_email: clerk.email });
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [clerk.email, 'Kalender von Hartberg: neue Angaben im Marktverzeichnis'],
    ]);
    expect(mails[0]!.text).toContain('4 Märkte aus dem Kalender übernommen.');
    expect(mails[0]!.text).toContain('– Hartberger Kirtag');
    expect(mails[0]!.link).toBe('https://maerkte.example/maerkte?markt=importieren');

    const shown = (await call('calendar_subscription')).body.data!;
    expect(shown).toMatchObject({ seen: false, outcome: { waiting: [], refused: 2 } });
    expect(shown.summary).toBe(
      '4 Märkte aus dem Kalender übernommen. 2 Einträge des Kalenders können nicht übernommen werden; die Vorschau nennt die Gründe.',
    );
    expect((await call('calendar_subscription_seen', {})).status).toBe(200);
    expect((await call('calendar_subscription')).body.data?.seen).toBe(true);

    // The next night brings nothing new: nothing is written, nobody is mailed.
    const before = await server.db.query('SELECT * FROM market_changes ORDER BY id');
    expect(await night(new Date('2027-06-02T01:00:00Z'))).toEqual([`${GKZ_A}: 0 written, 0 waiting, 2 refused`]);
    expect(await server.db.query('SELECT * FROM market_changes ORDER BY id')).toEqual(before);
    expect(mails).toHaveLength(1);
  });

  it('keeps a field the clerk changed when the calendar changed it too, and waits for the clerk to decide', async () => {
    await call('save_calendar_subscription', { url: ADDRESS });
    await night();
    const [kirtag] = await server.db.query<{ id: string; version: number }>(
      `SELECT id, version FROM markets WHERE gkz = $1 AND title = 'Hartberger Kirtag'`,
      [GKZ_A],
    );
    type Content = { wko_markets: Record<string, Record<string, Record<string, unknown>>> };
    const content = (await call<Content>('get_own_content')).body.data!;
    const record = content.wko_markets['2']![kirtag!.id]!;
    const edited = await server.fetch('/api/save_market', {
      method: 'POST',
      headers: { Cookie: clerk.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...record, event_location: 'Kirchplatz und Ring' }),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    mails.length = 0;

    calendars.set(ADDRESS, CALENDAR.replace('LOCATION:Kirchplatz', 'LOCATION:Pfarrwiese'));
    expect(await night(new Date('2027-06-02T01:00:00Z'))).toEqual([`${GKZ_A}: 0 written, 1 waiting, 2 refused`]);
    const [kept] = await server.db.query<{ event_location: string }>(
      'SELECT event_location FROM markets WHERE id = $1',
      [kirtag!.id],
    );
    expect(kept!.event_location).toBe('Kirchplatz und Ring');
    expect(mails[0]!.text).toContain('1 Markt wartet auf Ihre Entscheidung');
    expect(mails[0]!.text).toContain('– Hartberger Kirtag');

    // The next night the same decision waits: the clerk is not mailed again.
    expect(await night(new Date('2027-06-03T01:00:00Z'))).toEqual([`${GKZ_A}: 0 written, 1 waiting, 2 refused`]);
    expect(mails).toHaveLength(1);

    // The clerk decides in a preview of the same address: the row is a conflict there.
    const body = new FormData();
    body.set('url', ADDRESS);
    const preview = await server.fetch('/api/import_preview', {
      method: 'POST',
      body,
      headers: { Cookie: clerk.cookie },
    });
    const rows = ((await preview.json()) as { data: { rows: { title: string; status: string }[] } }).data.rows;
    expect(rows.find((row) => row.title === 'Hartberger Kirtag')?.status).toBe('conflict');
  });

  it('leaves a market typed here by hand to the clerk: the first night does not overwrite it', async () => {
    await addMarket(server.db, GKZ_A, {
      title: 'Hartberger Kirtag',
      type: 'kirtag',
      event_location: 'Kirchplatz und Ring',
    });
    await call('save_calendar_subscription', { url: ADDRESS });
    expect(await night()).toEqual([`${GKZ_A}: 3 written, 1 waiting, 2 refused`]);
    const [kirtag] = await server.db.query<{ event_location: string }>(
      `SELECT event_location FROM markets WHERE gkz = $1 AND title = 'Hartberger Kirtag'`,
      [GKZ_A],
    );
    expect(kirtag!.event_location).toBe('Kirchplatz und Ring');
    expect((await call('calendar_subscription')).body.data?.outcome?.waiting).toEqual(['Hartberger Kirtag']);
  });

  it('writes a new market whose title only a refused event shares (last year’s Kirtag)', async () => {
    const lastYear = [
      'BEGIN:VEVENT',
      'UID:veranstaltung-40001@hartberg.gv.at',
      'DTSTAMP:20260110T081500Z',
      'SUMMARY:Hartberger Kirtag',
      'DTSTART;VALUE=DATE:20260815',
      'DTEND;VALUE=DATE:20260817',
      'END:VEVENT',
      '',
    ].join('\r\n');
    calendars.set(ADDRESS, CALENDAR.replace('END:VCALENDAR', `${lastYear}END:VCALENDAR`));
    await call('save_calendar_subscription', { url: ADDRESS });
    expect(await night()).toEqual([`${GKZ_A}: 4 written, 0 waiting, 3 refused`]);
    expect(await titles()).toContain('Hartberger Kirtag');
  });

  it('imports nothing without a clerk who may log in, and says so in the report', async () => {
    await call('save_calendar_subscription', { url: ADDRESS });
    await server.db.query('DELETE FROM allowed_emails WHERE email = $1', [clerk.email]);
    expect(await night()).toEqual([`${GKZ_A}: no clerk to import as`]);
    expect(await titles()).toEqual([]);
    expect(mails).toEqual([]);
  });

  it('says once that the calendar could not be read, and nothing after it is ended', async () => {
    await call('save_calendar_subscription', { url: ADDRESS });
    calendars.delete(ADDRESS);
    expect(await night()).toEqual([`${GKZ_A}: calendar_unreachable`]);
    expect(mails.map((mail) => mail.subject)).toEqual(['Kalender von Hartberg nicht lesbar']);
    expect((await call('calendar_subscription')).body.data?.summary).toMatch(
      /^Der Kalender war heute Nacht nicht lesbar: Unter dieser Adresse war kein Kalender abrufbar/,
    );
    await night(new Date('2027-06-02T01:00:00Z'));
    expect(mails).toHaveLength(1);

    expect((await call('delete_calendar_subscription', {})).status).toBe(200);
    expect((await call('calendar_subscription')).body).toEqual({ data: null });
    expect(await night(new Date('2027-06-03T01:00:00Z'))).toEqual([]);
  });
});
