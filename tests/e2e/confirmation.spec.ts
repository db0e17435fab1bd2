import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { messages } from './helpers/messages.ts';
import { linkFromMail } from './helpers/outbox.ts';

const m = messages('de');
const EMAIL = 'bauamt@hartberg.example';
const PASSWORD = 'Bauamt am Hauptplatz 2027';

// Issue 15, H1: a new account sees its markets but is told before typing that saving needs the
// confirmed address; the mailed link opened elsewhere asks for the password.
test('an unconfirmed clerk is told before editing; the link elsewhere needs the password', async ({
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
});
