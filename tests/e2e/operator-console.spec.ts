import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { expect, test } from './helpers/portal.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { tabTo, typeInto } from './helpers/keyboard.ts';
import { messages } from './helpers/messages.ts';
import { logInAsOperator, OPERATOR } from './helpers/operator-account.ts';
import { linkFromMail } from './helpers/outbox.ts';

const m = messages('de');
const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((result, [key, value]) => result.replace(`{{${key}}}`, String(value)), text);
const MUNICIPALITIES = 'src/server/master-data/gemliste_knz.csv';
const DISTRICTS = 'src/server/master-data/polbezirke.csv';

/** The console, which logs no error on its way in: no campaign yet is an answer, not a 404 (issue 55). */
async function openConsole(page: Page): Promise<void> {
  await logInAsOperator(page);
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  await page.goto('/verwaltung');
  await expect(page.getByRole('heading', { level: 2, name: m('operator.nightly.heading') })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
}

/** Each panel at a desktop's and a phone's width, for the reviewer's eye (not compared). */
async function photograph(page: Page, name: string, heading?: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const path = `test-results/console-${name}-${width}.png`;
    if (heading) await page.getByRole('region', { name: m(heading), exact: true }).screenshot({ path });
    else await page.screenshot({ path });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

// Issue 22: the console's screens for the calls the command line had alone, keyboard only, axe clean.
test('quotas: a municipality’s limits beside the defaults, one changed', async ({ page }) => {
  await openConsole(page);
  await typeInto(page, page.getByLabel(m('operator.quotas.gkz')), '62219');
  await page.keyboard.press('Enter');
  const table = page.getByRole('table', { name: fill(m('operator.quotas.of'), { gkz: '62219' }) });
  await expect(table).toContainText('30.000');
  await expectNoAxeViolations(page);
  const limit = page.getByLabel(fill(m('operator.quotas.newLimit'), { quota: m('operator.quotas.markets') }));
  await tabTo(page, limit);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('260');
  await page.keyboard.press('Enter');
  const changed = fill(m('operator.quotas.changed'), { quota: m('operator.quotas.markets'), value: 260 });
  await expect(page.getByRole('status').filter({ hasText: changed })).toBeVisible();
  await photograph(page, 'quotas', 'operator.quotas.heading');
  await tabTo(page, page.getByLabel(m('operator.quotas.gkz')), 20, 'Shift+Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(m('operator.quotas.gkz'))).toHaveAccessibleDescription(/GKZ/);
  await expectNoAxeViolations(page);
});

test('municipalities: from login to a Styrian municipality’s quotas in three steps; all 286 paged (issue 55)', async ({
  page,
}) => {
  // 1: the login, which opens the console's overview for an operator.
  await page.goto('/anmelden');
  const login = page.getByRole('form', { name: m('login.heading') });
  await typeInto(page, login.getByLabel(m('account.email')), OPERATOR.email);
  await typeInto(page, login.getByLabel(m('account.password'), { exact: true }), OPERATOR.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/verwaltung$/);
  const overview = page.getByRole('region', { name: m('operator.overview.heading') });
  await expect(overview.getByRole('heading', { name: m('operator.overview.auditHeading') })).toBeVisible();
  await expect(overview).toContainText(m('operator.overview.noneWaiting'));
  await expectNoAxeViolations(page);
  await photograph(page, 'overview', 'operator.overview.heading');
  // 2: the state's municipalities, in Austrian order with their total.
  await typeInto(page, page.getByLabel(m('operator.accounts.search')), 'Steiermark');
  await page.keyboard.press('Enter');
  const pages = 12; // 286 at 25 a page
  await expect(page.getByText(fill(m('operator.accounts.found.other'), { count: 286, page: 1, pages }))).toBeVisible();
  const table = (n: number) =>
    page.getByRole('table', { name: fill(m('operator.accounts.table'), { page: n, pages }) });
  await expect(table(1).getByRole('row').nth(1)).toContainText('Admont');
  await expectNoAxeViolations(page);
  await photograph(page, 'municipalities', 'operator.accounts.heading');

  // Every one of the 286, each once, page by page by keyboard.
  const seen = new Set<string>();
  const next = page.getByRole('button', { name: m('operator.accounts.next') });
  for (let n = 1; n <= pages; n += 1) {
    const rows = table(n).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    for (const code of await rows.locator('td:nth-of-type(1)').allTextContents()) seen.add(code);
    if (n < pages) {
      await tabTo(page, next, 200);
      await page.keyboard.press('Enter');
    }
  }
  expect(seen.size).toBe(286);
  await expect(next).toBeDisabled();

  // 3: a municipality's own page, from its row: its addresses and its quotas.
  const row = table(pages).locator('tbody tr').first();
  const [name, gkz] = [await row.locator('th').innerText(), await row.locator('td').first().innerText()];
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/verwaltung/gemeinde/${gkz}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} (${gkz})`);
  await expect(page.getByRole('region', { name: fill(m('operator.quotas.of'), { gkz }) })).toContainText('30.000');
  await expect(page.getByLabel(m('operator.quotas.gkz'))).toHaveCount(0);
  await expectNoAxeViolations(page);
  await photograph(page, 'municipality');
});

test('accounts: allow a new address, then disable its user after the dialog says what that does', async ({
  page,
  browser,
}) => {
  await openConsole(page);
  await typeInto(page, page.getByLabel(m('operator.accounts.search')), '62219');
  await page.keyboard.press('Enter');
  // Issue 55: the municipality's own page, from its row in the table.
  await page.getByRole('link', { name: 'Hartberg', exact: true }).click();
  await expect(page).toHaveURL(/\/verwaltung\/gemeinde\/62219$/);
  const address = 'wochenmarkt@hartberg.example';
  await typeInto(page, page.getByLabel(fill(m('operator.accounts.allowLabel'), { name: 'Hartberg' })), address);
  await page.keyboard.press('Enter');
  const allowed = fill(m('operator.accounts.allowed'), { email: address, name: 'Hartberg' });
  await expect(page.getByRole('status').filter({ hasText: allowed })).toBeVisible();

  const clerk = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const password = 'Marktamt-Passwort-2027';
  const registered = await clerk.request.post('/api/register', {
    form: { email: address, password, password_repeat: password, lang: 'de' },
  });
  expect(registered.status()).toBe(202);
  // Issue 49: the account, and the clerk's session, come with the confirmation in the registering browser.
  const token = (await linkFromMail(address, m('mail.confirm.subject'))).split('/anmelden/')[1] ?? '';
  expect((await clerk.request.post('/api/confirm_email', { form: { token } })).status()).toBe(200);
  await page.reload();
  const disable = page.getByRole('button', { name: fill(m('operator.accounts.disable'), { email: address }) });
  await tabTo(page, disable, 80);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: fill(m('operator.accounts.disableTitle'), { email: address }) });
  await expect(dialog).toContainText(fill(m('operator.accounts.disableText'), { email: address }));
  await expect(dialog.getByRole('button', { name: m('dialog.cancel') })).toBeFocused();
  await expectNoAxeViolations(page);
  await photograph(page, 'disable-dialog');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  const done = fill(m('operator.accounts.disabledDone'), { email: address, count: 1 });
  await expect(page.getByRole('status').filter({ hasText: done })).toBeVisible();
  expect((await clerk.request.get('/api/campaign')).status()).toBe(401);
  const login = await clerk.request.post('/api/login', { form: { email: address, password } });
  expect(login.status()).not.toBe(200);
  await expectNoAxeViolations(page);
  await photograph(page, 'accounts', 'operator.municipality.addresses');

  // Withdrawing the address asks first as well: Escape keeps it, the dialog's first button withdraws it.
  const disallow = page.getByRole('button', { name: fill(m('operator.accounts.disallow'), { email: address }) });
  await tabTo(page, disallow, 80);
  await page.keyboard.press('Enter');
  const withdraw = page.getByRole('dialog', { name: fill(m('operator.accounts.disallowTitle'), { email: address }) });
  await expect(withdraw).toContainText(m('operator.accounts.disallowText'));
  await expect(withdraw.getByRole('button', { name: m('dialog.cancel') })).toBeFocused();
  await expect(withdraw).toHaveAccessibleDescription(m('operator.accounts.disallowText'));
  await expectNoAxeViolations(page);
  await photograph(page, 'disallow-dialog');
  await page.keyboard.press('Escape');
  await expect(withdraw).toBeHidden();
  await expect(disallow).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(withdraw).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  const withdrawn = fill(m('operator.accounts.disallowed'), { email: address });
  await expect(page.getByRole('status').filter({ hasText: withdrawn })).toBeVisible();
  await expect(disallow).toBeHidden();
  await expect(page.getByLabel(fill(m('operator.accounts.allowLabel'), { name: 'Hartberg' }))).toBeFocused();
});

test('master data: two lists chosen, a preview of what changes, applied, and back', async ({ page }) => {
  await openConsole(page);
  const original = await readFile(MUNICIPALITIES, 'utf8');
  // Lannach renamed, Rust dropped from the list (issue 55: a removal is shown, and what stays of it).
  const renamed = original.replace('60318;Lannach;', '60318;Lannach am Test;').replace(/^10201;Rust;.*\n/m, '');
  const choose = async (list: string, name: string, text: string) =>
    page.getByLabel(m(list)).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  const previewAndApply = async (count: number, ...after: string[]) => {
    await tabTo(page, page.getByRole('button', { name: m('operator.masterData.preview'), exact: true }), 120);
    await page.keyboard.press('Enter');
    const changes = page.getByRole('table', { name: fill(m('operator.masterData.changes'), { count }) });
    for (const text of after) await expect(changes).toContainText(text);
    await expectNoAxeViolations(page);
    if (count === 2) await photograph(page, 'master-data', 'operator.masterData.heading');
    await tabTo(page, page.getByRole('button', { name: m('operator.masterData.apply') }));
    await page.keyboard.press('Enter');
    const applied = fill(m(`operator.masterData.applied.${count === 1 ? 'one' : 'other'}`), { count });
    await expect(page.getByRole('status').filter({ hasText: applied })).toBeVisible();
  };
  // A file is chosen in the system's own dialog, which Playwright stands in for.
  await choose('operator.masterData.municipalitiesFile', 'gemliste_knz.csv', renamed);
  await choose('operator.masterData.districtsFile', 'polbezirke.csv', await readFile(DISTRICTS, 'utf8'));
  await expect(page.getByLabel(m('operator.masterData.municipalities'))).toHaveValue(/Lannach am Test/);
  await previewAndApply(
    2,
    'Lannach am Test, 8502 (603)',
    m('operator.masterData.change.renamed'),
    m('operator.masterData.change.removed'),
    m('operator.masterData.notListed'),
  );
  await choose('operator.masterData.municipalitiesFile', 'gemliste_knz.csv', original);
  await previewAndApply(1, 'Lannach, 8502 (603)');
});

// Issue 54: one spreadsheet for municipalities of Tyrol and Vorarlberg, which no other test counts.
test('markets of several municipalities: a spreadsheet with a GKZ column, a preview per municipality, applied', async ({
  page,
}) => {
  await openConsole(page);
  const year = new Date().getFullYear() + 1;
  const template = await page.request.get('/api/import_template.csv?lang=de&municipalities=1');
  const [header] = (await template.text()).replace('\uFEFF', '').split('\r\n');
  const sheet = [
    header,
    `70101;;Innsbrucker Christkindlmarkt;Weihnachtsmarkt;27.11.${year};;11:00;21:00;Altstadt;;`,
    `80101;;Bartholomäberger Kirtag;Kirtag;15.08.${year};;10:00;22:00;Kirchplatz;;`,
    `99999;;Markt im Nirgendwo;Kirtag;15.08.${year};;;;;;`,
  ].join('\r\n');
  const panel = page.getByRole('region', { name: m('operator.import.heading'), exact: true });
  const file = panel.getByLabel(m('operator.import.file'));
  await tabTo(page, file, 200);
  // The file is chosen in the system's own dialog, which Playwright stands in for (as the master data's).
  await file.setInputFiles({ name: 'gemeinden.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
  await tabTo(page, panel.getByRole('button', { name: m('operator.import.preview') }));
  await page.keyboard.press('Enter');
  for (const name of ['Innsbruck (70101)', 'Bartholomäberg (80101)', m('operator.import.noMunicipality')])
    await expect(panel.getByRole('heading', { level: 4, name })).toBeVisible();
  await expect(panel).toContainText('Eine Gemeinde mit der Kennziffer „99999“ gibt es nicht.');
  await expectNoAxeViolations(page);
  await photograph(page, 'import', 'operator.import.heading');
  await tabTo(page, panel.getByRole('button', { name: fill(m('import.apply'), { count: 2 }) }));
  await page.keyboard.press('Enter');
  const done = fill(m('operator.import.done'), { markets: 2, municipalities: 2 });
  await expect(panel.getByRole('status').filter({ hasText: done })).toBeVisible();
  const log = page.getByRole('region', { name: m('operator.audit.heading'), exact: true });
  await expect(log.getByRole('listitem').first()).toContainText(m('operator.audit.action.import_markets'));
});

test('the last nightly run: none yet on a new portal', async ({ page }) => {
  await openConsole(page);
  const nightly = page.getByRole('region', { name: m('operator.nightly.heading') });
  await expect(nightly.getByText(m('operator.nightly.none'))).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the audit log: the latest entries, then older ones on request, keyboard only', async ({ page }) => {
  await openConsole(page);
  for (let value = 300; value < 330; value += 1) {
    const answer = await page.request.post('/api/operator/set_quota', {
      form: { gkz: '62219', name: 'dates-per-market', value: String(value) },
    });
    expect(answer.status()).toBe(200);
  }
  await page.reload();
  const log = page.getByRole('region', { name: m('operator.audit.heading'), exact: true });
  const entries = log.getByRole('listitem');
  await expect(entries).toHaveCount(25);
  await expect(entries.first()).toContainText(`${m('operator.audit.action.set_quota')} · 62219`);
  // Issue 55: in Vienna time, as the console's language writes it (04.12.2026, 20:52), not UTC.
  await expect(entries.first()).toHaveText(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d · /);
  await expect(log).not.toContainText('UTC');
  await tabTo(page, log.getByRole('button', { name: m('operator.audit.older') }), 200);
  await page.keyboard.press('Enter');
  await expect(entries.nth(25)).toBeFocused();
  expect(await entries.count()).toBeGreaterThan(25);
  await expectNoAxeViolations(page);
  await photograph(page, 'audit', 'operator.audit.heading');
});

/**
 * German words of the locale file that neither other language uses: none of them may show in the
 * English or French console, whose only German is proper names (municipalities, districts).
 */
function germanOnlyWords(): Set<string> {
  const words = (locale: string) =>
    new Set(
      Object.values(JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8')) as Record<string, string>)
        .join(' ')
        .match(/\p{L}{5,}/gu) ?? [],
    );
  const [de, en, fr] = ['de', 'en', 'fr'].map(words) as [Set<string>, Set<string>, Set<string>];
  return new Set([...de].filter((word) => !en.has(word) && !fr.has(word)));
}

for (const locale of ['en', 'fr'] as const) {
  test(`the console in ${locale} shows no German word but proper names (issue 55)`, async ({ page }) => {
    await logInAsOperator(page);
    await page.goto(`/${locale}/verwaltung`);
    await expect(page.locator('#operator-search')).toBeVisible();
    await page.locator('#operator-search').fill('Hartberg');
    await page.keyboard.press('Enter');
    await expect(page.locator('#municipalities-caption')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const german = germanOnlyWords();
    const shown = (await page.locator('body').innerText()).match(/\p{L}{5,}/gu) ?? [];
    // Proper names: the site's (its configured title), the municipalities', the districts'.
    const proper = await page.evaluate(() =>
      [...document.querySelectorAll('.brand, tbody th, tbody td:nth-of-type(2), .operator-list h3')].map(
        (cell) => cell.textContent ?? '',
      ),
    );
    const names = new Set(proper.join(' ').match(/\p{L}{5,}/gu) ?? []);
    expect([...new Set(shown)].filter((word) => german.has(word) && !names.has(word))).toEqual([]);
  });
}
