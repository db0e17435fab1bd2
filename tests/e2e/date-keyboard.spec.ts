import { type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { logInAsDemo } from './helpers/demo.ts';
import { tabTo } from './helpers/keyboard.ts';
import { messages } from './helpers/messages.ts';
import { expect, test } from './helpers/portal.ts';

const m = messages('de');
const YEAR = new Date().getFullYear() + 1;
const MARKET = 'Hartberger Frühjahrsmesse';

/**
 * Where the focus is, as a keyboard user sees it: an element, not the page; with a name; on screen;
 * and not covered — the point at its middle belongs to it (no open picker or banner over it).
 */
async function expectFocusSeen(page: Page): Promise<void> {
  const seen = () =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return 'the page itself';
      const box = element.getBoundingClientRect();
      const labelled = element.getAttribute('aria-labelledby');
      const name = (
        element.getAttribute('aria-label') ??
        (labelled ? document.getElementById(labelled)?.textContent : null) ??
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        element.textContent ??
        ''
      ).trim();
      if (!name) return `a <${element.tagName}> without a name`;
      const middle = { x: box.left + box.width / 2, y: box.top + Math.min(box.height / 2, 10) };
      if (box.width === 0 || middle.y < 0 || middle.y > window.innerHeight) return `"${name}" off screen`;
      const atMiddle = document.elementFromPoint(middle.x, middle.y);
      if (!atMiddle || !(element.contains(atMiddle) || atMiddle.contains(element)))
        return `"${name}" covered by <${atMiddle?.tagName} class="${atMiddle?.className}">`;
      return 'seen';
    });
  // The browser scrolls the focused element into view in its next frame.
  await expect.poll(seen, { timeout: 2000 }).toBe('seen');
}

/** Tabs on, checking the focus after every press. */
async function tabSeeing(page: Page, target: ReturnType<Page['locator']>, presses = 40): Promise<void> {
  for (let press = 0; press < presses; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
    await expectFocusSeen(page);
  }
  await expect(target).toBeFocused();
}

/**
 * Issue 53, acceptance 3: keyboard only, on a desk and on a phone: a date added and saved, then
 * cancelled. The focus is always on a visible, named element; the picker takes it, gives it back
 * on Escape and closes when the focus moves on; axe finds nothing.
 */
for (const [width, day] of [
  [1280, '09-14'],
  [390, '09-21'],
] as const) {
  test(`keyboard only at ${width} px: add a date, save it, cancel it`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    await logInAsDemo(page);
    await page.goto('/maerkte');
    // The consent question is answered first, as a visitor does once: it would cover the page's foot.
    const decline = page.getByRole('button', { name: m('consent.refuse') });
    if (await decline.isVisible()) await decline.click();

    await tabTo(page, page.getByRole('link', { name: `${m('market.edit')}: ${MARKET}` }), 120);
    await page.keyboard.press('Enter');
    // The market's dates are a view of their own: its link is the next Tab stop after the heading.
    const views = page.getByRole('navigation', { name: m('market.views') });
    await tabSeeing(page, views.getByRole('link', { name: m('market.view.dates') }), 3);
    await page.keyboard.press('Enter');
    await tabSeeing(page, page.getByRole('button', { name: m('marketDate.add') }), 3);
    await page.keyboard.press('Enter');
    const form = page.locator('form.date-form');
    await expect(form.getByRole('heading')).toBeFocused();
    await expectFocusSeen(page);

    // The picker takes the focus, and Escape gives it back to the field.
    const first = form.getByLabel(m('marketDate.field.dateStart'));
    await tabSeeing(page, first);
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: m('date.choose') }).first()).toBeFocused();
    await page.keyboard.press('Enter');
    const picker = form.locator('.date-picker');
    await expect(picker.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(picker).toHaveCount(0);
    await expect(first).toBeFocused();

    // Opened again and left with Tab: it closes once the focus is on the next field.
    await page.keyboard.type(`${YEAR}-${day}`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(picker).toBeVisible();
    await expect(picker.locator(':focus')).toHaveCount(1);
    const last = form.getByLabel(m('marketDate.field.dateEnd'));
    await page.keyboard.press('Tab');
    await expect(last).toBeFocused();
    await expect(picker).toHaveCount(0);
    await expectFocusSeen(page);
    await tabSeeing(page, form.getByLabel(m('market.rule.timeFrom')));
    await page.keyboard.type('0900');
    await tabSeeing(page, form.getByLabel(m('market.rule.timeTo')));
    await page.keyboard.type('1700');
    await expectNoAxeViolations(page);
    await tabSeeing(page, form.getByRole('button', { name: m('marketDate.save') }));
    await page.keyboard.press('Enter');

    // After the save the focus is on the saved date's row, named by its day.
    const row = page.locator('th[scope="row"]:focus');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`${day.slice(3)}.${day.slice(0, 2)}.${YEAR}`);
    await expectFocusSeen(page);

    // Cancel it: its form, the status "abgesagt", saved; the focus comes back to the row.
    const edit = page.getByRole('button', { name: `${m('marketDate.edit')} ${YEAR}-${day}` });
    await tabSeeing(page, edit);
    await page.keyboard.press('Enter');
    await expect(form.getByRole('heading')).toBeFocused();
    const status = form.getByLabel(m('marketDate.field.status'));
    await tabSeeing(page, status);
    for (let press = 0; press < 5 && (await status.inputValue()) !== 'cancelled'; press += 1) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(status).toHaveValue('cancelled');
    await tabSeeing(page, form.getByRole('button', { name: m('marketDate.save') }));
    await page.keyboard.press('Enter');
    await expect(row).toHaveCount(1);
    await expect(row.locator('xpath=..')).toContainText(m('marketDate.status.cancelled'));
    await expectFocusSeen(page);
    await expectNoAxeViolations(page);

    // The date goes again, so the demo stays as the other tests know it.
    const content = (await (await page.request.get('/api/get_own_content')).json()) as {
      data: { wko_market_dates: Record<string, { date_start: string }> };
    };
    const id = Object.entries(content.data.wko_market_dates).find(([, date]) => date.date_start === `${YEAR}-${day}`);
    if (id) await page.request.post('/api/delete_market_date', { form: { id: id[0] } });
  });
}
