import { expect, test } from './helpers/portal.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { logInAsDemo } from './helpers/demo.ts';
import { dateRows } from './helpers/dates.ts';
import { tabTo, typeInto } from './helpers/keyboard.ts';
import { messages } from './helpers/messages.ts';
import { screenReady } from './helpers/screen.ts';
import { planningYear } from '../../src/lib/market-rules.ts';

const NEXT_YEAR = new Date().getFullYear() + 1;

test('keyboard alone: create a market with two dates, then delete it (en)', async ({ page }) => {
  const m = messages('en');
  await logInAsDemo(page);
  await page.goto('/en/maerkte');
  await tabTo(page, page.getByRole('link', { name: m('markets.new') }), 60);
  await page.keyboard.press('Enter');

  const form = page.getByRole('form', { name: m('market.newHeading') });
  await typeInto(page, form.getByLabel(m('market.field.title')), 'Harvest festival');
  await tabTo(page, form.getByLabel(m('market.field.type')));
  await page.keyboard.type('Kirtag'); // a closed select picks the option typed
  await expect(form.getByLabel(m('market.field.type'))).toHaveValue('kirtag');
  await typeInto(page, form.getByLabel(m('marketDate.field.dateStart')), `${NEXT_YEAR}-09-25`);
  await tabTo(page, form.getByRole('button', { name: m('saveBar.save') }), 80);
  await page.keyboard.press('Enter');
  await expect(page.getByText(m('notice.saved'))).toBeVisible();

  // The market's dates are a view of their own (issue 53): its heading takes the focus, and
  // "Add a date" is the next Tab stop, not the 41st.
  const views = page.getByRole('navigation', { name: m('market.views') });
  await tabTo(page, views.getByRole('link', { name: m('market.view.dates') }), 80, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Dates / })).toBeFocused();
  await expect(page).toHaveURL(/ansicht=termine/);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: m('marketDate.add') })).toBeFocused();

  // The second date, with the calendar opened and closed by keyboard on the way.
  await page.keyboard.press('Enter');
  const dateForm = page.getByRole('form', {
    name: m('marketDate.newHeading').replace('{{year}}', String(planningYear(new Date()))),
  });
  await tabTo(page, dateForm.getByRole('button', { name: m('date.choose') }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('grid')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dateForm.getByLabel(m('marketDate.field.dateStart'))).toBeFocused();
  await page.keyboard.type(`${NEXT_YEAR}-09-26`);
  await tabTo(page, dateForm.getByRole('button', { name: m('marketDate.save') }));
  await page.keyboard.press('Enter');
  const dates = page.getByRole('region', { name: /^Dates / });
  await expect(dateRows(dates)).toHaveCount(2);

  // Delete it, from its details: the confirmation opens on its safe choice, Shift+Tab reaches the other.
  await tabTo(page, views.getByRole('link', { name: m('market.view.details') }), 80, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: m('market.delete') }), 80);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: m('market.deleteTitle') });
  await expect(dialog.getByRole('button', { name: m('dialog.cancel') })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: m('market.deleteConfirm') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(m('notice.marketDeleted'))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Harvest festival' })).toHaveCount(0);
});

for (const locale of ['de', 'en', 'fr'] as const) {
  test(`axe finds nothing on the markets screens (${locale})`, async ({ page }) => {
    const m = messages(locale);
    const prefix = locale === 'de' ? '' : `/${locale}`;
    await logInAsDemo(page);
    await page.goto(`${prefix}/maerkte`);
    // The list is in the server's HTML; its buttons work once the screen is ready.
    await screenReady(page);
    await page
      .getByRole('button', { name: new RegExp(`^${m('market.showDates').split(' ')[0]}`) })
      .first()
      .click();
    await expectNoAxeViolations(page);
    await page
      .getByRole('link', { name: new RegExp(`^${m('market.edit')}: `) })
      .first()
      .click();
    await expectNoAxeViolations(page);
    await page.goto(`${prefix}/wochenmaerkte`);
    await expect(page.getByRole('heading', { name: m('markets.weeklyHeading') })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('keyboard alone: a weekly market on Saturdays, and leaving unsaved changes (en)', async ({ page }) => {
  const m = messages('en');
  await logInAsDemo(page);
  await page.goto('/en/wochenmaerkte');
  await tabTo(page, page.getByRole('link', { name: m('markets.new') }), 60);
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: m('market.newHeading') });
  await typeInto(page, form.getByLabel(m('market.field.title')), 'Saturday market');
  await tabTo(page, form.getByLabel(m('market.field.type')));
  await page.keyboard.type('Farmers');
  await expect(form.getByLabel(m('market.field.type'))).toHaveValue('bauernmarkt');
  await tabTo(page, form.getByLabel(m('market.schedule.dates')));
  await page.keyboard.press('ArrowDown'); // radio buttons move with the arrow keys
  await expect(form.getByLabel(m('market.schedule.regular'))).toBeChecked();
  await tabTo(page, form.getByLabel(m('weekday.SA')));
  await page.keyboard.press('Space');
  await tabTo(page, form.getByRole('button', { name: m('saveBar.save') }), 80);
  await page.keyboard.press('Enter');
  await expect(page.getByText(m('notice.saved'))).toBeVisible();
  const views = page.getByRole('navigation', { name: m('market.views') });
  await tabTo(page, views.getByRole('link', { name: m('market.view.dates') }), 80, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(dateRows(page.getByRole('region', { name: /^Dates / })).first()).toBeVisible();

  // Back to the details, a change, then back to the list: the confirmation offers to save first; discarding leaves.
  await tabTo(page, views.getByRole('link', { name: m('market.view.details') }), 10, 'Shift+Tab');
  await page.keyboard.press('Enter');
  const title = page.getByLabel(m('market.field.title'));
  await tabTo(page, title, 10);
  await page.keyboard.press('End');
  await page.keyboard.type(' on the square');
  await tabTo(page, page.getByRole('button', { name: m('markets.backToList') }), 10, 'Shift+Tab');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: m('unsaved.title') });
  await expect(dialog.getByRole('button', { name: m('unsaved.save') })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: m('unsaved.discard') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Saturday market', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Saturday market on the square' })).toHaveCount(0);
});
