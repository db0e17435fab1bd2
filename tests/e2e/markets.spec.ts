import { type Page } from '@playwright/test';
import { expect, test } from './helpers/portal.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { DEMO, ensureDemoAccount, logInAsDemo } from './helpers/demo.ts';
import { dateRows, showMarketView } from './helpers/dates.ts';
import { messages } from './helpers/messages.ts';
import { planningYear } from '../../src/lib/market-rules.ts';

const m = messages('de');
const NEXT_YEAR = new Date().getFullYear() + 1;

/**
 * A save is public a debounce after it, or, right after another publish, up to the publisher's
 * spacing later (PUBLISH_SPACING_MS, 5 s): more than the poll's default 5 s.
 */
const PUBLIC_WITHIN = { timeout: 15_000 };

/**
 * What the public content service says about a market title now (a save is in it once it is
 * published), as a visitor's app asks: without the clerk's cookie, through Node's fetch. Not
 * through the page's request, whose pooled connection idles through the editing steps: one idle
 * as long as the server's keep-alive timeout was closed just as it was taken up again (a fresh
 * clone's run: ECONNRESET). fetch lets an idle connection go before the server's hint runs out.
 */
async function published(page: Page, title: string): Promise<boolean> {
  const answer = await fetch(new URL('/api/get_content_stops/1', page.url()));
  return (await answer.text()).includes(title);
}

