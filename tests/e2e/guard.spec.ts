import { expect, test } from './helpers/portal.ts';
import { DEMO, ensureDemoAccount, logInAsDemo } from './helpers/demo.ts';
import { messages } from './helpers/messages.ts';

const m = messages('de');

test('the markets pages send a visitor who is not logged in to the login page', async ({ page }) => {
  await page.goto('/maerkte');
  await expect(page).toHaveURL(/\/anmelden\?next=%2Fmaerkte$/);
  await page.goto('/en/wochenmaerkte');
  await expect(page).toHaveURL(/\/en\/anmelden\?next=%2Fwochenmaerkte$/);
});

test('a logged-in user reaches the markets pages and is led on from the login page', async ({ page }) => {
  await logInAsDemo(page);

  const markets = await page.goto('/maerkte');
  expect(markets?.headers()['cache-control']).toBe('private, no-store');
  await expect(page).toHaveURL(/\/maerkte$/);
  await page.goto('/fr/anmelden');
  await expect(page).toHaveURL(/\/fr\/maerkte$/);
  // The page has loaded the account; only then does the session end behind its back.
  // (The account bar shows its actions then; the header names the user from a cookie, before anything is loaded.)
  await expect(page.getByRole('button', { name: messages('fr')('account.logoutEverywhere') })).toBeVisible();

  await page.request.post('/api/logout');
  await page.goto('/maerkte');
  await expect(page).toHaveURL(/\/anmelden\?next=%2Fmaerkte$/);
});

// Issue 15, M1: browsers drop a tab or line break from "/\t/evil.example", leaving "//evil.example".
for (const encoded of ['%09', '%0a', '%0d']) {
  test(`after login, next=/${encoded}/evil.example stays on the portal`, async ({ page, baseURL }) => {
    await ensureDemoAccount(page);
    await page.goto(`/anmelden?next=/${encoded}/evil.example/maerkte`);
    const login = page.getByRole('form', { name: m('login.heading') });
    await login.getByLabel(m('account.email'), { exact: true }).fill(DEMO.email);
    await login.getByLabel(m('account.password'), { exact: true }).fill(DEMO.password);
    await login.getByRole('button', { name: m('login.submit') }).click();
    await expect(page).toHaveURL(/\/maerkte$/);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    // The screen has its account before the logout: else it goes on to the login page as the test ends, and
    // closing a context in the middle of that navigation sometimes hung Playwright's teardown for 30 s.
    await expect(page.getByRole('button', { name: m('account.logoutEverywhere') })).toBeVisible();
    await page.request.post('/api/logout');
  });
}
