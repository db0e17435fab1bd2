import { type Page } from '@playwright/test';
import { expect, test } from './helpers/portal.ts';
import { messages } from './helpers/messages.ts';

const de = messages('de');
/** What the page's status says; "In meiner Nähe" keeps an empty one of its own in the form. */
const said = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ });
const MARKET = '/verzeichnis/steiermark/hartberg-fuerstenfeld/hartberg/bauernmarkt-am-hauptplatz/';

/** Requests of the analytics script and its counting call. */
function watchAnalytics(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/js/analytics.js' || path === '/api/page_view') seen.push(path);
  });
  return seen;
}

async function deviceStorage(page: Page) {
  return page.evaluate(() => ({ local: Object.keys(localStorage), cookies: document.cookie }));
}

test('before consent nothing is stored and nothing counted; a refusal keeps it so', async ({ page }) => {
  const analytics = watchAnalytics(page);
  await page.goto('/');
  const notice = page.getByRole('region', { name: de('consent.label') });
  await expect(notice).toBeVisible();
  expect(await deviceStorage(page)).toEqual({ local: [], cookies: '' });

  await notice.getByRole('button', { name: de('consent.refuse') }).click();
  await expect(notice).toBeHidden();
  await page.goto('/info');
  await expect(page.getByRole('region', { name: de('consent.label') })).toBeHidden();
  await page.goto(MARKET);
  expect(analytics).toEqual([]);
  expect(await deviceStorage(page)).toEqual({ local: ['marktverzeichnis.consent'], cookies: '' });
});

test('after consent each page view is counted on the portal itself', async ({ page }) => {
  const analytics = watchAnalytics(page);
  await page.goto('/verzeichnis');
  const counted = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/page_view') && (request.postDataJSON() as { path: string }).path === '/verzeichnis',
  );
  await page.getByRole('button', { name: de('consent.accept') }).click();
  const view = await counted;
  expect(view.postDataJSON()).toEqual({ path: '/verzeichnis', language: 'de' });
  expect((await view.response())?.status()).toBe(204);

  const next = page.waitForRequest((request) => request.url().endsWith('/api/page_view'));
  await page.goto('/en/info');
  expect((await next).postDataJSON()).toEqual({ path: '/en/info', language: 'en' });
  expect(analytics.filter((path) => path === '/api/page_view')).toHaveLength(2);

  // The choice can be changed in the footer: after a refusal the next page is not counted.
  await page.getByRole('button', { name: messages('en')('consent.settings') }).click();
  await page.getByRole('button', { name: messages('en')('consent.refuse') }).click();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(analytics.filter((path) => path === '/api/page_view')).toHaveLength(2);
});

test('the font size follows the visitor across pages and reloads, by keyboard too', async ({ page }) => {
  await page.goto('/info');
  const larger = page.getByRole('button', { name: de('fontSize.larger') });
  await larger.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  const rootSize = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
  await expect.poll(rootSize).toBe('20.8px'); // 130 % of 16 px
  await page.goto(MARKET);
  expect(await rootSize()).toBe('20.8px');
  await page.reload();
  expect(await rootSize()).toBe('20.8px');
  await page.getByRole('button', { name: de('fontSize.reset') }).click();
  expect(await rootSize()).toBe('16px');
});