test('a clerk keeps a Kirtag: two dates, an edit kept or dropped, a date and the market deleted', async ({ page }) => {
  // Logged in through the login form, which leads back to the markets list.
  await ensureDemoAccount(page);
  await page.goto('/maerkte');
  await expect(page).toHaveURL(/\/anmelden\?next=%2Fmaerkte$/);
  const login = page.getByRole('form', { name: m('login.heading') });
  await login.getByLabel(m('account.email'), { exact: true }).fill(DEMO.email);
  await login.getByLabel(m('account.password'), { exact: true }).fill(DEMO.password);
  await login.getByRole('button', { name: m('login.submit') }).click();
  await expect(page).toHaveURL(/\/maerkte$/);
  await expect(page.getByRole('heading', { name: m('markets.heading') })).toBeVisible();
  await expectNoAxeViolations(page);

  // Create the market with its first date.
  await page.getByRole('link', { name: m('markets.new') }).click();
  const form = page.getByRole('form', { name: m('market.newHeading') });
  await form.getByLabel(m('market.field.title')).fill('Kirtag zu Ehren des heiligen Martin');
  await expect(form.getByText(m('market.counter').replace('{{count}}', '35').replace('{{max}}', '200'))).toBeVisible();
  await form.getByLabel(m('market.field.type')).selectOption('kirtag');
  await form.getByLabel(m('market.field.phone')).fill('03332 6030');
  await form.getByLabel(m('market.field.phone')).blur();
  await expect(form.getByText(m('errors.invalid_phone'))).toBeVisible();
  await form.getByLabel(m('market.field.phone')).fill('+43/3332/6030');
  await form.getByLabel(m('marketDate.field.dateStart')).fill(`${NEXT_YEAR}-11-11`);
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: m('saveBar.save') }).click();
  await expect(page.getByText(m('notice.saved'))).toBeVisible();

  // A second date, chosen in the calendar's year and month, typed for the day, in the market's dates.
  await showMarketView(page, m, 'dates');
  await page.getByRole('button', { name: m('marketDate.add') }).click();
  const dateForm = page.getByRole('form', {
    name: m('marketDate.newHeading').replace('{{year}}', String(planningYear(new Date()))),
  });
  await dateForm
    .getByRole('button', { name: m('date.choose') })
    .first()
    .click();
  await expect(page.locator('.date-picker')).toHaveCSS('z-index', '9999');
  await page.keyboard.press('Escape');
  await dateForm.getByLabel(m('marketDate.field.dateStart')).fill(`${NEXT_YEAR}-11-12`);
  await dateForm.getByRole('button', { name: m('marketDate.save') }).click();
  const dates = page.getByRole('region', {
    name: m('marketDate.heading').replace('{{years}}', `${NEXT_YEAR - 1}–${NEXT_YEAR}`),
  });
  await expect(dateRows(dates)).toHaveCount(2);
  await expect.poll(() => published(page, 'Kirtag zu Ehren des heiligen Martin'), PUBLIC_WITHIN).toBe(true);

  // Back in the list: it stands in the section of next year.
  await page.getByRole('button', { name: m('markets.backToList') }).click();
  await page.getByRole('radio', { name: String(NEXT_YEAR), exact: true }).check();
  const inYear = page.getByRole('region', { name: m('markets.inYear').replace('{{year}}', String(NEXT_YEAR)) });
  await expect(inYear.getByRole('heading', { name: 'Kirtag zu Ehren des heiligen Martin' })).toBeVisible();

  // Leaving unsaved changes: stay, discard, and save first.
  const edit = () => inYear.getByRole('link', { name: `${m('market.edit')}: Kirtag zu Ehren des heiligen Martin` });
  await edit().click();
  const title = page.getByLabel(m('market.field.title'));
  await title.fill('Martinikirtag');
  await expect(page.getByRole('region', { name: m('saveBar.label') })).toBeVisible();
  await page.getByRole('button', { name: m('markets.backToList') }).click();
  const dialog = page.getByRole('dialog', { name: m('unsaved.title') });
  await dialog.getByRole('button', { name: m('unsaved.stay') }).click();
  await expect(title).toHaveValue('Martinikirtag');
  await page.getByRole('button', { name: m('markets.backToList') }).click();
  await dialog.getByRole('button', { name: m('unsaved.discard') }).click();
  await expect(inYear.getByRole('heading', { name: 'Kirtag zu Ehren des heiligen Martin' })).toBeVisible();

  await edit().click();
  await title.fill('Martinikirtag');
  await page.getByRole('button', { name: m('markets.backToList') }).click();
  await dialog.getByRole('button', { name: m('unsaved.save') }).click();
  await expect(inYear.getByRole('heading', { name: 'Martinikirtag' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The history tells who changed the title from what to what.
  await inYear.getByRole('link', { name: `${m('market.edit')}: Martinikirtag` }).click();
  await showMarketView(page, m, 'history');
  await expect(page.getByRole('region', { name: m('market.view.history') }).getByRole('listitem')).not.toHaveCount(0);
  await expect(
    page.getByText(`${m('market.field.title')}: Kirtag zu Ehren des heiligen Martin → Martinikirtag`),
  ).toBeVisible();

  // Delete one date, then the market.
  await showMarketView(page, m, 'dates');
  await dates.getByRole('button', { name: `${m('marketDate.delete')} ${NEXT_YEAR}-11-12` }).click();
  // The question names the day as the locale writes it, not as ISO (issue 19).
  await expect(page.getByRole('dialog')).toContainText(`12.11.${NEXT_YEAR}`);
  await expect(page.getByRole('dialog')).not.toContainText(`${NEXT_YEAR}-11-12`);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: m('marketDate.deleteConfirm') })
    .click();
  await expect(page.getByText(m('notice.dateDeleted'))).toBeVisible();
  await expect(dateRows(dates)).toHaveCount(1);

  await showMarketView(page, m, 'details');
  await page.getByRole('button', { name: m('market.delete') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: m('market.deleteConfirm') })
    .click();
  await expect(page.getByText(m('notice.marketDeleted'))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Martinikirtag' })).toHaveCount(0);
  await expect.poll(() => published(page, 'Martinikirtag'), PUBLIC_WITHIN).toBe(false);
});

