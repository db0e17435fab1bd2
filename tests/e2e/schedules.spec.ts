import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './helpers/portal.ts';
import { logInAsDemo } from './helpers/demo.ts';
import { dateRows, showMarketView } from './helpers/dates.ts';
import { messages } from './helpers/messages.ts';

const m = messages('de');
const TITLE = 'Wochenmarkt am Grazer Tor';

/** The market form's save bar, and the notice that it was saved. */
async function save(page: Page, form: Locator): Promise<void> {
  await form.getByRole('button', { name: m('saveBar.save') }).click();
  await expect(page.getByText(m('notice.saved')).first()).toBeVisible();
  // Saved once nothing is left to save (the notice of an earlier save may still show).
  await expect(page.getByRole('region', { name: m('saveBar.label') })).toHaveCount(0);
}

/** The rule's times as a clerk types them into the form. */
async function setTimes(form: Locator, from: string, to: string): Promise<void> {
  await form.getByLabel(m('market.rule.timeFrom'), { exact: true }).fill(from);
  await form.getByLabel(m('market.rule.timeTo'), { exact: true }).fill(to);
}

test('a clerk changes a weekly market’s times: every future Saturday follows, a cancelled one stays cancelled', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logInAsDemo(page);
  await page.goto('/wochenmaerkte');
  await page.getByRole('link', { name: m('markets.new') }).click();
  const form = page.getByRole('form', { name: m('market.newHeading') });
  await form.getByLabel(m('market.field.title')).fill(TITLE);
  await form.getByLabel(m('market.field.type')).selectOption('wochenmarkt');
  await form.getByLabel(m('market.schedule.regular')).check();

  // No weekday ticked: the form says so at the weekdays and puts the focus there.
  await form.getByRole('button', { name: m('saveBar.save') }).click();
  await expect(form.locator('.field-error', { hasText: m('errors.no_weekday') })).toBeVisible();
  // Issue 53: the error summary takes the focus and names the weekdays; its line leads there.
  await expect(form.locator('.error-summary')).toBeFocused();
  await form.getByRole('link', { name: `${m('market.rule.weekdays')}: ${m('errors.no_weekday')}` }).click();
  await expect(form.getByRole('checkbox', { name: m('weekday.MO'), exact: true })).toBeFocused();

  await form.getByRole('checkbox', { name: m('weekday.SA'), exact: true }).check();
  await expect(form.getByText(m('errors.no_weekday'))).toHaveCount(0);
  // A closing time before the opening time is named at the closing time, in words about times.
  await setTimes(form, '07:30', '07:00');
  await form.getByRole('button', { name: m('saveBar.save') }).click();
  await expect(form.locator('.field-error', { hasText: m('errors.end_time_before_start') })).toBeVisible();
  await setTimes(form, '08:00', '12:00');
  await save(page, form);

  await showMarketView(page, m, 'dates');
  const dates = page.getByRole('region', { name: /^Termine / });
  const saturdays = dateRows(dates);
  await expect(saturdays.first()).toContainText('08:00–12:00');
  const count = await saturdays.count();
  expect(count).toBeGreaterThan(50);

  // New times: every Saturday ahead follows.
  await showMarketView(page, m, 'details');
  const edit = page.getByRole('form', { name: m('market.editHeading').replace('{{title}}', TITLE) });
  await setTimes(edit, '09:00', '13:00');
  await save(page, edit);
  await showMarketView(page, m, 'dates');
  await expect(saturdays.filter({ hasText: '09:00–13:00' })).toHaveCount(count);

  // One Saturday cancelled, then the times change again: it stays cancelled, the others follow.
  await saturdays
    .nth(1)
    .getByRole('button', { name: new RegExp(`^${m('marketDate.edit')} `) })
    .click();
  const dateForm = page.getByRole('form', { name: m('marketDate.editHeading') });
  await dateForm.getByLabel(m('marketDate.field.status')).selectOption('cancelled');
  await dateForm.getByRole('button', { name: m('marketDate.save') }).click();
  await expect(saturdays.nth(1)).toContainText(m('marketDate.status.cancelled'));
  await showMarketView(page, m, 'details');
  await setTimes(edit, '07:00', '11:00');
  await save(page, edit);
  await showMarketView(page, m, 'dates');
  await expect(saturdays.filter({ hasText: '07:00–11:00' })).toHaveCount(count - 1);
  await expect(saturdays.nth(1)).toContainText(m('marketDate.status.cancelled'));
  await expect(saturdays.filter({ hasText: m('marketDate.status.cancelled') })).toHaveCount(1);

  // The history reads in words: the rule as a sentence, the date's status by its name.
  await showMarketView(page, m, 'history');
  const history = page.getByRole('region', { name: m('market.view.history') });
  await expect(history).toContainText(
    `${m('market.field.rule')}: jeden Samstag, 09:00–13:00 Uhr → jeden Samstag, 07:00–11:00 Uhr`,
  );
  await expect(history).toContainText(
    `${m('marketDate.field.status')}: ${m('marketDate.status.takes_place')} → ${m('marketDate.status.cancelled')}`,
  );
  await expect(history).not.toContainText('"freq"');
  await expect(history).not.toContainText(`${m('history.empty')} → ${m('history.empty')}`);
});
