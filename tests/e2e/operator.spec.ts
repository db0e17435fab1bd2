import { readFile } from 'node:fs/promises';
import { expect, test } from './helpers/portal.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { logInAsDemo } from './helpers/demo.ts';
import { tabTo, typeInto } from './helpers/keyboard.ts';
import { messages } from './helpers/messages.ts';
import { logInAsOperator } from './helpers/operator-account.ts';

const YEAR = new Date().getFullYear() + 1;
const m = messages('de');
const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((result, [key, value]) => result.replace(`{{${key}}}`, value), text);

/**
 * Issue 22, acceptance 2: the operator opens a campaign, a clerk sees the banner and confirms all,
 * the operator sees that municipality confirmed and exports the CSV — keyboard only, axe clean.
 */
test('the yearly campaign from the console to the clerk and back, keyboard only', async ({ browser }) => {
  test.setTimeout(120_000);
  const operator = await (await browser.newContext()).newPage();
  await logInAsOperator(operator);
  await operator.goto('/verwaltung');
  await expect(operator.getByRole('heading', { level: 2, name: m('operator.campaign.heading') })).toBeVisible();
  await expectNoAxeViolations(operator);
  const year = operator.getByLabel(m('operator.campaign.year'));
  await tabTo(operator, year, 60);
  await operator.keyboard.press('Control+A');
  await operator.keyboard.type(String(YEAR));
  await typeInto(operator, operator.getByLabel(m('operator.campaign.deadline')), `${YEAR}-01-15`);
  await tabTo(operator, operator.getByRole('button', { name: m('operator.campaign.open') }));
  await operator.keyboard.press('Enter');
  await expect(operator.getByText(fill(m('operator.campaign.opened'), { year: String(YEAR) }))).toBeVisible();

  // Issue 55: reminders go only after a dialog that counts the recipients and shows the mail.
  const remind = operator.getByRole('button', { name: m('operator.campaign.remind') });
  await tabTo(operator, remind, 20);
  await operator.keyboard.press('Enter');
  const asked = operator.getByRole('dialog', { name: m('operator.reminders.title') });
  await expect(asked).toContainText(m('operator.reminders.who').split('{{')[0]!);
  await expect(asked.getByRole('region', { name: 'Deutsch' })).toContainText(
    fill(m('mail.campaign.subject'), { year: String(YEAR), deadline: `15. Jänner ${YEAR}` }),
  );
  await expect(asked.getByRole('button', { name: m('dialog.cancel') })).toBeFocused();
  await expectNoAxeViolations(operator);
  for (const width of [1280, 390]) {
    await operator.setViewportSize({ width, height: 900 });
    await operator.screenshot({ path: `test-results/console-reminders-${width}.png` });
  }
  await operator.setViewportSize({ width: 1280, height: 720 });
  await operator.keyboard.press('Enter');
  await expect(asked).toBeHidden();
  await expect(remind).toBeFocused();
  await operator.keyboard.press('Enter');
  const send = asked.getByRole('button', { name: /^\d+ E-Mails? senden$/ });
  const mails = (await send.textContent())!.split(' ')[0]!;
  await operator.keyboard.press('Shift+Tab');
  await expect(send).toBeFocused();
  await operator.keyboard.press('Enter');
  const sent = m(`operator.campaign.reminded`).replace('{{count}}', mails);
  await expect(operator.getByRole('status').filter({ hasText: sent })).toBeVisible();

  const clerk = await (await browser.newContext()).newPage();
  await logInAsDemo(clerk);
  await clerk.goto('/maerkte');
  const banner = fill(m('campaign.banner'), { year: String(YEAR), deadline: `15. Jänner ${YEAR}` });
  await expect(clerk.getByRole('heading', { name: banner })).toBeVisible();
  await expectNoAxeViolations(clerk);
  // Issue 53: the list shows the campaign's year, and the hidden market needs a look first.
  await expect(clerk.getByRole('radio', { name: String(YEAR), exact: true })).toBeChecked();
  const animals = clerk.locator('.campaign-markets li', { hasText: 'Pferde- und Kleintiermarkt' });
  await expect(animals).toContainText(m('campaign.look.hidden'));
  await tabTo(clerk, clerk.getByRole('button', { name: m('campaign.confirmAll') }), 80);
  await clerk.keyboard.press('Enter');
  // "Alle bestätigen" first says what it leaves open; it confirms the markets with dates only.
  const review = clerk.locator('.campaign-review');
  await expect(review.getByRole('heading')).toBeFocused();
  await expect(review).toContainText(`Pferde- und Kleintiermarkt: ${m('campaign.look.hidden')}`);
  await expectNoAxeViolations(clerk);
  for (const width of [1280, 390]) {
    await clerk.setViewportSize({ width, height: 900 });
    await clerk.locator('.campaign-banner').screenshot({ path: `test-results/campaign-review-${width}.png` });
  }
  const count = (key: string) => new RegExp(`^${m(key).replace('{{count}}', '\\d+')}$`);
  await tabTo(clerk, review.getByRole('button', { name: count('campaign.confirmShown.other') }));
  await clerk.keyboard.press('Enter');
  const confirmedButLeft = m('campaign.confirmedButLeft.other').split('{{count}}')[0]!;
  await expect(clerk.getByRole('status').filter({ hasText: confirmedButLeft })).toBeVisible();
  await expect(clerk.getByRole('heading', { name: banner })).toBeFocused();
  await expect(animals.getByRole('button')).toBeVisible();
  // The clerk has looked at what was left (other tests' markets too): each confirmed on its own.
  const confirmOne = clerk
    .locator('.campaign-markets')
    .getByRole('button', { name: fill(m('campaign.confirmMarket'), { year: String(YEAR) }) });
  for (let left = await confirmOne.count(); left > 0; left -= 1) {
    await tabTo(clerk, confirmOne.first(), 80);
    await clerk.keyboard.press('Enter');
    await expect(confirmOne).toHaveCount(left - 1);
  }
  await expect(
    clerk.getByRole('heading', { name: fill(m('campaign.allConfirmed'), { year: String(YEAR) }) }),
  ).toBeVisible();
  await expect(clerk.getByText(fill(m('campaign.marketConfirmed'), { year: String(YEAR) })).first()).toBeVisible();

  await operator.reload();
  const shown = operator.getByLabel(m('operator.campaign.show'));
  await tabTo(operator, shown, 80);
  await expect(shown).toHaveValue('confirmed');
  await expect(operator.getByRole('list', { name: m('campaign.status.confirmed') })).toContainText('62219 Hartberg');
  for (const width of [1280, 390]) {
    await operator.setViewportSize({ width, height: 1400 });
    await operator.screenshot({ path: `/tmp/op/console-${width}.png`, fullPage: false });
  }
  await expectNoAxeViolations(operator);
  const csvLink = operator.getByRole('link', { name: m('operator.campaign.csv') });
  await tabTo(operator, csvLink, 20, 'Shift+Tab');
  const download = operator.waitForEvent('download');
  await operator.keyboard.press('Enter');
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv.startsWith('\uFEFFBundesland;Bezirk;GKZ;Gemeinde;Stand;')).toBe(true);
  expect(csv).toMatch(/\r\nSteiermark;Hartberg-Fürstenfeld;62219;Hartberg;bestätigt;\d+;\d+;/);
  // The operator's own account (a user of Wien's list) is the provider's, not Wien's.
  expect(csv).toMatch(/\r\nWien;[^;]*;90001;Wien;noch kein Konto;/);
});

