import ICAL from 'ical.js';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { messages } from './helpers/messages.ts';
import { expect, test } from './helpers/portal.ts';
import { RUNNING } from './helpers/running-market.ts';
import { screenReady } from './helpers/screen.ts';
import { viennaYear } from '../../src/lib/market-rules.ts';

const m = messages('de');

/**
 * Issue 53: a running date was a dead end. The Bregenz clerk's Advent market began three days ago
 * (tests/e2e/seed-portal.ts); after a storm they cancel the days left, from today. The days held
 * stay as they were, and the public page, the embed, the feed and the calendar show both.
 */
test('a clerk cancels the rest of a running date; visitors see the days held and the days cancelled', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const login = await page.request.post('/api/login', { form: { email: RUNNING.email, password: RUNNING.password } });
  expect(login.status()).toBe(200);
  await page.goto('/maerkte');
  // As the other editing specs do: the list is in the server's HTML before the screen can be used
  // (what a clerk does before is kept, skeleton.spec; this test is about the running date).
  await screenReady(page);
  // The list opens on the year ahead in December: the date began three days ago, in its own year.
  await page
    .getByRole('radio', { name: String(viennaYear(new Date(Date.now() - 3 * 86_400_000))), exact: true })
    .check();
  const card = page.getByRole('article', { name: RUNNING.title });
  await card
    .getByRole('button', { name: new RegExp(`^${m('marketDate.heading').replace('{{years}}', '\\d{4}')}`) })
    .first()
    .click();

  // The running date offers what it can still do: its days from today on.
  await card.getByRole('button', { name: new RegExp(`^${m('marketDate.days.open')}`) }).click();
  const form = card.getByRole('form', { name: new RegExp(`^${m('marketDate.days.heading').split('{{date}}')[0]}`) });
  await expect(form.getByRole('heading')).toBeFocused();
  await expectNoAxeViolations(page);
  await form.getByLabel(m('marketDate.days.note')).fill('Wegen Sturmschäden abgesagt');
  await expect(form.locator('.days-result li')).toHaveCount(2);
  await form.getByRole('button', { name: m('marketDate.days.save') }).click();
  await expect(page.getByText(m('notice.daysChanged'))).toBeVisible();

  // The focus lands on the days cancelled, a row named by its days.
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('scope', 'row');
  await expect(focused.locator('xpath=..')).toContainText(m('marketDate.status.cancelled'));

  // Public: the page, the embed, the feed and the calendar.
  const published = new RegExp(m('publish.done').replace('{{time}}', '\\d\\d:\\d\\d').replace('.', '\\.'));
  await expect(page.locator('.publish-notice')).toHaveText(published, { timeout: 60_000 });
  const feed = (await (await page.request.get(`/api/public/markets.json?gkz=${RUNNING.gkz}`)).json()) as {
    data: { markets: { id: string; dates: { date_start: string; status: string }[] }[] };
  };
  const market = feed.data.markets.find((one) => one.dates.length > 0)!;
  expect(market.dates.map((date) => date.status)).toEqual(['takes_place', 'cancelled']);
  const ics = await (await page.request.get(`/api/public/markets/${market.id}.ics`)).text();
  const statuses = new ICAL.Component(ICAL.parse(ics) as unknown[])
    .getAllSubcomponents('vevent')
    .map((event) => String(event.getFirstPropertyValue('status')));
  expect(statuses.sort()).toEqual(['CANCELLED', 'CONFIRMED']);

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`/verzeichnis/vorarlberg/bregenz/bregenz/bregenzer-adventmarkt`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(RUNNING.title);
  const dates = visitor.getByRole('region', { name: 'Termine' });
  await expect(dates).toContainText('Abgesagt');
  await expect(dates).toContainText('Wegen Sturmschäden abgesagt');
  // The days held, until yesterday, are among the past dates, with their times.
  await dates.getByText(/Vergangene Termine/).click();
  await expect(dates.locator('details')).toContainText('16:00–21:00');
  await visitor.goto(`/einbetten/${RUNNING.gkz}`);
  await expect(visitor.getByText(RUNNING.title)).toBeVisible();
  await expect(visitor.locator('body')).toContainText(/[Aa]bgesagt/);
});
