import { type Page } from '@playwright/test';
import { expect, test } from './helpers/portal.ts';

/**
 * Issue 52, acceptance 3: the portal's own map. Its states, districts and municipalities with a
 * page, and the search's points, are reached and followed by the keyboard; no directory or search
 * page asks anything of another server (axe checks the same pages in axe-public.spec.ts).
 */

/** The accessible names of the map's links, in the order Tab reaches them, from the top of the page. */
async function mapLinksByTab(page: Page) {
  const names: string[] = [];
  await page.locator('body').focus();
  for (let step = 0; step < 80; step += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      return element?.closest('.area-map') ? element.getAttribute('aria-label') : null;
    });
    if (focused) names.push(focused);
    else if (names.length) return names;
  }
  return names;
}

test('the states, the districts and the municipalities on the map are reached and followed by the keyboard', async ({
  page,
}) => {
  await page.goto('/verzeichnis');
  const states = await mapLinksByTab(page);
  expect(states).toHaveLength(9);
  expect(states).toContain('Steiermark: 6 Märkte');
  expect(states).toContain('Kärnten: noch keine Märkte');
  // Tab back onto Styria's shape and follow it.
  await page.keyboard.press('Shift+Tab');
  while ((await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) !== 'Steiermark: 6 Märkte')
    await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/verzeichnis\/steiermark\/?$/);

  expect(await mapLinksByTab(page)).toEqual(['Hartberg-Fürstenfeld: 6 Märkte']);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/verzeichnis\/steiermark\/hartberg-fuerstenfeld\/?$/);

  expect(await mapLinksByTab(page)).toEqual(['Hartberg: 6 Märkte']);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/hartberg-fuerstenfeld\/hartberg\/?$/);
});

test("a search's points lead to their lines in the list", async ({ page }) => {
  await page.goto('/en/verzeichnis/suche?ort=8230&km=20');
  const points = page.locator('.area-map a');
  await expect(points).toHaveCount(1);
  const count = await page.locator('.search-results > li').count();
  const numbers = Array.from({ length: count }, (_, index) => index + 1).join(', ');
  await expect(points).toHaveAccessibleName(`Hartberg: no. ${numbers}`);
  await points.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#nr-1$/);
  await expect(page.locator('.search-results > li:target')).toContainText('Hartberger Adventmarkt');
});

test('no directory or search page asks another server for anything', async ({ page, portal }) => {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== portal.url && url.protocol !== 'data:') elsewhere.push(request.url());
  });
  for (const path of [
    '/verzeichnis',
    '/verzeichnis/steiermark',
    '/verzeichnis/kaernten',
    '/verzeichnis/steiermark/hartberg-fuerstenfeld',
    '/verzeichnis/steiermark/hartberg-fuerstenfeld/hartberg',
    '/verzeichnis/steiermark/hartberg-fuerstenfeld/hartberg/hartberger-adventmarkt',
    '/verzeichnis/suche?ort=8230&km=50&wann=wochenende',
    '/fr/verzeichnis/suche?q=markt',
    '/en/verzeichnis/suche',
  ]) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.locator('h1')).toBeVisible();
  }
  expect(elsewhere).toEqual([]);
});
