import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { messages } from './helpers/messages.ts';
import { linkFromMail } from './helpers/outbox.ts';

const m = messages('de');
const EMAIL = 'bauamt@hartberg.example';
const PASSWORD = 'Bauamt am Hauptplatz 2027';
const NEW_PASSWORD = 'Bauamt im Rathaus 2028';

// Issue 15, H1: a new account sees its markets but is told before typing that saving needs the
// confirmed address; the mailed link opened elsewhere asks for the password.
test('an unconfirmed clerk is told before editing; the link elsewhere needs the password; then a new password and out everywhere', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const registered = await page.request.post('/api/register', {
    form: { email: EMAIL, password: PASSWORD, password_repeat: PASSWORD, lang: 'de' },
  });
  expect(registered.status()).toBe(201);
  await page.goto('/maerkte');
  await expect(page.getByRole('heading', { name: m('markets.heading') })).toBeVisible();
  await expect(page.getByText(m('account.unconfirmed'))).toBeVisible();
  await expect(page.getByRole('button', { name: m('login.sendConfirmationAgain') })).toBeVisible();

  const link = await linkFromMail(EMAIL, m('mail.confirm.subject'));
  const elsewhere = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const other = await elsewhere.newPage();
  await other.goto(link);
  await expect(other.getByText(m('confirm.passwordNeeded'))).toBeVisible();
  await expectNoAxeViolations(other);
  const password = other.getByLabel(m('account.password'), { exact: true });
  await password.fill('Falsches Passwort 2027');
  await other.getByRole('button', { name: m('confirm.submit') }).click();
  await expect(other.getByRole('alert')).toHaveText(m('errors.wrong_password'));
  await password.fill(PASSWORD);
  await other.getByRole('button', { name: m('confirm.submit') }).click();
  await expect(other.getByText(m('confirm.done'))).toBeVisible();
  await elsewhere.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: m('markets.heading') })).toBeVisible();
  await expect(page.getByText(m('account.unconfirmed'))).toHaveCount(0);

  // Issue 15, L12: a new password with the current one, then out everywhere.
  await page.getByRole('button', { name: m('account.changePassword') }).click();
  const change = page.getByRole('form', { name: m('account.changePassword') });
  await change.getByLabel(m('account.currentPassword'), { exact: true }).fill(PASSWORD);
  await change.getByLabel(m('account.newPassword'), { exact: true }).fill(NEW_PASSWORD);
  await change.getByLabel(m('account.newPasswordRepeat'), { exact: true }).fill(NEW_PASSWORD);
  await expectNoAxeViolations(page);
  await change.getByRole('button', { name: m('account.changePassword') }).click();
  await expect(page.getByText(m('notice.passwordChangedHere'))).toBeVisible();
  await page.getByRole('button', { name: m('account.logoutEverywhere') }).click();
  await expect(page).toHaveURL(/\/anmelden$/);
  await expect(page.getByText(m('notice.loggedOutEverywhere'))).toBeVisible();
  const login = await page.request.post('/api/login', { form: { email: EMAIL, password: NEW_PASSWORD } });
  expect(login.status()).toBe(200);
});
