import { expect, test } from './helpers/portal.ts';
import { logInAsDemo } from './helpers/demo.ts';
import { messages } from './helpers/messages.ts';

const m = messages('de');
/** A demo market no other test edits: the demo municipality is shared by every test, so nothing is added to it. */
const TITLE = 'Handwerksmarkt im Schlosspark';
const ACCESS = 'Stufenlos erreichbar, barrierefreies WC im Schloss, Bus 3 bis Schlosspark';

// Issue 16: a field declared once in src/lib/market-fields.ts is in the form with its label and example.
test('a clerk says how to get to a market and how accessible it is, and visitors get it', async ({ page }) => {
  await logInAsDemo(page);
  await page.goto('/maerkte');
  await page
    .getByRole('link', { name: `${m('market.edit')}: ${TITLE}` })
    .first()
    .click();
  let form = page.getByRole('form', { name: m('market.editHeading').replace('{{title}}', TITLE) });
  const access = form.getByLabel(m('market.field.accessInfo'));
  await expect(access).toHaveAccessibleDescription(m('market.field.accessInfoHint'));

  // Too long: said at the field when leaving it.
  await access.fill('x'.repeat(201));
  await access.blur();
  await expect(form.getByText(m('errors.too_long'))).toBeVisible();
  await access.fill(ACCESS);
  await expect(form.getByText(m('errors.too_long'))).toHaveCount(0);
  await form.getByRole('button', { name: m('saveBar.save') }).click();
  await expect(page.getByText(m('notice.saved')).first()).toBeVisible();

  const feed = (await (await page.request.get('/api/public/markets.json')).json()) as {
    data: { markets: { title: string; access_info: string }[] };
  };
  expect(feed.data.markets.find(({ title }) => title === TITLE)?.access_info).toBe(ACCESS);

  // After a reload (the address keeps the market, issue 19) the form shows what was saved; then the
  // demo market gets its empty field back.
  await page.reload();
  form = page.getByRole('form', { name: m('market.editHeading').replace('{{title}}', TITLE) });
  await expect(form.getByLabel(m('market.field.accessInfo'))).toHaveValue(ACCESS);
  await form.getByLabel(m('market.field.accessInfo')).fill('');
  await form.getByRole('button', { name: m('saveBar.save') }).click();
  await expect(page.getByText(m('notice.saved')).first()).toBeVisible();
});
