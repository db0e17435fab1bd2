import { type Page } from '@playwright/test';
import { expect, test } from './helpers/portal.ts';
import { logInAsDemo } from './helpers/demo.ts';
import { messages } from './helpers/messages.ts';

/** Issue 19: what a visitor on a phone and a logged-in clerk see of the public screens and the header. */
const de = messages('de');
const PLACE = '/verzeichnis/steiermark/hartberg-fuerstenfeld/hartberg';
const WEEKLY = `${PLACE}/bauernmarkt-am-hauptplatz`;
const PHONE = { width: 390, height: 844 };

/** The visitor has chosen in the cookie notice before (it is covered by public.spec.ts). */
async function consentGiven(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('marktverzeichnis.consent', 'refused'));
}

test('a visitor on a phone reads a weekly market’s next date without scrolling, on a first visit too', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(WEEKLY);
  // First visit: the cookie notice is there and the date still shows on the first screen.
  await expect(page.getByRole('region', { name: de('consent.label') })).toBeVisible();
  // On a Saturday in Vienna the market is on: the box says "Heute geöffnet" instead.
  const next = page.getByRole('region', {
    name: new RegExp(`^(${de('directory.nextDate')}|${de('directory.openToday')})$`),
  });
  await expect(next.locator('time, .next-date-when').first()).toBeInViewport({ ratio: 1 });
  // The rule and its exceptions, not a hundred bullets; past dates folded.
  const dates = page.getByRole('region', { name: de('directory.dates') });
  await expect(dates.getByText(/jeden Samstag/)).toBeVisible();
  await expect(dates.getByRole('heading', { name: de('directory.exceptions') })).toBeVisible();
  await expect(dates.locator('.badge-cancelled').first()).toHaveText(de('directory.mark.cancelled'));
  await expect(dates.locator('.badge-additional').first()).toHaveText(de('directory.mark.additional'));
  await expect(dates.locator('details.past-dates')).not.toHaveAttribute('open');
});

test('a visitor on a phone finds the search and the way to the directory on the home page’s first screen', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  // On a first visit too: the consent notice is a slim bar at the bottom (issue 52: a fifth of the screen at most).
  const notice = page.getByRole('region', { name: de('consent.label') });
  await expect(notice).toBeVisible();
  const bar = (await notice.boundingBox())!;
  expect(bar.height).toBeLessThanOrEqual(PHONE.height / 5);
  expect(bar.y + bar.height).toBeCloseTo(PHONE.height, 0);
  await expect(page.getByRole('contentinfo').getByRole('button', { name: de('consent.label') })).toHaveCount(1);
  // The page’s h1 comes first: the notice sits at the bottom, in the page’s order too (issue 55).
  const headings = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((all) => all.map((h) => h.tagName));
  expect(headings[0]).toBe('H1');
  await notice.getByRole('button', { name: de('consent.refuse') }).click();
  for (const control of [
    page.getByLabel(de('home.what')),
    page.getByLabel(de('home.where')),
    page.getByRole('button', { name: de('search.submit') }),
    page.getByRole('button', { name: de('search.when.wochenende') }),
    page.getByRole('link', { name: de('home.toDirectory'), exact: true }),
  ])
    await expect(control).toBeInViewport({ ratio: 1 });
});

test('the header on a phone stays under 120 px, with its menu behind a button', async ({ page }) => {
  await consentGiven(page);
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const header = page.locator('.site-header');
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(120);
  const main = page.getByRole('navigation', { name: de('nav.main') });
  await expect(main).toBeHidden();
  await page.getByText(de('nav.menu'), { exact: true }).click();
  await expect(main.getByRole('link', { name: de('nav.forMunicipalities') })).toBeVisible();
  // No staff screen among the visitors' links.
  await expect(main.getByRole('link', { name: de('nav.markets') })).toHaveCount(0);
});

