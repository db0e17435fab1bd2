import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Page } from '@playwright/test';
import { expect, test } from './helpers/portal.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { logInAsDemo } from './helpers/demo.ts';
import { messages } from './helpers/messages.ts';

const m = messages('de');

/**
 * Issue 23, accept 1: a municipality's website (another origin: a second loopback port) pastes the
 * one-line snippet; the frame shows the demo markets with their next dates, grows to fit, passes
 * axe, and never shows the hidden market.
 */
const snippet = (portal: string) =>
  `<script src="${portal}/einbetten.js" data-gkz="62219" data-lang="de" async></script>`;
const websiteOf = (portal: string) => `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Stadtgemeinde Hartberg</title></head>
<body><main><h1>Märkte in unserer Stadt</h1><p>Unsere Märkte:</p>${snippet(portal)}<p>Ende der Seite.</p></main></body></html>`;

let website: Server;
let websiteUrl = '';
test.beforeAll(async ({ portal }) => {
  website = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(websiteOf(portal.url));
  });
  await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
  websiteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}/`;
});
test.afterAll(() => new Promise<void>((resolve) => website.close(() => resolve())));

async function openWebsite(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(websiteUrl);
  const frame = page.frameLocator('iframe[title="Märkte und ihre nächsten Termine"]');
  await expect(frame.getByRole('heading', { level: 1, name: 'Märkte in Hartberg' })).toBeVisible();
  return frame;
}

/** The frame's height on the page and the height of the list inside it, once they agree. */
async function expectFrameFitsList(page: Page) {
  const iframe = page.locator('iframe');
  const list = page.frames().find((frame) => frame.url().includes('/einbetten/62219'))!;
  await expect
    .poll(async () => {
      const outer = (await iframe.boundingBox())?.height ?? 0;
      const inner = await list.evaluate(() => document.documentElement.getBoundingClientRect().height);
      return Math.abs(outer - Math.ceil(inner));
    })
    .toBeLessThanOrEqual(1);
  return { iframe, list };
}

test('the snippet on another site shows the demo markets with their next dates, fits and passes axe', async ({
  page,
}) => {
  const frame = await openWebsite(page, 1280);
  const items = frame.getByRole('listitem');
  await expect(items.first()).toBeVisible();
  for (const title of ['Bauernmarkt am Hauptplatz', 'Hartberger Adventmarkt', 'Kirtag zu Maria Himmelfahrt']) {
    const item = items.filter({ hasText: title });
    await expect(item).toContainText('Nächster Termin:');
    await expect(item.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\d$/);
    const link = item.getByRole('link', { name: title });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener');
    await expect(link).toHaveAttribute('href', /^\/verzeichnis\/steiermark\/hartberg-fuerstenfeld\/hartberg\//);
  }
  await expect(frame.getByText('Pferde- und Kleintiermarkt')).toHaveCount(0);

  // Grown from the loader's first 24em to the list's height, with nothing to scroll inside.
  const { iframe, list } = await expectFrameFitsList(page);
  expect((await iframe.boundingBox())!.height).toBeGreaterThan(400);
  expect(await list.evaluate(() => document.cookie + localStorage.length)).toBe('0');
  await page.screenshot({ path: 'test-results/embed-1280.png', fullPage: true });
  await expectNoAxeViolations(page);

  // A message from anyone but the list's frame is ignored.
  const height = (await iframe.boundingBox())!.height;
  await page.evaluate(() => window.postMessage({ type: 'marktverzeichnis:height', height: 5 }, '*'));
  await page.waitForTimeout(200);
  expect((await iframe.boundingBox())!.height).toBe(height);
});

test('the list opened alone has its main landmark and asks for nothing that is not there (issue 55)', async ({
  page,
}) => {
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/einbetten/62219');
  await expect(page.getByRole('main', { name: 'Märkte in Hartberg' })).toBeVisible();
  // The browser asks for the page's icon after the page: it has come once the page's requests are done.
  await page.waitForLoadState('networkidle');
  expect(missing).toEqual([]);
  // Without an icon of its own a browser asks for /favicon.ico, which is not there (a 404 in validators' logs).
  await expect(page.locator('link[rel="icon"]')).toHaveCount(1);
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect((await page.request.get(icon ?? '')).status()).toBe(200);
});

for (const width of [390, 280]) {
  test(`the list is readable at ${width} px wide and follows the width`, async ({ page }) => {
    await openWebsite(page, width);
    const { list } = await expectFrameFitsList(page);
    const overflow = await list.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/embed-${width}.png`, fullPage: true });
  });
}

test('the clerk finds the snippet, copies it and sees the list as the website will', async ({
  page,
  context,
  portal,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await logInAsDemo(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/maerkte');
    const section = page.getByRole('region', { name: m('embedSnippet.heading') });
    const code = section.getByLabel(m('embedSnippet.label'));
    await expect(code).toHaveValue(snippet(portal.url));
    const preview = section.frameLocator(`iframe[title="${m('embedSnippet.frameTitle')}"]`);
    await expect(preview.getByRole('link', { name: 'Bauernmarkt am Hauptplatz' })).toBeVisible();
    await section.getByRole('button', { name: m('embedSnippet.copy') }).click();
    await expect(page.getByText(m('embedSnippet.copied'))).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.inputValue());
    // The preview grows to its list as the loader makes the frame grow on the website.
    await expect.poll(async () => (await section.locator('iframe').boundingBox())?.height ?? 0).toBeGreaterThan(400);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/embed-snippet-${width}.png` });
    if (width === 1280) await expectNoAxeViolations(page);
  }
});
