import { expect, test } from './helpers/portal.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { messages } from './helpers/messages.ts';
import { linkFromMail } from './helpers/outbox.ts';

const m = messages('de');
const EMAIL = 'bauamt@hartberg.example';
const PASSWORD = 'Bauamt am Hauptplatz 2027';
const CHOSEN = 'Bauamt im Postfach 2027';
const NEW_PASSWORD = 'Bauamt im Rathaus 2028';

// Issue 15, H1, and issue 49: registering logs nobody in; the mailed link opened in another
// browser lets the mailbox's holder choose the account's password, then logs in there.
test('the link opened elsewhere asks to choose the password and logs in; then a new one and out everywhere', async ({
  page,
  browser,
}) => {
  await page.goto('/anmelden');
  const registered = await page.request.post('/api/register', {
    form: { email: EMAIL, password: PASSWORD, password_repeat: PASSWORD, lang: 'de' },
  });
  expect(registered.status()).toBe(202);
  expect((await page.request.get('/api/get_account')).status()).toBe(401);

  const link = await linkFromMail(EMAIL, m('mail.confirm.subject'));
  const elsewhere = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const other = await elsewhere.newPage();
  await other.goto(link);
  await expect(other.getByText(m('confirm.passwordNeeded'))).toBeVisible();
  await expectNoAxeViolations(other);
  const password = other.getByLabel(m('account.password'), { exact: true });
  const repeat = other.getByLabel(m('account.passwordRepeat'), { exact: true });
  await password.fill(CHOSEN);
  await repeat.fill('Anders getippt 2027');
  await other.getByRole('button', { name: m('confirm.submit') }).click();
  await expect(other.getByText(m('errors.passwords_mismatch'))).toBeVisible();
  await repeat.fill(CHOSEN);
  await other.getByRole('button', { name: m('confirm.submit') }).click();
  await expect(other.getByText(m('confirm.done'))).toBeVisible();

  await other.getByRole('link', { name: m('confirm.toMarkets') }).click();
  await expect(other.getByRole('heading', { name: m('markets.heading') })).toBeVisible();
  await expect(other.getByText(m('account.unconfirmed'))).toHaveCount(0);

  // Issue 15, L12: a new password with the current one, then out everywhere.
  await other.getByRole('button', { name: m('account.changePassword') }).click();
  const change = other.getByRole('form', { name: m('account.changePassword') });
  await change.getByLabel(m('account.currentPassword'), { exact: true }).fill(CHOSEN);
  await change.getByLabel(m('account.newPassword'), { exact: true }).fill(NEW_PASSWORD);
  await change.getByLabel(m('account.newPasswordRepeat'), { exact: true }).fill(NEW_PASSWORD);
  await expectNoAxeViolations(other);
  await change.getByRole('button', { name: m('account.changePassword') }).click();
  await expect(other.getByText(m('notice.passwordChangedHere'))).toBeVisible();
  await other.getByRole('button', { name: m('account.logoutEverywhere') }).click();
  await expect(other).toHaveURL(/\/anmelden$/);
  await expect(other.getByText(m('notice.loggedOutEverywhere'))).toBeVisible();
  await elsewhere.close();
  const login = await page.request.post('/api/login', { form: { email: EMAIL, password: NEW_PASSWORD } });
  expect(login.status()).toBe(200);
});