test('the home page follows the language cookie, else the browser languages; other pages their prefix', async ({
  browser,
}) => {
  const english = await browser.newContext({ locale: 'en-GB' });
  const page = await english.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/en\/$/);
  await page.goto('/info');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // Choosing French in the switcher keeps the page and is remembered for the home page.
  await page
    .getByRole('navigation', { name: de('nav.language') })
    .getByRole('link', { name: 'Français' })
    .click();
  await expect(page).toHaveURL(/\/fr\/info\/?$/);
  const cookie = (await english.cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe('fr');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
  await page.goto('/');
  await expect(page).toHaveURL(/\/fr\/$/);

  await page
    .getByRole('navigation', { name: messages('fr')('nav.language') })
    .getByRole('link', { name: 'Deutsch' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await english.close();
});

test('without JavaScript, German chosen on the English home page is kept', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB', javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/en\/$/);
  await page
    .getByRole('navigation', { name: messages('en')('nav.language') })
    .getByRole('link', { name: 'Deutsch' })
    .click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('de');
  await context.close();
});

test('the directory leads from the states to a market, with cancelled dates marked', async ({ page }) => {
  await page.goto('/verzeichnis');
  await page.getByRole('link', { name: de('state.6'), exact: true }).click();
  await page.getByRole('link', { name: 'Hartberg-Fürstenfeld', exact: true }).click();
  await page.getByRole('link', { name: 'Hartberg', exact: true }).click();
  await page.getByRole('link', { name: 'Bauernmarkt am Hauptplatz' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bauernmarkt am Hauptplatz');
  await expect(page.locator('.date-cancelled').first()).toContainText(de('directory.mark.cancelled'));

  const events = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
    '@graph': { '@type': string; eventStatus: string }[];
  };
  expect(events['@graph'].length).toBeGreaterThan(0);
  expect(events['@graph'].every((event) => event['@type'] === 'Event')).toBe(true);
  expect(events['@graph'].map((event) => event.eventStatus)).toContain('https://schema.org/EventCancelled');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${MARKET.slice(0, -1)}$`));
  await expect(page.locator('link[hreflang="fr"]')).toHaveAttribute('href', new RegExp(`/fr${MARKET.slice(0, -1)}$`));

  // The dates go into a calendar app as an iCalendar file.
  const calendar = await page.getByRole('link', { name: de('directory.calendarMarket') }).getAttribute('href');
  const file = await page.request.get(calendar!);
  expect(file.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await file.text()).toContain('STATUS:CANCELLED');

  // On the French page the market's own words stay German, and say so.
  await page
    .getByRole('navigation', { name: de('nav.language') })
    .getByRole('link', { name: 'Français' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'de');
});

test('the directory search finds demo markets, with filters, the same with JavaScript off (issue 52)', async ({
  browser,
}) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/verzeichnis/suche');
    await expect(said(page)).toHaveCount(0); // nothing asked, nothing said
    await page.getByLabel(de('search.term')).fill('Bauernmarkt');
    await page.getByRole('button', { name: de('search.submit') }).click();
    await expect(said(page)).toHaveText(/gefunden/); // other tests add Bauernmärkte of their own
    await expect(page.getByRole('link', { name: 'Bauernmarkt am Hauptplatz' })).toBeVisible();
    await expect(page).toHaveURL(/\?q=Bauernmarkt/);
    await expect(page.getByLabel(de('search.term'))).toHaveValue('Bauernmarkt');
    // The same search in another language, and a title that names it.
    await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute(
      'href',
      '/en/verzeichnis/suche?q=Bauernmarkt',
    );
    await expect(page).toHaveTitle(new RegExp(`^Bauernmarkt – ${de('search.title')}`));

    await page.getByLabel(de('search.term')).fill('');
    await page.getByLabel(de('search.type')).selectOption('kirtag');
    await page.getByLabel(de('search.state')).selectOption({ label: de('state.6') });
    await page.getByRole('button', { name: de('search.submit') }).click();
    await expect(page.getByRole('link', { name: 'Kirtag zu Maria Himmelfahrt' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bauernmarkt am Hauptplatz' })).toBeHidden();
    await expect(page.getByLabel(de('search.type'))).toHaveValue('kirtag');

    await page.getByLabel(de('search.state')).selectOption({ label: de('state.9') });
    await page.getByRole('button', { name: de('search.submit') }).click();
    await expect(said(page)).toHaveText(de('search.noResults'));
    // Back to the results before, as they were.
    await page.goBack();
    await expect(page.getByRole('link', { name: 'Kirtag zu Maria Himmelfahrt' })).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  }
});

// axe on every public page kind in every language: axe-public.spec.ts (issue 19).

test('keyboard alone reaches every control of a public page', async ({ page }) => {
  for (const path of ['/', MARKET, '/verzeichnis/suche']) {
    await page.goto(path);
    const controls = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('a[href], button, input, select')]
        .filter((element) => element.checkVisibility())
        .map((element, index) => (element.dataset['probe'] = String(index))),
    );
    const reached = new Set<string>();
    // A date field takes a stop for each of its day, month and year.
    for (let step = 0; step < controls.length * 3 && reached.size < controls.length; step += 1) {
      await page.keyboard.press('Tab');
      const probe = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['probe']);
      if (probe) reached.add(probe);
    }
    expect([...reached].sort(), path).toEqual([...controls].sort());
  }
});

test('every address in the sitemap is a page whose canonical is that address, with x-default beside the languages', async ({
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  expect(locations.length).toBeGreaterThan(20);
  expect(sitemap.match(/hreflang="x-default"/g)?.length).toBe(locations.length);
  for (const location of locations) {
    // The build writes the addresses of PUBLIC_BASE_URL; the pages are asked for here by their paths.
    const page = await request.get(new URL(location).pathname);
    expect(page.status(), location).toBe(200);
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(await page.text())?.[1];
    expect(canonical, location).toBe(location);
  }
});