test('a weekly farmers market on Saturdays: the rule makes the dates, one Saturday is cancelled', async ({ page }) => {
  await logInAsDemo(page);
  await page.goto('/wochenmaerkte');
  await page.getByRole('link', { name: m('markets.new') }).click();
  const form = page.getByRole('form', { name: m('market.newHeading') });
  await form.getByLabel(m('market.field.title')).fill('Samstags-Bauernmarkt am Ring');
  await form.getByLabel(m('market.field.type')).selectOption('bauernmarkt');
  await form.getByLabel(m('market.schedule.regular')).check();
  await form.getByLabel(m('weekday.SA')).check();
  await form.getByLabel(m('market.rule.skipHolidays')).check();
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: m('saveBar.save') }).click();
  await expect(page.getByText(m('notice.saved'))).toBeVisible();

  // Every Saturday from today to the end of next year stands as a regular date.
  await showMarketView(page, m, 'dates');
  const dates = page.getByRole('region', { name: /^Termine / });
  const saturdays = dateRows(dates).filter({ hasNotText: m('marketDate.addBack') });
  await expect(saturdays.first()).toContainText(m('marketDate.status.takes_place'));
  expect(await saturdays.count()).toBeGreaterThan(50);
  const first = (await saturdays.first().innerText()).trim();

  // Saturdays that are public holidays show as left out, and one can come back as an additional date.
  const skipped = dateRows(dates).filter({ hasText: m('marketDate.addBack') });
  const skippedBefore = await skipped.count();
  expect(skippedBefore).toBeGreaterThan(0); // e.g. Christtag on Saturday 25 December 2027
  await skipped
    .first()
    .getByRole('button', { name: new RegExp(`^${m('marketDate.addBack')} `) })
    .click();
  await expect(page.getByText(m('notice.saved'))).toBeVisible();
  await expect(skipped).toHaveCount(skippedBefore - 1);
  await expect(saturdays.filter({ hasText: m('marketDate.type.additional') })).toHaveCount(1);

  // Cancel the first Saturday.
  await saturdays
    .first()
    .getByRole('button', { name: new RegExp(`^${m('marketDate.edit')} `) })
    .click();
  const dateForm = page.getByRole('form', { name: m('marketDate.editHeading') });
  await dateForm.getByLabel(m('marketDate.field.status')).selectOption('cancelled');
  await dateForm.getByRole('button', { name: m('marketDate.save') }).click();
  await expect(saturdays.first()).toContainText(m('marketDate.status.cancelled'));
  expect(first).toContain(m('marketDate.status.takes_place'));

  // Published (within a quarter second): the market with its cancelled Saturday.
  await expect(async () => {
    const stops = (await (await page.request.get('/api/get_content_stops/1')).json()) as {
      data: { wko_markets: Record<string, Record<string, { id: string; title: string }>> };
    };
    const market = Object.values(stops.data.wko_markets['2']!).find(
      (one) => one.title === 'Samstags-Bauernmarkt am Ring',
    );
    expect(market).toBeDefined();
    const content = (await (await page.request.get('/api/get_content/1')).json()) as {
      data: { wko_market_dates: Record<string, { wko_market_id: string; status: string }> };
    };
    const ofMarket = Object.values(content.data.wko_market_dates).filter((date) => date.wko_market_id === market!.id);
    expect(ofMarket.filter((date) => date.status === 'cancelled')).toHaveLength(1);
    expect(ofMarket.length).toBeGreaterThan(50);
  }).toPass();
});

