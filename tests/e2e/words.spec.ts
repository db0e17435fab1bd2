import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { DEMO, ensureDemoAccount } from './helpers/demo.ts';
import { messages } from './helpers/messages.ts';
import { screenReady } from './helpers/screen.ts';

/** Issue 19, "Words": what the login and recovery forms and the consent notice say. */

test('the forgot-password form asks for the address alone, in its own words', async ({ page }) => {
  const m = messages('fr');
  await page.goto('/fr/anmelden');
  await screenReady(page);
  await page.getByRole('button', { name: m('login.forgotPassword') }).click();
  const forgot = page.getByRole('form', { name: m('forgot.heading') });
  await forgot.getByRole('button', { name: m('forgot.submit') }).click();
  await expect(forgot.getByText(m('errors.email_missing')).first()).toBeVisible();
  await expect(forgot).not.toContainText(m('errors.credentials_missing'));
});

test('registering an address that has an account offers to log in or set a new password', async ({ page }) => {
  const m = messages('de');
  await ensureDemoAccount(page);
  await page.goto('/anmelden');
  await screenReady(page);
  const register = page.getByRole('form', { name: m('register.heading') });
  await register.getByLabel(m('account.email'), { exact: true }).fill(DEMO.email);
  await register.getByLabel(m('account.password'), { exact: true }).fill('Ein ganz anderes Passwort 1');
  await register.getByLabel(m('account.passwordRepeat'), { exact: true }).fill('Ein ganz anderes Passwort 1');
  await register.getByRole('button', { name: m('register.submit') }).click();
  await expect(register.getByRole('alert')).toHaveText(m('errors.user_exists'));
  await expectNoAxeViolations(page);

  await register.getByRole('button', { name: m('login.forgotPassword') }).click();
  await expect(page.getByRole('heading', { name: m('forgot.heading'), level: 2 })).toBeFocused();
  await register.getByRole('button', { name: m('register.logInInstead') }).click();
  await expect(page.getByRole('heading', { name: m('login.heading'), exact: true, level: 2 })).toBeFocused();
});

for (const locale of ['de', 'en', 'fr']) {
  test(`the consent notice's heading matches its text (${locale})`, async ({ page }) => {
    const m = messages(locale);
    await page.goto(locale === 'de' ? '/' : `/${locale}`);
    const notice = page.getByRole('region', { name: m('consent.label') });
    await expect(notice).toBeVisible();
    // The text says nothing is stored in a cookie; the heading must not announce cookies.
    await expect(notice.getByRole('heading')).not.toContainText(/cookie/i);
    await expect(notice).toContainText(m('consent.text'));
  });
}
