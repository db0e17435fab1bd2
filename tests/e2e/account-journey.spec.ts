import { type Page } from '@playwright/test';
import { expect, test } from './helpers/portal.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { tabTo, typeInto } from './helpers/keyboard.ts';
import { messages, type Text } from './helpers/messages.ts';
import { linkFromMail } from './helpers/outbox.ts';
import { screenReady } from './helpers/screen.ts';

/** Allowed for Hartberg before the server started (tests/e2e/allowed-staff.csv). */
const JOURNEYS = [
  { locale: 'de', prefix: '', email: 'kassa@hartberg.example' },
  { locale: 'en', prefix: '/en', email: 'office@hartberg.example' },
] as const;

for (const { locale, prefix, email } of JOURNEYS) {
  test(`a new clerk registers, confirms, logs in and out, resets the password, by keyboard (${locale})`, async ({
    page,
  }) => {
    const m = messages(locale);
    const form = (heading: string) => page.getByRole('form', { name: m(heading) });
    const password = 'Marktplatz im Mai 2027';
    const newPassword = 'Kirtag am Hauptplatz 2027';

    // Register, with the inline password checks seen before sending.
    await page.goto(`${prefix}/anmelden`);
    const register = form('register.heading');
    await typeInto(page, register.getByLabel(m('account.email'), { exact: true }), email);
    await typeInto(page, register.getByLabel(m('account.password'), { exact: true }), 'kurz');
    await page.keyboard.press('Tab');
    await expect(register.getByText(m('errors.password_too_short'))).toBeVisible();
    await typeInto(page, register.getByLabel(m('account.passwordRepeat'), { exact: true }), 'anders');
    await page.keyboard.press('Enter');
    await expect(register.locator('.field-error', { hasText: m('errors.passwords_mismatch') })).toBeVisible();
    // Issue 53: the error summary takes the focus; its first line leads to the first field refused.
    await expect(register.locator('.error-summary')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(register.getByLabel(m('account.password'), { exact: true })).toBeFocused();
    await expectNoAxeViolations(page);

    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(password);
    await typeInto(page, register.getByLabel(m('account.passwordRepeat'), { exact: true }), '');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    // Issue 49: a mail is on its way; the account, and the login, come with its link.
    await expect(register.getByRole('status')).toHaveText(m('register.sent').replace('{{email}}', email));
    await expect(page).toHaveURL(new RegExp(`${prefix}/anmelden$`));

    // Confirm with the link from the mail, in the browser that registered: no password asked.
    const confirmLink = await linkFromMail(email, m('mail.confirm.subject'));
    await page.goto(confirmLink);
    await expect(page.getByText(m('confirm.done'))).toBeVisible();
    await expectNoAxeViolations(page);
    await tabTo(page, page.getByRole('link', { name: m('confirm.toMarkets') }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${prefix}/maerkte$`));
    await expect(page.getByText(m('account.unconfirmed'))).toHaveCount(0);

    await logOut(page, m);

    // A wrong password is refused with its message; the right one lets in.
    const login = form('login.heading');
    await typeInto(page, login.getByLabel(m('account.email'), { exact: true }), email);
    await typeInto(page, login.getByLabel(m('account.password'), { exact: true }), 'Falsches Passwort 1');
    await page.keyboard.press('Enter');
    await expect(login.getByRole('alert')).toHaveText(m('errors.wrong_password'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${prefix}/maerkte$`));
    await expect(page.getByText(m('notice.loggedIn'))).toBeVisible();

    await logOut(page, m);

    // Forgot the password: a link by mail sets a new one.
    await tabTo(page, page.getByRole('button', { name: m('login.forgotPassword') }));
    await page.keyboard.press('Enter');
    const forgot = form('forgot.heading');
    await expect(forgot.getByRole('heading', { name: m('forgot.heading') })).toBeFocused();
    await typeInto(page, forgot.getByLabel(m('account.email'), { exact: true }), email);
    await page.keyboard.press('Enter');
    await expect(forgot.getByRole('status')).toHaveText(m('notice.resetMailSent'));
    await expectNoAxeViolations(page);

    await page.goto(await linkFromMail(email, m('mail.reset.subject')));
    await screenReady(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m('page.newPassword.title'));
    await expectNoAxeViolations(page);
    await typeInto(page, page.getByLabel(m('account.newPassword'), { exact: true }), newPassword);
    await typeInto(page, page.getByLabel(m('account.newPasswordRepeat'), { exact: true }), newPassword);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${prefix}/anmelden$`));
    await expect(page.getByText(m('notice.passwordChanged'))).toBeVisible();

    await typeInto(page, login.getByLabel(m('account.email'), { exact: true }), email);
    await typeInto(page, login.getByLabel(m('account.password'), { exact: true }), newPassword);
    await page.keyboard.press('Enter');

    // The municipality's data, read-only, with a prepared mail to ask for a change.
    await expect(page).toHaveURL(new RegExp(`${prefix}/maerkte$`));
    const municipality = page.getByRole('region', { name: m('municipality.heading') });
    await expect(municipality).toContainText('Hartberg');
    await expect(municipality).toContainText('8230');
    await expect(municipality).toContainText('Hartberg-Fürstenfeld');
    await expect(municipality).toContainText(m('state.6')); // in the user's language, as in the directory (issue 19)
    await expect(municipality).toContainText('+43/3332/6030');
    await expect(municipality.getByRole('link', { name: 'https://www.hartberg.at' })).toBeVisible();
    await expect(municipality.getByRole('textbox')).toHaveCount(0);
    const request = municipality.getByRole('link', { name: m('municipality.requestChange') });
    await expect(request).toHaveAttribute('href', /^mailto:[^?]+\?subject=.*Hartberg.*62219/);
    // Past the header's account controls and the staff navigation (issue 19).
    await tabTo(page, request, 60);
    await expectNoAxeViolations(page);

    // A link works once: opened again, it says the address is confirmed already, no error (issue 19).
    await page.goto(confirmLink);
    await screenReady(page);
    await expect(page.getByRole('status').filter({ hasText: m('confirm.already') })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

test('an unknown link says it is invalid and is never cached', async ({ page }) => {
  const m = messages('fr');
  const response = await page.goto('/fr/anmelden/ce-lien-nexiste-pas');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await screenReady(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m('page.loginWithId.title'));
  await expect(page.getByText(m('errors.invalid_token'))).toBeVisible();
  await expect(page.getByRole('link', { name: m('confirm.toLogin') })).toHaveAttribute('href', '/fr/anmelden');
  await expect(page).toHaveURL(/\/fr\/anmelden$/); // the token left the address bar (issue 15, L4)
  await expectNoAxeViolations(page);
});

async function logOut(page: Page, m: Text): Promise<void> {
  // "Abmelden" is in the header (issue 19): backwards from where the focus is, past the markets screen's
  // controls when the focus starts at the end (45 stops with the demo markets and the embedding snippet).
  await tabTo(page, page.getByRole('button', { name: m('account.logout'), exact: true }), 80, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/anmelden$/);
  await expect(page.getByText(m('notice.loggedOut'))).toBeVisible();
}
