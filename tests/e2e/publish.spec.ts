import { type Page } from '@playwright/test';
import { expect, test } from './helpers/portal.ts';
import { logInAsDemo } from './helpers/demo.ts';
import { dateRows, showMarketView } from './helpers/dates.ts';
import { messages } from './helpers/messages.ts';
import { planningYear } from '../../src/lib/market-rules.ts';

const m = messages('de');
const NEXT_YEAR = new Date().getFullYear() + 1;
const TITLE = 'Kirtag zum Veröffentlichen';
/** Issue 17: the public directory shows a save within 60 s, with no restart. */
const PUBLIC_WITHIN = 60_000;

/** Whether the directory search finds the page, asked on the search page as a visitor does. */
async function searchFinds(page: Page, term: string, pagePath: string): Promise<boolean> {
  await page.goto(`/verzeichnis/suche?q=${encodeURIComponent(term)}`);
  const urls = await page
    .locator('.search-results a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  return urls.some((url) => url?.replace(/\/$/, '') === pagePath);
}

test('a new market is public within a minute, its cancelled date too, and hidden it is gone', async ({ page }) => {
  test.setTimeout(4 * PUBLIC_WITHIN);
  await logInAsDemo(page);
  await page.goto('/maerkte');

  // Created with a date: the notice says when it is public and links to its page.
  await page.getByRole('link', { name: m('markets.new') }).click();
  const form = page.getByRole('form', { name: m('market.newHeading') });
  await form.getByLabel(m('market.field.title')).fill(TITLE);
  await form.getByLabel(m('market.field.type')).selectOption('kirtag');
  await form.getByLabel(m('marketDate.field.dateStart')).fill(`${NEXT_YEAR}-08-15`);
  await form.getByRole('button', { name: m('saveBar.save') }).click();
  await expect(page.getByText(m('notice.saved'))).toBeVisible();
  const notice = page.locator('.publish-notice');
  const published = new RegExp(m('publish.done').replace('{{time}}', '\\d\\d:\\d\\d').replace('.', '\\.'));
  await expect(notice).toHaveText(published, { timeout: PUBLIC_WITHIN });
  const link = notice.getByRole('link', { name: m('publish.link') });
  const pagePath = (await link.getAttribute('href')) ?? '';
  expect(pagePath).toMatch(/^\/verzeichnis\/steiermark\/hartberg-fuerstenfeld\/hartberg\/kirtag-zum-veroeffentlichen$/);
  await notice.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/publish-notice-1280.png', fullPage: false });

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(pagePath);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  expect(await (await visitor.request.get('/sitemap.xml')).text()).toContain(pagePath);
  expect(await searchFinds(visitor, 'Veröffentlichen', pagePath)).toBe(true);

  // A second date, then the first cancelled: the public page says so. (Cancelling a market's only
  // date would take it off the directory: a public market has a date that takes place, api.md.)
  await showMarketView(page, m, 'dates');
  await page.getByRole('button', { name: m('marketDate.add') }).click();
  const newDate = page.getByRole('form', {
    name: m('marketDate.newHeading').replace('{{year}}', String(planningYear(new Date()))),
  });
  await newDate.getByLabel(m('marketDate.field.dateStart')).fill(`${NEXT_YEAR}-08-22`);
  await newDate.getByRole('button', { name: m('marketDate.save') }).click();
  const dates = page.getByRole('region', { name: /^Termine / });
  await expect(dateRows(dates)).toHaveCount(2);
  await dateRows(dates)
    .first()
    .getByRole('button', { name: new RegExp(`^${m('marketDate.edit')} `) })
    .click();
  const dateForm = page.getByRole('form', { name: m('marketDate.editHeading') });
  await dateForm.getByLabel(m('marketDate.field.status')).selectOption('cancelled');
  await dateForm.getByRole('button', { name: m('marketDate.save') }).click();
  await expect(notice).toHaveText(m('publish.pending'));
  await expect(notice).toHaveText(published, { timeout: PUBLIC_WITHIN });
  await visitor.goto(pagePath);
  await expect(visitor.locator('.date-cancelled')).toContainText(m('directory.mark.cancelled'));

  // Hidden: the page is gone (410, issue 52), and so are its sitemap entry and its search result.
  await showMarketView(page, m, 'details');
  const edit = page.getByRole('form', { name: m('market.editHeading').replace('{{title}}', TITLE) });
  await edit.getByLabel(m('market.field.hidden')).check();
  await edit.getByRole('button', { name: m('saveBar.save') }).click();
  await expect(notice).toContainText(m('publish.notShown'), { timeout: PUBLIC_WITHIN });
  expect((await visitor.request.get(pagePath)).status()).toBe(410);
  expect(await (await visitor.request.get('/sitemap.xml')).text()).not.toContain(pagePath);
  expect(await searchFinds(visitor, 'Veröffentlichen', pagePath)).toBe(false);
});

test('the notice fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAsDemo(page);
  await page.goto('/maerkte');
  await page.getByRole('link', { name: m('markets.new') }).click();
  const form = page.getByRole('form', { name: m('market.newHeading') });
  await form.getByLabel(m('market.field.title')).fill('Kirtag am Telefon');
  await form.getByLabel(m('market.field.type')).selectOption('kirtag');
  await form.getByLabel(m('marketDate.field.dateStart')).fill(`${NEXT_YEAR}-08-16`);
  await form.getByRole('button', { name: m('saveBar.save') }).click();
  const notice = page.locator('.publish-notice');
  await expect(notice.getByRole('link', { name: m('publish.link') })).toBeVisible({ timeout: PUBLIC_WITHIN });
  await notice.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/publish-notice-390.png' });
});
