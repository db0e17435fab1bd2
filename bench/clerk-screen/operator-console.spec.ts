import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../../tests/e2e/helpers/axe.ts';
import { OPERATOR } from './clerk.ts';

/**
 * Issue 55, acceptance 1, at Austria scale (6,000 generated markets, every municipality on file):
 * the operator logs in and lands on the console's overview, opens the year's campaign, finds
 * Styria's 286 municipalities and opens one's page with its quotas: three steps from the login,
 * axe clean on each screen. Prints how long each took on this machine (unthrottled).
 */
test('an operator at Austria scale: login, overview, Styria, a municipality’s page', async ({ page }) => {
  const year = new Date().getFullYear() + 1;
  const timed = async (what: string, step: () => Promise<unknown>) => {
    const started = performance.now();
    await step();
    console.log(`operator-bench: ${what} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
  };

  await page.goto('/anmelden');
  const login = page.getByRole('form', { name: 'Anmelden' });
  await login.getByLabel('E-Mail-Adresse').fill(OPERATOR.email);
  await login.getByLabel('Passwort', { exact: true }).fill(OPERATOR.password);
  const overview = page.getByRole('region', { name: 'Überblick' });
  await timed('login to the overview', async () => {
    await login.getByRole('button', { name: 'Anmelden' }).click();
    await expect(overview.getByRole('heading', { name: 'Zuletzt im Protokoll' })).toBeVisible();
  });
  await expect(page).toHaveURL(/\/verwaltung$/);

  const opened = await page.request.post('/api/operator/campaign', { form: { year, deadline: `${year}-01-31` } });
  expect(opened.status()).toBe(200);
  await timed('the overview with the campaign of 2,095 municipalities', async () => {
    await page.reload();
    await expect(overview).toContainText(`Runde ${year}: 0 von 2.095 Gemeinden haben bestätigt`);
  });
  await expectNoAxeViolations(page);

  await timed('Styria’s 286 municipalities', async () => {
    await page.getByLabel('Gemeinde, GKZ, Bezirk oder Bundesland').fill('Steiermark');
    await page.keyboard.press('Enter');
    await expect(page.getByText('286 Gemeinden gefunden')).toBeVisible();
  });
  await expectNoAxeViolations(page);

  const first = page.getByRole('table', { name: 'Gemeinden, Seite 1 von 12' }).locator('tbody tr').first();
  const name = await first.locator('th').innerText();
  await timed(`${name}’s page with its quotas`, async () => {
    await first.getByRole('link', { name }).click();
    await expect(page.getByRole('table', { name: /^Kontingente der Gemeinde \d{5}$/ })).toBeVisible();
  });
  await expectNoAxeViolations(page);
});
