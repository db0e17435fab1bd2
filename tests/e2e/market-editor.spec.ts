import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './helpers/portal.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { logInAsDemo } from './helpers/demo.ts';
import { dateRows, showMarketView } from './helpers/dates.ts';
import { messages } from './helpers/messages.ts';

/** Issue 19: the markets list and one market's form as views with their own address, and a form nothing covers. */
const MARKET = 'Bauernmarkt am Hauptplatz';
const NEXT_YEAR = new Date().getFullYear() + 1;

/**
 * The focused field is not hidden by the save area (WCAG 2.2, 2.4.11): their boxes do not meet,
 * the field is inside the window, and at its middle the topmost element is the field itself.
 */
async function expectUncovered(page: Page, field: Locator, saveArea: Locator): Promise<void> {
  await expect(field).toBeFocused();
  const [box, area] = [await field.boundingBox(), await saveArea.boundingBox()];
  if (!box || !area) throw new Error('the field or the save area is not rendered');
  const meet =
    box.x < area.x + area.width &&
    area.x < box.x + box.width &&
    box.y < area.y + area.height &&
    area.y < box.y + box.height;
  expect(meet, 'the save area overlaps the focused field').toBe(false);
  const window = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(window.height);
  const topmost = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.id ?? '',
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(topmost).toBe(await field.getAttribute('id'));
}

/**
 * Tabs from the title through the whole form to the save button, as a keyboard user goes: the
 * browser scrolls each control just into the window, where a bar fixed at its bottom would hide it.
 */
async function tabThroughForm(page: Page, title: Locator, saveArea: Locator): Promise<void> {
  await title.focus();
  for (let press = 0; press < 120; press += 1) {
    await page.keyboard.press('Tab');
    if (await saveArea.evaluate((area) => area.contains(document.activeElement))) return;
    const hidden = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement;
      const box = focused.getBoundingClientRect();
      const topmost = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return topmost && (topmost === focused || focused.contains(topmost)) ? null : focused.id || focused.outerHTML;
    });
    expect(hidden, 'a focused control is covered').toBeNull();
  }
  throw new Error('the save area was not reached with Tab');
}

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test(`typing into the form's last field, the save area does not cover it (${width} px)`, async ({ page }) => {
    const m = messages('de');
    await page.setViewportSize({ width, height });
    await logInAsDemo(page);
    await page.goto('/maerkte');
    await page.getByRole('link', { name: m('markets.new') }).click();
    const form = page.getByRole('form', { name: m('market.newHeading') });
    const saveArea = page.getByRole('region', { name: m('saveBar.label') });
    // Nothing to save yet: no save area.
    await expect(saveArea).toHaveCount(0);
    await form.getByLabel(m('market.field.title')).fill('Kirtag am Anger');
    await expect(saveArea).toBeVisible();
    const last = form.getByLabel(m('marketDate.field.dateEnd'));
    await last.focus();
    await page.keyboard.type(`${NEXT_YEAR}-09-26`);
    await expectUncovered(page, last, saveArea);

    // A stored market: its last text field, reached with the keyboard.
    await page.goto('/maerkte');
    await page.getByRole('link', { name: `${m('market.edit')}: ${MARKET}` }).click();
    const email = page.getByLabel(m('market.field.email'));
    await email.focus();
    await page.keyboard.type('markt@hartberg.example');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expectUncovered(page, email, saveArea);
    await tabThroughForm(page, page.getByLabel(m('market.field.title')), saveArea);
    // Deleting stands apart from saving, under its own heading.
    const danger = page.getByRole('region', { name: m('market.dangerZone') });
    await expect(danger.getByRole('button', { name: m('market.delete') })).toBeVisible();
    await expect(saveArea.getByRole('button', { name: m('market.delete') })).toHaveCount(0);
  });
}

