import { expect, test } from '@playwright/test';
import { DEMO, logInAsDemo } from './helpers/demo.ts';

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
  await expect(page.getByText(DEMO.email)).toBeVisible();

  await page.request.post('/api/logout');
  await page.goto('/maerkte');
  await expect(page).toHaveURL(/\/anmelden\?next=%2Fmaerkte$/);
});
