import { type Page } from '@playwright/test';
import { expect, test } from './helpers/portal.ts';
import sharp from 'sharp';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { logInAsDemo } from './helpers/demo.ts';
import { messages } from './helpers/messages.ts';

const m = messages('de');
/** A demo market no other test edits; it gets its photo taken away again at the end. */
const TITLE = 'Hartberger Frühjahrsmesse';
const ALT = 'Besucherinnen zwischen Messeständen in der Stadthalle';
const PUBLIC_WITHIN = 30_000;

/** Every report of the page's Content-Security-Policy in the console (Chromium: "Refused to load …"). */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|apply|execute|connect)/i.test(message.text())) {
      found.push(message.text());
    }
  });
  return found;
}

/** A phone-sized photo made here (no binary fixture): 2400 × 1600, sky over a meadow. */
const photo = () =>
  sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#87b5e0' } })
    .composite([
      {
        input: { create: { width: 2400, height: 700, channels: 3, background: '#4a8a3c' } },
        top: 900,
        left: 0,
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();

// Issue 20: upload, preview at once, focal point by click and keys, saved, published as <picture>.
test('a clerk uploads a photo, sets its focal point by click and keys, and visitors get AVIF and WebP', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(4 * PUBLIC_WITHIN);
  const editorViolations = cspViolations(page);
  await logInAsDemo(page);
  await page.goto('/maerkte');
  await page
    .getByRole('link', { name: `${m('market.edit')}: ${TITLE}` })
    .first()
    .click();
  const form = page.getByRole('form', { name: m('market.editHeading').replace('{{title}}', TITLE) });

  // A web page named .jpg: refused by its content, said in the clerk's language, nothing kept.
  await form.getByLabel(m('market.photo.choose')).setInputFiles({
    name: 'kein-foto.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('<!doctype html><title>no photo</title>'),
  });
  await expect(form.getByRole('alert').filter({ hasText: m('errors.not_an_image') })).toBeVisible();
  await expect(form.getByTestId('focal-picker')).toHaveCount(0);

  await form.getByLabel(m('market.photo.choose')).setInputFiles({
    name: 'messe.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(),
  });
  const picker = form.getByTestId('focal-picker');
  await expect(picker.locator('img')).toHaveAttribute('src', /^blob:/);
  await expect(picker.locator('img')).toHaveJSProperty('complete', true);
  expect(await picker.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2400);
  // Uploaded: the control now offers another photo, and the alt text is asked for.
  await expect(form.getByLabel(m('market.photo.replace'))).toBeEnabled({ timeout: 15_000 });
  await expect(form.getByText(`${m('market.field.imageAlt')} (${m('form.required')})`)).toBeVisible();

  const box = (await picker.boundingBox())!;
  await picker.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
  await expect(form.getByLabel(m('market.field.focalX'))).toHaveValue('25');
  await expect(form.getByLabel(m('market.field.focalY'))).toHaveValue('75');
  await picker.focus();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowUp');
  await expect(form.getByLabel(m('market.field.focalX'))).toHaveValue('28');
  await expect(form.getByLabel(m('market.field.focalY'))).toHaveValue('65');
  await expect(picker).toHaveAccessibleName(m('market.focalPicker').replace('{{x}}', '28').replace('{{y}}', '65'));

  await form.getByLabel(m('market.field.imageAlt')).fill(ALT);
  await expectNoAxeViolations(page);
  await picker.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/market-photo-form-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await picker.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/market-photo-form-390.png' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await form.getByRole('button', { name: m('saveBar.save') }).click();
  await expect(page.getByText(m('notice.saved')).first()).toBeVisible();
  const link = page.locator('.publish-notice').getByRole('link', { name: m('publish.link') });
  await expect(link).toBeVisible({ timeout: PUBLIC_WITHIN });
  const pagePath = (await link.getAttribute('href')) ?? '';

  // A visitor of its own (no session), in a context of its own as axe needs.
  const visitorContext = await browser.newContext({ baseURL: baseURL! });
  const visitor = await visitorContext.newPage();
  const visitorViolations = cspViolations(visitor);
  await visitor.goto(pagePath);
  const picture = visitor.locator('article picture');
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /-320\.avif 320w, .*-640\.avif 640w, .*\.avif 1280w$/,
  );
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /-640\.webp 640w/);
  const img = picture.locator('img');
  await expect(img).toHaveAttribute('alt', ALT);
  await expect(img).toHaveAttribute('width', '1280');
  await expect(img).toHaveAttribute('height', '853');
  // The browser chose AVIF from the portal's own origin.
  await expect
    .poll(() => img.evaluate((element: HTMLImageElement) => element.currentSrc))
    .toMatch(/\/markt-bilder\/.*\.avif$/);
  const avif = await visitor.request.get(await img.evaluate((element: HTMLImageElement) => element.currentSrc));
  expect(avif.headers()['content-type']).toBe('image/avif');
  expect(avif.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await expectNoAxeViolations(visitor);
  await visitor.screenshot({ path: 'test-results/market-photo-public-1280.png' });
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.screenshot({ path: 'test-results/market-photo-public-390.png', fullPage: true });
  await visitorContext.close();

  // The demo market as it was: the photo removed (and its files with the save).
  await form.getByRole('button', { name: m('market.photo.remove') }).click();
  await form.getByRole('button', { name: m('saveBar.save') }).click();
  await expect(page.getByText(m('notice.saved')).first()).toBeVisible();
  expect(editorViolations).toEqual([]);
  expect(visitorViolations).toEqual([]);
});