test('back, forward and reload move between the list and a market', async ({ page }) => {
  const m = messages('de');
  await logInAsDemo(page);
  await page.goto('/maerkte');
  const list = page.getByRole('heading', { name: m('markets.heading') });
  const form = page.getByRole('form', { name: m('market.editHeading').replace('{{title}}', MARKET) });
  await page.getByRole('link', { name: `${m('market.edit')}: ${MARKET}` }).click();
  await expect(form).toBeVisible();
  await expect(page).toHaveURL(/\/maerkte\?markt=[0-9a-f-]{36}$/);
  const address = page.url();

  await page.goBack();
  await expect(list).toBeVisible();
  await expect(page).toHaveURL(/\/maerkte$/);
  await page.goForward();
  await expect(form).toBeVisible();
  await page.reload();
  await expect(form).toBeVisible();
  expect(page.url()).toBe(address);

  // With unsaved changes, back asks first; staying keeps the market and its address.
  await form.getByLabel(m('market.field.floor')).fill('Erdgeschoss');
  await page.goBack();
  const dialog = page.getByRole('dialog', { name: m('unsaved.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: m('unsaved.stay') }).click();
  await expect(form.getByLabel(m('market.field.floor'))).toHaveValue('Erdgeschoss');
  expect(page.url()).toBe(address);
  await page.getByRole('button', { name: m('markets.backToList') }).click();
  await dialog.getByRole('button', { name: m('unsaved.discard') }).click();
  await expect(list).toBeVisible();

  // An address naming no market of this municipality says so.
  await page.goto('/maerkte?markt=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: m('markets.notFound') })).toBeVisible();
});

/**
 * Issue 53: a market's details, dates and history are views of their own address, so a clerk
 * reaches "Termin hinzufügen" without tabbing through the whole form, and back, forward, reload
 * and a shared link keep the view.
 */
test('a market’s details, dates and history each have their address', async ({ page }) => {
  const m = messages('de');
  await logInAsDemo(page);
  await page.goto('/maerkte');
  await page.getByRole('link', { name: `${m('market.edit')}: ${MARKET}` }).click();
  const heading = page.getByRole('heading', { name: m('market.editHeading').replace('{{title}}', MARKET) });
  const form = page.getByRole('form', { name: m('market.editHeading').replace('{{title}}', MARKET) });
  const dates = page.getByRole('region', { name: /^Termine / });
  const history = page.getByRole('region', { name: m('market.view.history') });
  await expect(form).toBeVisible();
  await expect(dates).toHaveCount(0);

  await showMarketView(page, m, 'dates');
  await expect(page).toHaveURL(/\?markt=[0-9a-f-]{36}&ansicht=termine$/);
  await expect(dates.getByRole('heading', { level: 3 })).toBeFocused();
  await expect(heading).toBeVisible();
  await expect(form).toHaveCount(0);
  await showMarketView(page, m, 'history');
  await expect(page).toHaveURL(/&ansicht=verlauf$/);
  await expect(history.getByRole('heading')).toBeFocused();
  // The demo's markets were never changed in the portal: the view says so.
  await expect(history.getByText(m('history.none'))).toBeVisible();

  await page.goBack();
  await expect(dates).toBeVisible();
  await page.goBack();
  await expect(form).toBeVisible();
  await page.goForward();
  await expect(dates).toBeVisible();
  await page.reload();
  await expect(dates).toBeVisible();
  await expect(dateRows(dates).first()).toBeVisible();

  // Unsaved changes in the details: the way to the dates asks first.
  await showMarketView(page, m, 'details');
  await expect(heading).toBeFocused();
  await form.getByLabel(m('market.field.floor')).fill('1. Stock');
  // The view shown, tapped again, is not left: no question, the draft stays.
  await page
    .getByRole('navigation', { name: m('market.views') })
    .getByRole('link', { name: m('market.view.details') })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(form.getByLabel(m('market.field.floor'))).toHaveValue('1. Stock');
  await page
    .getByRole('navigation', { name: m('market.views') })
    .getByRole('link', { name: m('market.view.dates') })
    .click();
  const dialog = page.getByRole('dialog', { name: m('unsaved.title') });
  await dialog.getByRole('button', { name: m('unsaved.stay') }).click();
  await expect(form.getByLabel(m('market.field.floor'))).toHaveValue('1. Stock');
  await expect(page).not.toHaveURL(/ansicht/);
});

test('a date is one choice, and the picker speaks Austrian German', async ({ page }) => {
  const m = messages('de');
  await logInAsDemo(page);
  await page.goto('/maerkte');
  await page.getByRole('link', { name: `${m('market.edit')}: ${MARKET}` }).click();
  await showMarketView(page, m, 'dates');
  const dates = page.getByRole('region', { name: /^Termine / });
  await dateRows(dates)
    .first()
    .getByRole('button', { name: new RegExp(`^${m('marketDate.edit')} `) })
    .click();
  const dateForm = page.getByRole('form', { name: m('marketDate.editHeading') });
  const choice = dateForm.getByLabel(m('marketDate.field.status'));
  await expect(choice.locator('option')).toHaveText([
    m('marketDate.status.takes_place'),
    m('marketDate.status.pending'),
    m('marketDate.status.cancelled'),
  ]);
  await expect(dateForm.getByLabel(m('marketDate.field.type'))).toHaveCount(0);
  await dateForm
    .getByRole('button', { name: m('date.choose') })
    .first()
    .click();
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.locator('.date-picker option', { hasText: 'Jänner' })).toHaveCount(1);
});

for (const locale of ['de', 'en', 'fr'] as const) {
  test(`axe (WCAG 2.2 AA) finds nothing in the list, the form, the date table and the dialogs (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const m = messages(locale);
    const prefix = locale === 'de' ? '' : `/${locale}`;
    await logInAsDemo(page);
    await page.goto(`${prefix}/maerkte`);
    await expect(page.getByRole('heading', { name: m('markets.heading') })).toBeVisible();
    await expectNoAxeViolations(page);

    // A new market's form, every section, with a change to save and a refused field.
    await page.getByRole('link', { name: m('markets.new') }).click();
    const newForm = page.getByRole('form', { name: m('market.newHeading') });
    await newForm.getByLabel(m('market.field.phone')).fill('03332 6030');
    await newForm.getByLabel(m('market.field.phone')).blur();
    await expect(newForm.getByText(m('errors.invalid_phone'))).toBeVisible();
    await expectNoAxeViolations(page);

    // Back to the list: the leave dialog.
    await page.getByRole('button', { name: m('markets.backToList') }).click();
    await expect(page.getByRole('dialog', { name: m('unsaved.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: m('unsaved.discard') })
      .click();

    // A stored market: its date table with the past dates open, a date's form, the delete dialogs.
    await page.getByRole('link', { name: `${m('market.edit')}: ${MARKET}` }).click();
    await showMarketView(page, m, 'dates');
    const dates = page.getByRole('region', { name: new RegExp(`^${m('marketDate.heading').split(' ')[0]} `) });
    await dates.locator('summary').click();
    await dateRows(dates)
      .first()
      .getByRole('button', { name: new RegExp(`^${m('marketDate.edit')} `) })
      .click();
    await expect(page.getByRole('form', { name: m('marketDate.editHeading') })).toBeVisible();
    await expectNoAxeViolations(page);
    await dates
      .getByRole('button', { name: new RegExp(`^${m('marketDate.delete')} `) })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: m('marketDate.deleteTitle') })).toBeVisible();
    await expectNoAxeViolations(page);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: m('dialog.cancel') })
      .click();
    // Its history, then its details with "Markt löschen".
    await showMarketView(page, m, 'history');
    await expect(page.getByText(m('history.none'))).toBeVisible();
    await expectNoAxeViolations(page);
    await showMarketView(page, m, 'details');
    await page.getByRole('button', { name: m('market.delete') }).click();
    await expect(page.getByRole('dialog', { name: m('market.deleteTitle') })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

for (const locale of ['de', 'en', 'fr'] as const) {
  test(`on a phone every choice in the form shows its chosen words uncut, and the date table fits (${locale})`, async ({
    page,
  }) => {
    const m = messages(locale);
    await page.setViewportSize({ width: 390, height: 844 });
    await logInAsDemo(page);
    await page.goto(`${locale === 'de' ? '' : `/${locale}`}/maerkte`);
    await page.getByRole('link', { name: `${m('market.edit')}: ${MARKET}` }).click();
    await expect(page.getByRole('form', { name: m('market.editHeading').replace('{{title}}', MARKET) })).toBeVisible();
    // The chosen option's text, measured in the select's font, against the room the select gives it.
    const cut = await page.locator('.market-form select').evaluateAll((selects) =>
      (selects as HTMLSelectElement[])
        .filter((select) => {
          const style = getComputedStyle(select);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const text = select.selectedOptions[0]?.text ?? '';
          const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
          return context.measureText(text).width > room;
        })
        .map((select) => `${select.id}: ${select.selectedOptions[0]?.text}`),
    );
    expect(cut).toEqual([]);
    // The date table, with a left-out holiday's longest button, fits the phone: no sideways scrolling (WCAG 1.4.10).
    await showMarketView(page, m, 'dates');
    await expect(page.getByRole('button', { name: new RegExp(`^${m('marketDate.addBack')} `) }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
}
