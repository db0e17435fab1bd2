import { test } from './helpers/portal.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { logInAsDemo } from './helpers/demo.ts';

/** Issue 19: axe-core with the WCAG 2.2 AA rules on every public screen, in every language. */
const PLACE = '/verzeichnis/steiermark/hartberg-fuerstenfeld/hartberg';
const SCREENS = [
  '/',
  '/info',
  '/verzeichnis',
  '/verzeichnis/steiermark',
  '/verzeichnis/kaernten',
  '/verzeichnis/steiermark/hartberg-fuerstenfeld',
  PLACE,
  `${PLACE}/bauernmarkt-am-hauptplatz`,
  `${PLACE}/monatsmarkt-im-oekopark`,
  `${PLACE}/hartberger-adventmarkt`,
  '/verzeichnis/suche',
  // Issue 52: results with their distances and the place searched, and a place to choose.
  '/verzeichnis/suche?q=markt&ort=8230&km=50&von=2026-01-01',
  '/verzeichnis/suche?ort=Grafen',
  '/seite/impressum',
  '/seite/datenschutz',
  '/seite/barrierefreiheit',
  '/seite/nutzungsbedingungen',
  '/gibt-es-nicht',
  `${PLACE}/markt-der-nicht-mehr-ist`, // 410, issue 52
  // Issue 55: the change page of this year's edition (tests/e2e/seed-portal.ts).
  `/buch/${new Date().getFullYear()}-1`,
];

for (const prefix of ['', '/en', '/fr']) {
  test(`no WCAG 2.2 AA violation on the public screens in ${prefix || '/de'}`, async ({ page }) => {
    test.setTimeout(90_000);
    for (const path of SCREENS) {
      // A first visit: the cookie notice is part of the page.
      await page.goto(`${prefix}${path}`);
      if (path.includes('suche?q=')) await page.locator('.search-results li').first().waitFor();
      await test.step(path, () => expectNoAxeViolations(page));
    }
  });
}

test('no violation on a phone with the menu open, and in the logged-in header', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${PLACE}/bauernmarkt-am-hauptplatz`);
  await page.locator('.site-menu > summary').click();
  await page.locator('details.past-dates > summary').click();
  await expectNoAxeViolations(page);
  await logInAsDemo(page);
  await page.goto('/fr/verzeichnis');
  await expectNoAxeViolations(page);
});