test('a logged-in clerk’s header on a phone stays under 120 px too, "Abmelden" and the address in its menu', async ({
  page,
}) => {
  await consentGiven(page);
  await logInAsDemo(page);
  await page.setViewportSize(PHONE);
  for (const path of ['/verzeichnis', '/maerkte']) {
    await page.goto(path);
    const header = page.locator('.site-header');
    expect((await header.boundingBox())!.height, path).toBeLessThanOrEqual(120);
    await header.getByText(de('nav.menu'), { exact: true }).click();
    await expect(header.getByRole('link', { name: 'marktamt@hartberg.example' }), path).toBeVisible();
    await expect(header.getByRole('button', { name: de('account.logout') }), path).toBeVisible();
  }
});

test('the editing pages name the logged-in user once, in the header; the account bar keeps its actions', async ({
  page,
}) => {
  await consentGiven(page);
  await logInAsDemo(page);
  await page.goto('/maerkte');
  await expect(page.getByRole('button', { name: de('account.logoutEverywhere') })).toBeVisible();
  await expect(page.getByRole('button', { name: de('account.changePassword') })).toBeVisible();
  await expect(page.getByText('marktamt@hartberg.example').filter({ visible: true })).toHaveCount(1);
  await expect(page.locator('.site-header').getByRole('link', { name: 'marktamt@hartberg.example' })).toBeVisible();
});

test('the login page does not move when its forms replace the loading logo (layout shift)', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 }); // Lighthouse's phone
  await page.addInitScript(() => {
    const shifts: number[] = ((window as unknown as { shifts: number[] }).shifts = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/anmelden');
  await expect(page.locator('html[data-screen="ready"]')).toHaveCount(1);
  await page.waitForTimeout(500);
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
});

test('at the largest font size nothing runs wider than a phone', async ({ page }) => {
  await consentGiven(page);
  await page.addInitScript(() => localStorage.setItem('marktverzeichnis.fontSize', '175'));
  await page.setViewportSize(PHONE);
  for (const path of ['/', WEEKLY, '/seite/datenschutz', '/verzeichnis/suche', '/anmelden']) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(PHONE.width);
  }
});

test('searching "markt" finds the Bauernmarkt and the Monatsmarkt, each with its next date', async ({ page }) => {
  await consentGiven(page);
  await page.goto('/verzeichnis/suche?q=markt');
  const results = page.locator('.search-results');
  const farmers = results.getByRole('listitem').filter({ hasText: 'Bauernmarkt am Hauptplatz' });
  await expect(farmers).toBeVisible();
  // Its next date, or on a Saturday in Vienna (its market day) that it is on today.
  await expect(farmers).toContainText(new RegExp(`${de('directory.nextDate')}|${de('directory.openToday')}`));
  await expect(results.getByRole('link', { name: 'Monatsmarkt im Ökopark' })).toBeVisible();
});

test('a state without markets yet has a friendly page', async ({ page }) => {
  await consentGiven(page);
  const answer = await page.goto('/verzeichnis/kaernten');
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Märkte in Kärnten');
  await expect(page.getByText(de('directory.emptyState'))).toBeVisible();
  await page.goto('/verzeichnis/steiermark/hartberg-fuerstenfeld');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Märkte im Bezirk Hartberg-Fürstenfeld');
});

test('a logged-in clerk sees "Abmelden" in the header on every page, and leaves from a public one', async ({
  page,
}) => {
  await consentGiven(page);
  await logInAsDemo(page);
  const header = page.locator('.site-header');
  for (const path of ['/', '/info', '/verzeichnis', WEEKLY, '/verzeichnis/suche', '/seite/impressum', '/maerkte']) {
    await page.goto(path);
    await expect(header.getByRole('button', { name: de('account.logout') }), path).toBeVisible();
    await expect(header.getByRole('link', { name: 'marktamt@hartberg.example' }), path).toBeVisible();
  }
  await page.goto('/en/verzeichnis');
  await expect(header.getByRole('button', { name: messages('en')('account.logout') })).toBeVisible();

  await page.goto(WEEKLY);
  await header.getByRole('button', { name: de('account.logout') }).click();
  await expect(page).toHaveURL(/\/anmelden$/);
  await expect(header.getByRole('button', { name: de('account.logout') })).toBeHidden();
  expect((await page.request.get('/api/get_account')).status()).toBe(401);
});
