import { expect, test } from '@playwright/test';
import { logInAsDemo } from './helpers/demo.ts';
import { messages } from './helpers/messages.ts';

const m = messages('de');
const NEXT_YEAR = new Date().getFullYear() + 1;
const TITLE = 'Flohmarkt im Pfarrhof';
const ACCESS = 'Stufenlos erreichbar, barrierefreies WC im Pfarrheim, Bus 3 bis Kirchplatz';

// Issue 16: a field declared once in src/lib/market-fields.ts is in the form with its label and example.
test('a clerk says how to get to a market and how accessible it is, and visitors get it', async ({ page }) => {
  test.setTimeout(60_000);
  await logInAsDemo(page);
  await page.goto('/maerkte');
  await page.getByRole('button', { name: m('markets.new') }).click();
  const form = page.getByRole('form', { name: m('market.newHeading') });
  await form.getByLabel(m('market.field.title')).fill(TITLE);
  await form.getByLabel(m('market.field.type')).selectOption('gelegenheitsmarkt');
  const access = form.getByLabel(m('market.field.accessInfo'));
  await expect(access).toHaveAccessibleDescription(m('market.field.accessInfoHint'));

  // Too long: said at the field when leaving it.
  await access.fill('x'.repeat(201));
  await access.blur();
  await expect(form.getByText(m('errors.too_long'))).toBeVisible();
  await access.fill(ACCESS);
  await expect(form.getByText(m('errors.too_long'))).toHaveCount(0);
  await form.getByLabel(m('marketDate.field.dateStart')).fill(`${NEXT_YEAR}-05-02`);
  await form.getByRole('button', { name: m('saveBar.save') }).click();
  await expect(page.getByText(m('notice.saved')).first()).toBeVisible();

  const feed = (await (await page.request.get(`/api/public/markets.json?year=${NEXT_YEAR}`)).json()) as {
    data: { markets: { title: string; access_info: string }[] };
  };
  expect(feed.data.markets.find(({ title }) => title === TITLE)?.access_info).toBe(ACCESS);

  // After a reload the form shows what was saved.
  await page.reload();
  await page.getByLabel(String(NEXT_YEAR)).check();
  await page.getByRole('button', { name: `${m('market.edit')}: ${TITLE}` }).click();
  const edit = page.getByRole('form', { name: m('market.editHeading').replace('{{title}}', TITLE) });
  await expect(edit.getByLabel(m('market.field.accessInfo'))).toHaveValue(ACCESS);
});