test('two clerks change the same market: the second is told, keeps the input and can reload', async ({ browser }) => {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [first, second] = await Promise.all(contexts.map((context) => context.newPage()));
  await logInAsDemo(first!);
  await logInAsDemo(second!);
  const title = 'Handwerksmarkt im Schlosspark';
  for (const page of [first!, second!]) {
    await page.goto('/maerkte');
    await page.getByRole('link', { name: `${m('market.edit')}: ${title}` }).click();
  }
  await first!.getByLabel(m('market.field.location'), { exact: true }).fill('Schlosspark Hartberg');
  await first!.getByRole('button', { name: m('saveBar.save') }).click();
  await expect(first!.getByText(m('notice.saved'))).toBeVisible();

  await second!.getByLabel(m('market.field.floor')).fill('Erdgeschoss');
  await second!.getByRole('button', { name: m('saveBar.save') }).click();
  await expect(second!.getByText(m('errors.conflict'))).toBeVisible();
  await expect(second!.getByLabel(m('market.field.floor'))).toHaveValue('Erdgeschoss');
  await second!.getByRole('button', { name: m('market.reload') }).click();
  await expect(second!.getByText(m('market.reloaded'))).toBeVisible();
  await expect(second!.getByLabel(m('market.field.floor'))).toHaveValue('Erdgeschoss');
  await expect(second!.getByLabel(m('market.field.location'), { exact: true })).toHaveValue('Schlosspark Hartberg');
  await second!.getByRole('button', { name: m('saveBar.save') }).click();
  await expect(second!.getByText(m('notice.saved'))).toBeVisible();
  // Both changes are stored: nobody's input is lost.
  await expect(async () => {
    const stops = await (await second!.request.get('/api/get_content_stops/1')).text();
    expect(stops).toContain('Schlosspark Hartberg');
    expect(stops).toContain('Erdgeschoss');
  }).toPass();
  await Promise.all(contexts.map((context) => context.close()));
});

test('this year’s dates go into the next year in one reviewed step', async ({ page }) => {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  test.skip(tomorrow.getFullYear() !== NEXT_YEAR - 1, 'needs a day left in this year');
  const day = tomorrow.toISOString().slice(0, 10);
  await logInAsDemo(page);
  await page.goto('/maerkte');
  await page.getByRole('link', { name: m('markets.new') }).click();
  const form = page.getByRole('form', { name: m('market.newHeading') });
  await form.getByLabel(m('market.field.title')).fill('Jahresschlussmarkt');
  await form.getByLabel(m('market.field.type')).selectOption('gelegenheitsmarkt');
  await form.getByLabel(m('marketDate.field.dateStart')).fill(day);
  await form.getByRole('button', { name: m('saveBar.save') }).click();
  await expect(page.getByText(m('notice.saved'))).toBeVisible();

  await showMarketView(page, m, 'dates');
  await page
    .getByRole('button', {
      name: m('copy.start')
        .replace('{{year}}', String(NEXT_YEAR - 1))
        .replace('{{next}}', String(NEXT_YEAR)),
    })
    .click();
  const review = page.getByRole('group', { name: m('copy.review').replace('{{next}}', String(NEXT_YEAR)) });
  await expect(review.getByRole('checkbox')).toHaveCount(1);
  await expect(review.getByRole('checkbox')).toBeChecked();
  await expectNoAxeViolations(page);
  await review.getByRole('button', { name: m('copy.save.one').replace('{{count}}', '1') }).click();
  await expect(page.getByText(m('notice.saved'))).toBeVisible();
  const dates = page.getByRole('region', { name: /^Termine / });
  await expect(dateRows(dates)).toHaveCount(2);
  await expect(dateRows(dates).last()).toContainText(String(NEXT_YEAR));
});

/**
 * Issue 53, acceptance 4: in December the dates ahead are next year's. The list opens on it, and a
 * new date's form is headed with it (the browser's clock is set to 10 December of this year).
 */
test('in December the list and a new date’s form open on the next year', async ({ page }) => {
  const thisYear = new Date().getFullYear();
  await page.clock.setFixedTime(new Date(Date.UTC(thisYear, 11, 10, 9)));
  await logInAsDemo(page);
  await page.goto('/maerkte');
  await expect(page.getByRole('radio', { name: String(thisYear + 1), exact: true })).toBeChecked();
  const inYear = page.getByRole('region', { name: m('markets.inYear').replace('{{year}}', String(thisYear + 1)) });
  await inYear.getByRole('link', { name: `${m('market.edit')}: Kirtag zu Maria Himmelfahrt` }).click();
  await showMarketView(page, m, 'dates');
  await page.getByRole('button', { name: m('marketDate.add') }).click();
  const dateForm = page.getByRole('form', {
    name: m('marketDate.newHeading').replace('{{year}}', String(thisYear + 1)),
  });
  await expect(dateForm.getByRole('heading')).toBeVisible();
});
