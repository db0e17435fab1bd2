import { expect, test } from './helpers/portal.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { DEMO, ensureDemoAccount } from './helpers/demo.ts';
import { messages } from './helpers/messages.ts';
import { subjectOfMailSince } from './helpers/outbox.ts';
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

// Issue 49: the form answers every address alike; the mail tells an address with an account to log in.
test('registering an address that has an account says a mail is on its way, which points to logging in', async ({
  page,
}) => {
  const m = messages('de');
  await ensureDemoAccount(page);
  await page.goto('/anmelden');
  await screenReady(page);
  const register = page.getByRole('form', { name: m('register.heading') });
  await register.getByLabel(m('account.email'), { exact: true }).fill(DEMO.email);
  await register.getByLabel(m('account.password'), { exact: true }).fill('Ein ganz anderes Passwort 1');
  await register.getByLabel(m('account.passwordRepeat'), { exact: true }).fill('Ein ganz anderes Passwort 1');
  const since = Date.now() - 1000;
  await register.getByRole('button', { name: m('register.submit') }).click();
  await expect(register.getByRole('status')).toHaveText(m('register.sent').replace('{{email}}', DEMO.email));
  await expect(register.getByRole('alert')).toBeEmpty(); // the form's failure region, always there, says nothing
  await expectNoAxeViolations(page);
  const subject = await subjectOfMailSince(DEMO.email, since);
  expect(subject.startsWith(m('mail.registration.subject').split('{{site}}')[0]!)).toBe(true);
});

for (const locale of ['de', 'en', 'fr']) {
  test(`the consent notice's heading matches its text (${locale})`, async ({ page }) => {
    const m = messages(locale);
    await page.goto(locale === 'de' ? '/' : `/${locale}`);
    const notice = page.getByRole('region', { name: m('consent.label') });
    await expect(notice).toBeVisible();
    // The text says nothing is stored in a cookie; the heading must not announce cookies.
    await expect(notice.getByRole('heading')).not.toContainText(/cookie/i);
    await expect(notice).toContainText(m('consent.question'));
  });
}
