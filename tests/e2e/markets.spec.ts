import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { logInAsDemo } from './helpers/demo.ts';
import { messages } from './helpers/messages.ts';

const m = messages('de');
const NEXT_YEAR = new Date().getFullYear() + 1;

/** What the public content service says about a market title now. */
async function published(page: Page, title: string): Promise<boolean> {
  const answer = await page.request.get('/api/get_content_stops/1');
  return (await answer.text()).includes(title);
}

test('a clerk keeps a Kirtag: two dates, an edit kept or dropped, a date and the market deleted', async ({ page }) => {
  test.setTimeout(60_000);
  await logInAsDemo(page);
  await page.goto('/maerkte');
  await expect(page.getByRole('heading', { name: m('markets.heading') })).toBeVisible();
  await expectNoAxeViolations(page);

  // Create the market with its first date.
  await page.getByRole('button', { name: m('markets.new') }).click();
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

  // A second date, chosen in the calendar's year and month, typed for the day.
  await page.getByRole('button', { name: m('marketDate.add') }).click();
  const dateForm = page.getByRole('form', {
    name: m('marketDate.newHeading').replace('{{year}}', String(NEXT_YEAR - 1)),
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
  await expect(dates.getByRole('listitem')).toHaveCount(2);
  expect(await published(page, 'Kirtag zu Ehren des heiligen Martin')).toBe(true);

  // Back in the list: it stands in the section of next year.
  await page.getByRole('button', { name: m('markets.backToList') }).click();
  await page.getByLabel(String(NEXT_YEAR)).check();
  const inYear = page.getByRole('region', { name: m('markets.inYear').replace('{{year}}', String(NEXT_YEAR)) });
  await expect(inYear.getByRole('heading', { name: 'Kirtag zu Ehren des heiligen Martin' })).toBeVisible();

  // Leaving unsaved changes: stay, discard, and save first.
  const edit = () => inYear.getByRole('button', { name: `${m('market.edit')}: Kirtag zu Ehren des heiligen Martin` });
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

  // Delete one date, then the market.
  await inYear.getByRole('button', { name: `${m('market.edit')}: Martinikirtag` }).click();
  await dates.getByRole('button', { name: `${m('marketDate.delete')} ${NEXT_YEAR}-11-12` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: m('marketDate.deleteConfirm') })
    .click();
  await expect(page.getByText(m('notice.dateDeleted'))).toBeVisible();
  await expect(dates.getByRole('listitem')).toHaveCount(1);

  await page.getByRole('button', { name: m('market.delete') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: m('market.deleteConfirm') })
    .click();
  await expect(page.getByText(m('notice.marketDeleted'))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Martinikirtag' })).toHaveCount(0);
  expect(await published(page, 'Martinikirtag')).toBe(false);
});