test('a clerk is sent from the console to the markets, and the console API refuses them', async ({ page }) => {
  await logInAsDemo(page);
  await page.goto('/verwaltung');
  await expect(page).toHaveURL(/\/maerkte$/);
  expect((await page.request.get('/api/operator/campaign')).status()).toBe(403);
  expect((await page.request.get('/api/operator/overview')).status()).toBe(403);
  const staff = page.getByRole('navigation', { name: m('nav.staff') });
  await expect(staff.getByRole('link', { name: m('nav.markets') })).toBeVisible();
  await expect(staff.getByRole('link', { name: m('page.operator.title') })).toHaveCount(0);
  // A municipality's page in the console too (issue 55), in any language.
  await page.goto('/en/verwaltung/gemeinde/62219');
  await expect(page).toHaveURL(/\/en\/maerkte$/);
});

test('a municipality’s page answers 404 for a code not on file, and sends a visitor to the login (issue 55)', async ({
  page,
}) => {
  expect((await page.request.get('/verwaltung/gemeinde/62219', { maxRedirects: 0 })).status()).toBe(303);
  await logInAsOperator(page);
  for (const code of ['99999', '6221', 'abcde']) {
    expect((await page.request.get(`/verwaltung/gemeinde/${code}`)).status(), code).toBe(404);
  }
  expect((await page.request.get('/fr/verwaltung/gemeinde/62219')).status()).toBe(200);
});

test('an operator finds the console in the staff navigation, keyboard only (issue 55)', async ({ page }) => {
  await logInAsOperator(page);
  await page.goto('/maerkte');
  const link = page
    .getByRole('navigation', { name: m('nav.staff') })
    .getByRole('link', { name: m('page.operator.title') });
  await tabTo(page, link, 40);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/verwaltung$/);
  await expect(page.getByRole('heading', { level: 2, name: m('operator.campaign.heading') })).toBeVisible();
  await expect(link).toHaveAttribute('aria-current', 'page');
});

test('the operator closes the campaign after a dialog; clerks see no banner, the list stays', async ({ browser }) => {
  const operator = await (await browser.newContext()).newPage();
  await logInAsOperator(operator);
  await operator.goto('/verwaltung');
  const close = operator.getByRole('button', { name: fill(m('operator.campaign.close'), { year: String(YEAR) }) });
  await tabTo(operator, close, 80);
  await operator.keyboard.press('Enter');
  const dialog = operator.getByRole('dialog', {
    name: fill(m('operator.campaign.closeTitle'), { year: String(YEAR) }),
  });
  await expect(dialog.getByRole('button', { name: m('dialog.cancel') })).toBeFocused();
  await expectNoAxeViolations(operator);
  await operator.keyboard.press('Shift+Tab');
  await operator.keyboard.press('Enter');
  await expect(operator.getByText(fill(m('operator.campaign.closed'), { year: String(YEAR) }))).toBeVisible();
  await expect(operator.getByRole('button', { name: m('operator.campaign.remind') })).toHaveCount(0);
  await expect(operator.getByRole('link', { name: m('operator.campaign.csv') })).toBeVisible();
  await expect(operator.getByRole('list', { name: m('campaign.status.confirmed') })).toContainText('62219 Hartberg');
  await expectNoAxeViolations(operator);
  const panel = operator.getByRole('region', { name: m('operator.campaign.heading'), exact: true });
  for (const width of [1280, 390]) {
    await operator.setViewportSize({ width, height: 900 });
    await panel.screenshot({ path: `test-results/console-campaign-closed-${width}.png` });
  }

  const clerk = await (await browser.newContext()).newPage();
  await logInAsDemo(clerk);
  await clerk.goto('/maerkte');
  await expect(clerk.getByRole('heading', { name: m('markets.heading') })).toBeVisible();
  await expect(clerk.getByRole('button', { name: m('campaign.confirmAll') })).toHaveCount(0);
});
