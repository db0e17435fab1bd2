import { type Page } from '@playwright/test';
import { expect, test } from './helpers/portal.ts';
import { messages } from './helpers/messages.ts';

/**
 * Issue 52, acceptance 1: a visitor on a phone finds what is on this weekend within 20 km of
 * Hartberg (8230) from the home page in at most three steps, sorted by date, with distance and
 * next date, and pages to every result; with JavaScript off the same search gives the same list.
 */
const de = messages('de');
/** What the page's status says; "In meiner Nähe" keeps an empty one of its own in the form. */
const said = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ });
const PHONE = { width: 390, height: 844 };

/** Every result of a search, page by page by the "next page" link, as a visitor reads them. */
async function everyResult(page: Page) {
  const results: { title: string; line: string; date: string }[] = [];
  for (;;) {
    for (const item of await page.locator('.search-results > li').all())
      results.push({
        title: (await item.getByRole('heading').textContent())!.trim(),
        line: (await item.locator('p').first().textContent())!,
        date: (await item.locator('.search-next-date time').getAttribute('datetime'))!,
      });
    const next = page.getByRole('link', { name: de('search.next') });
    if ((await next.count()) === 0) return results;
    await next.click();
  }
}

test('from the home page to this weekend’s markets around 8230 in two steps, the same without JavaScript', async ({
  browser,
}) => {
  const lists: unknown[] = [];
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled, viewport: PHONE, locale: 'de-AT' });
    const page = await context.newPage();
    await page.goto('/');
    // Step 1: the place; step 2: "this weekend".
    await page.getByLabel(de('home.where')).fill('8230');
    await page.getByRole('button', { name: de('search.when.wochenende') }).click();
    await expect(page).toHaveURL(/\/verzeichnis\/suche\?q=&ort=8230&wann=wochenende$/);
    await expect(page.getByText('Im Umkreis von 20 km um Hartberg (8230)')).toBeVisible();
    await expect(page.getByLabel(de('search.when'))).toHaveValue('wochenende');
    const status = (await said(page).textContent())!;
    const results = await everyResult(page);
    expect(results.length).toBe(/^Keine/.test(status) ? 0 : Number(/^\d+/.exec(status)![0]));
    // Each with its distance and its date this weekend, by date.
    for (const result of results) expect(result.line).toMatch(/· (im Ort|\d+ km entfernt)$/);
    const dates = results.map((result) => result.date);
    expect(dates).toEqual([...dates].sort());
    // A market open over several days may have begun before; none begins after Sunday.
    const sunday = new Date();
    sunday.setUTCDate(sunday.getUTCDate() + 6 - ((sunday.getUTCDay() + 6) % 7));
    for (const date of dates) expect(date <= sunday.toISOString().slice(0, 10)).toBe(true);
    lists.push(results);
    await context.close();
  }
  expect(lists[1]).toEqual(lists[0]);
});

test('a place that fits several municipalities offers them; an unknown one says what to type', async ({ page }) => {
  await page.goto('/verzeichnis/suche?ort=Hartberg%20U');
  await expect(page.getByText('Im Umkreis von 20 km um Hartberg Umgebung (8230)')).toBeVisible();
  await page.goto('/verzeichnis/suche?ort=Grafen');
  const choices = page.getByRole('alert');
  await expect(choices).toContainText('Mehrere Gemeinden passen zu „Grafen“');
  await choices.getByRole('link', { name: /^Grafendorf bei Hartberg \(8232, Steiermark\)$/ }).click();
  await expect(page.getByLabel(de('search.place'))).toHaveValue('62268');
  await expect(page.getByText('Im Umkreis von 20 km um Grafendorf bei Hartberg (8232)')).toBeVisible();
  await page.goto('/verzeichnis/suche?ort=Atlantis');
  await expect(page.getByRole('alert')).toHaveText(de('search.placeUnknown').replace('{{place}}', 'Atlantis'));
  await expect(said(page)).toHaveCount(0);
});

test('the results go by date over every page, the days chosen kept when paging', async ({ page }) => {
  const from = `${new Date().getFullYear()}-01-01`;
  await page.goto(`/verzeichnis/suche?ort=8230&km=100&von=${from}`);
  const dates: string[] = [];
  let shown = 0;
  for (;;) {
    await expect(page.getByLabel(de('search.from'))).toHaveValue(from);
    shown += await page.locator('.search-results > li').count();
    dates.push(
      ...(await page
        .locator('.search-results time')
        .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!))),
    );
    const next = page.getByRole('link', { name: de('search.next') });
    if ((await next.count()) === 0) break;
    await expect(next).toHaveAttribute('href', new RegExp(`von=${from}`));
    await next.click();
  }
  // The search to subscribe to, the place by its code: a calendar of what was found.
  const subscribe = page.getByRole('link', { name: de('search.subscribe') });
  await expect(subscribe).toHaveAttribute('href', /\/api\/public\/markets\.ics\?lang=de&near=62219&km=100&from=/);
  const calendar = await page.request.get((await subscribe.getAttribute('href'))!);
  expect(calendar.status()).toBe(200);
  expect(await calendar.text()).toContain('BEGIN:VEVENT');
  // And its changes as a feed, each entry a market's page.
  const follow = page.getByRole('link', { name: de('search.subscribeAtom') });
  await expect(follow).toHaveAttribute('href', /\/api\/public\/markets\.atom\?lang=de&near=62219&km=100&from=/);
  const feed = await page.request.get((await follow.getAttribute('href'))!);
  expect(feed.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  const entry = /<entry><title>[^<]+<\/title><id>([^<]+)<\/id>/.exec(await feed.text())!;
  expect((await page.request.get(entry[1]!.replaceAll('&amp;', '&'))).status()).toBe(200);
  const total = Number(/\d+/.exec((await said(page).textContent())!)![0]);
  expect(shown).toBe(total);
  expect(dates.length).toBe(total);
  expect(dates).toEqual([...dates].sort());
  expect(dates.every((date) => date >= from)).toBe(true);
});

test('"near me" sends the nearest municipality’s code alone, and says what to do without a position', async ({
  browser,
}) => {
  const context = await browser.newContext({
    geolocation: { latitude: 47.2831, longitude: 15.9794 }, // Hartberg's Hauptplatz
    permissions: ['geolocation'],
    locale: 'de-AT',
  });
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (request) => asked.push(request.url() + (request.postData() ?? '')));
  await page.goto('/');
  await page.getByRole('button', { name: de('search.nearMe') }).click();
  await expect(page).toHaveURL(/\/verzeichnis\/suche\?q=&ort=62219$/);
  await expect(page.getByText('Im Umkreis von 20 km um Hartberg (8230)')).toBeVisible();
  // The position never left the browser: only the portal's own file of centres was fetched for it.
  expect(asked.filter((url) => /47\.28|15\.97/.test(url))).toEqual([]);
  expect(asked.filter((url) => !url.startsWith(new URL(page.url()).origin))).toEqual([]);
  await context.close();

  const refused = await browser.newContext({ permissions: [], locale: 'de-AT' });
  const other = await refused.newPage();
  await other.goto('/verzeichnis/suche');
  await other.getByRole('button', { name: de('search.nearMe') }).click();
  await expect(other.getByRole('status').filter({ hasText: de('search.nearMeFailed') })).toBeVisible();
  await expect(other).toHaveURL(/\/verzeichnis\/suche$/);
  await refused.close();
});

test('the days chosen last count: "Wann" after a search by dates, dates after "Wann"', async ({ page }) => {
  await page.goto('/verzeichnis/suche?ort=8230&von=2027-05-01&bis=2027-05-31');
  await page.getByLabel(de('search.when')).selectOption('wochenende');
  await expect(page.getByLabel(de('search.from'))).toHaveValue('');
  await page.getByRole('button', { name: de('search.submit') }).click();
  await expect(page).toHaveURL(/wann=wochenende/);
  await expect(page).not.toHaveURL(/von=2027/);
  await page.getByLabel(de('search.from')).fill('2027-06-01');
  await expect(page.getByLabel(de('search.when'))).toHaveValue('');
});
