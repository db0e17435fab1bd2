import type { Locator, Page } from '@playwright/test';

type Text = (key: string) => string;
/** What to do on the page before the picture, by role and label as the e2e tests do, so it survives restyling. */
type Step = (page: Page, text: Text) => Promise<unknown>;

/** One screen of the portal as `npm run screenshots` takes it. */
export interface Screen {
  /** File name part and the caption's key: "market-weekly". */
  id: string;
  title: string;
  /** Without language prefix; the script adds /en and /fr. */
  path: string;
  /** Key screens are taken in every language, the others in German only. */
  everyLanguage?: boolean;
  /** Needs the demo clerk's session. */
  loggedIn?: boolean;
  /** Shows the cookie notice (every other screen is taken after the visitor chose). */
  consentOpen?: boolean;
  /** Opens this demo market's form from the list first. */
  market?: string;
  /** ... and then this view of it (issue 53: details, dates, history each have their address). */
  view?: 'dates' | 'history';
  act?: Step;
  /** Only this part of the page is taken (a form section, a table), else the whole page. */
  part?: (page: Page, text: Text) => Locator;
  /** Only what the window shows (a dialog over the page, the open menu), not the whole page. */
  window?: boolean;
}

const PLACE = '/verzeichnis/steiermark/hartberg-fuerstenfeld/hartberg';
const IMPORT = '/maerkte?markt=importieren';
const WEEKLY = 'Bauernmarkt am Hauptplatz';
const ADVENT = 'Hartberger Adventmarkt';
const KIRTAG = 'Kirtag zu Maria Himmelfahrt';
const MONTHLY = 'Monatsmarkt im Ökopark';
const NEXT_YEAR = new Date().getFullYear() + 1;

/** The market list's "Bearbeiten" of one market. */
export async function openMarketForm(page: Page, text: Text, title: string, view?: Screen['view']): Promise<void> {
  await page.getByRole('link', { name: `${text('market.edit')}: ${title}` }).click();
  await page.getByRole('form', { name: text('market.editHeading').replace('{{title}}', title) }).waitFor();
  if (view) await showView(page, text, view);
}

async function showView(page: Page, text: Text, view: 'details' | 'dates' | 'history'): Promise<void> {
  const views = page.getByRole('navigation', { name: text('market.views') });
  await views.getByRole('link', { name: text(`market.view.${view}`), exact: true }).click();
  await views.locator('[aria-current="page"]', { hasText: text(`market.view.${view}`) }).waitFor();
}

const formSection = (key: string) => (page: Page, text: Text) =>
  page.locator('.form-section', { has: page.getByRole('heading', { name: text(key), exact: true }) });
const dateTable = (page: Page, text: Text) =>
  page.getByRole('region', { name: new RegExp(`^${text('marketDate.heading').split(' ')[0]} `) });
const dialog = (page: Page) => page.getByRole('dialog');
const click = (role: 'button' | 'link', key: string) => (page: Page, text: Text) =>
  page
    .getByRole(role, { name: text(key), exact: true })
    .first()
    .click();
/** A change that differs from what is stored whichever screen ran before, so the save area always shows. */
const changeFloor = async (page: Page, text: Text) => {
  const floor = page.getByLabel(text('market.field.floor'), { exact: true });
  await floor.fill((await floor.inputValue()) === 'Erdgeschoss' ? '1. Stock' : 'Erdgeschoss');
};

/** The header's menu: a disclosure (<details>), a button on phones only. */
const openMenu = async (page: Page) => {
  const summary = page.locator('.site-menu > summary');
  if (await summary.isVisible()) await summary.click();
};

export const PUBLIC_SCREENS: Screen[] = [
  { id: 'home-consent', title: 'Home with the cookie notice', path: '/', consentOpen: true },
  { id: 'home', title: 'Home', path: '/', everyLanguage: true },
  { id: 'info', title: 'Info', path: '/info' },
  { id: 'directory', title: 'Directory: states', path: '/verzeichnis', everyLanguage: true },
  { id: 'state', title: 'Directory: a state', path: '/verzeichnis/steiermark' },
  { id: 'state-empty', title: 'Directory: a state without markets', path: '/verzeichnis/kaernten' },
  { id: 'district', title: 'Directory: a district', path: '/verzeichnis/steiermark/hartberg-fuerstenfeld' },
  { id: 'municipality', title: 'Directory: a municipality', path: PLACE, everyLanguage: true },
  {
    id: 'market-weekly',
    title: 'Market page: weekly market',
    path: `${PLACE}/bauernmarkt-am-hauptplatz`,
    everyLanguage: true,
  },
  { id: 'market-monthly', title: 'Market page: monthly market', path: `${PLACE}/monatsmarkt-im-oekopark` },
  { id: 'market-event', title: 'Market page: Advent market', path: `${PLACE}/hartberger-adventmarkt` },
  { id: 'search', title: 'Search for "markt"', path: '/verzeichnis/suche?q=markt', everyLanguage: true },
  { id: 'imprint', title: 'Imprint', path: '/seite/impressum' },
  { id: 'privacy', title: 'Privacy policy', path: '/seite/datenschutz', everyLanguage: true },
  { id: 'accessibility', title: 'Accessibility statement', path: '/seite/barrierefreiheit' },
  { id: 'terms', title: 'Terms of use', path: '/seite/nutzungsbedingungen' },
  { id: 'not-found', title: 'Page not found (404)', path: '/gibt-es-nicht', everyLanguage: true },
  { id: 'menu-open', title: 'Header with the menu open (phone)', path: '/', window: true, act: openMenu },
  {
    id: 'public-signed-in',
    title: 'A public page for a logged-in clerk (on a phone with the menu open)',
    path: '/verzeichnis',
    loggedIn: true,
    window: true,
    act: openMenu,
  },
];

export const ACCOUNT_SCREENS: Screen[] = [
  { id: 'login', title: 'Login and registration', path: '/anmelden', everyLanguage: true },
  {
    id: 'login-refused',
    title: 'Registration with an address not on file',
    path: '/anmelden',
    everyLanguage: true,
    act: async (page, text) => {
      const form = page.getByRole('form', { name: text('register.heading') });
      await form.getByLabel(text('account.email'), { exact: true }).fill('jemand@anderswo.example');
      await form.getByLabel(text('account.password'), { exact: true }).fill('Marktplatz im Mai 2027');
      await form.getByLabel(text('account.passwordRepeat'), { exact: true }).fill('Marktplatz im Mai 2027');
      await form.getByRole('button', { name: text('register.submit') }).click();
      await form.getByRole('alert').filter({ hasText: /\S/ }).waitFor();
    },
  },
  { id: 'forgot-password', title: 'Forgot password', path: '/anmelden', act: click('button', 'login.forgotPassword') },
];

export const EDITING_SCREENS: Screen[] = [
  { id: 'markets', title: 'Markets list and municipality data', path: '/maerkte', loggedIn: true, everyLanguage: true },
  {
    id: 'change-password',
    title: 'Account: change the password',
    path: '/maerkte',
    loggedIn: true,
    act: click('button', 'account.changePassword'),
  },
  { id: 'market-form', title: 'Market form (all sections)', path: '/maerkte', loggedIn: true, market: WEEKLY },
  ...(
    [
      ['basics', 'market.section.basics'],
      ['schedule', 'market.section.schedule'],
      ['place', 'market.section.place'],
      ['visibility', 'market.section.visibility'],
    ] as const
  ).map(([name, key]): Screen => ({
    id: `form-${name}`,
    title: `Market form: section "${name}"`,
    path: '/maerkte',
    loggedIn: true,
    everyLanguage: name === 'schedule',
    market: WEEKLY,
    part: formSection(key),
  })),
  {
    id: 'form-new',
    title: 'A new market: the form with its first date and a refused field',
    path: '/maerkte',
    loggedIn: true,
    act: async (page, text) => {
      await click('link', 'markets.new')(page, text);
      const phone = page.getByLabel(text('market.field.phone'), { exact: true });
      await phone.fill('03332 6030');
      await phone.blur();
    },
  },
  {
    id: 'market-dates',
    title: 'Date table of a weekly market, past dates open',
    path: '/maerkte',
    loggedIn: true,
    everyLanguage: true,
    market: WEEKLY,
    view: 'dates',
    act: (page, text) => dateTable(page, text).locator('summary').click(),
    part: dateTable,
  },
  {
    id: 'market-views',
    title: "A market's dates, a view of its own address under the market's heading (issue 53)",
    path: '/maerkte',
    loggedIn: true,
    everyLanguage: true,
    market: WEEKLY,
    view: 'dates',
    window: true,
  },
  {
    id: 'date-form',
    title: 'Changing one date',
    path: '/maerkte',
    loggedIn: true,
    market: WEEKLY,
    view: 'dates',
    act: (page, text) =>
      dateTable(page, text)
        .getByRole('button', { name: new RegExp(`^${text('marketDate.edit')} `) })
        .first()
        .click(),
    part: dateTable,
  },
  {
    id: 'date-days',
    title: 'Cancelling or changing some days of a date of several days (issue 53)',
    path: '/maerkte',
    loggedIn: true,
    everyLanguage: true,
    market: ADVENT,
    view: 'dates',
    act: (page, text) =>
      dateTable(page, text)
        .getByRole('button', { name: new RegExp(`^${text('marketDate.days.open')} `) })
        .first()
        .click(),
    part: dateTable,
  },
  {
    id: 'rule-yearly',
    title: 'A yearly rule: the Kirtag on the Sunday on or after the Assumption, with its preview (issue 53)',
    path: '/maerkte',
    loggedIn: true,
    everyLanguage: true,
    market: KIRTAG,
    act: async (page, text) => {
      await page.getByLabel(text('market.schedule.regular'), { exact: true }).check();
      await page.getByLabel(text('market.rule.freq'), { exact: true }).selectOption('yearly');
      await page.getByLabel(text('market.rule.yearlyBy.feast'), { exact: true }).check();
      await page.getByLabel(text('market.rule.weekday'), { exact: true }).selectOption('SU');
      await page.getByLabel(text('market.rule.relation'), { exact: true }).selectOption('on_or_after');
      await page.getByLabel(text('market.rule.feast'), { exact: true }).selectOption('08-15');
      await page.getByLabel(text('market.rule.days'), { exact: true }).selectOption('2');
    },
    part: (page) => page.locator('fieldset:has(> .rule-fields)'),
  },
  {
    id: 'rule-season',
    title:
      'A season every year (March to November) and a holiday that moves a date to the working day before (issue 53)',
    path: '/maerkte',
    loggedIn: true,
    everyLanguage: true,
    market: MONTHLY,
    act: async (page, text) => {
      await page.getByLabel(text('market.rule.skipHolidays'), { exact: true }).check();
      await page.getByLabel(text('market.rule.holidayShift'), { exact: true }).selectOption('before');
    },
    part: (page, text) =>
      page
        .locator('form')
        .filter({ has: page.getByText(text('market.season')) })
        .first(),
  },
  {
    id: 'error-summary',
    title: "A refused date: the error summary at the form's top and the message at its field (issue 53)",
    path: '/maerkte',
    loggedIn: true,
    everyLanguage: true,
    market: MONTHLY,
    view: 'dates',
    act: async (page, text) => {
      await click('button', 'marketDate.add')(page, text);
      const form = page.locator('form.date-form');
      await form.getByLabel(text('marketDate.field.dateStart'), { exact: false }).first().fill(`${NEXT_YEAR}-12-10`);
      await form.getByLabel(text('market.rule.timeFrom'), { exact: true }).fill('16:00');
      await form.getByLabel(text('market.rule.timeTo'), { exact: true }).fill('08:00');
      await form.getByRole('button', { name: text('marketDate.save') }).click();
    },
    part: (page) => page.locator('form.date-form'),
  },
  {
    id: 'campaign-checklist',
    title: 'The update campaign as a checklist: what needs a look, and what "confirm all" leaves open (issue 53)',
    path: '/maerkte',
    loggedIn: true,
    everyLanguage: true,
    act: async (page, text) => {
      // The screenshot portal runs no campaign: the clerk's view of one is answered here.
      const campaign = { year: NEXT_YEAR, deadline: `${NEXT_YEAR}-01-15`, status: 'not_yet', markets: {} };
      await page.route('**/api/campaign', (route) => route.fulfill({ json: { data: { campaign } } }));
      await page.reload();
      await page.getByRole('button', { name: text('campaign.confirmAll'), exact: true }).click();
      await page.locator('.campaign-review').waitFor();
    },
    part: (page) => page.locator('.campaign-banner'),
  },
  {
    id: 'save-area',
    title: 'The save area after a change',
    path: '/maerkte',
    loggedIn: true,
    market: KIRTAG,
    act: changeFloor,
    part: (page, text) => page.getByRole('region', { name: text('saveBar.label') }),
  },
  {
    id: 'toast',
    title: 'Toast after saving',
    path: '/maerkte',
    loggedIn: true,
    market: KIRTAG,
    window: true,
    act: async (page, text) => {
      await changeFloor(page, text);
      await click('button', 'saveBar.save')(page, text);
      await page.locator('.notice').first().waitFor();
    },
  },
  {
    id: 'history',
    title: "A market's history of changes, a view of its own (issue 53)",
    path: '/maerkte',
    loggedIn: true,
    everyLanguage: true,
    market: KIRTAG,
    act: async (page, text) => {
      await changeFloor(page, text);
      await click('button', 'saveBar.save')(page, text);
      await page.getByRole('region', { name: text('saveBar.label') }).waitFor({ state: 'detached' });
      await showView(page, text, 'history');
      await page.locator('.market-history li').first().waitFor();
    },
    part: (page) => page.locator('.market-editor'),
  },
  {
    id: 'dialog-unsaved',
    title: 'Dialog: unsaved changes',
    path: '/maerkte',
    loggedIn: true,
    market: ADVENT,
    window: true,
    act: async (page, text) => {
      await page.getByLabel(text('market.field.title')).first().fill('Hartberger Adventmarkt 2');
      await click('button', 'markets.backToList')(page, text);
      await dialog(page).waitFor();
    },
  },
  {
    id: 'dialog-delete',
    title: 'Dialog: delete a market',
    path: '/maerkte',
    loggedIn: true,
    everyLanguage: true,
    market: ADVENT,
    window: true,
    act: async (page, text) => {
      await click('button', 'market.delete')(page, text);
      await dialog(page).waitFor();
    },
  },
  {
    id: 'dialog-delete-date',
    title: 'Dialog: delete a date',
    path: '/maerkte',
    loggedIn: true,
    market: WEEKLY,
    view: 'dates',
    window: true,
    act: async (page, text) => {
      await dateTable(page, text)
        .getByRole('button', { name: new RegExp(`^${text('marketDate.delete')} `) })
        .first()
        .click();
      await dialog(page).waitFor();
    },
  },
  { id: 'weekly-markets', title: 'Weekly and monthly markets', path: '/wochenmaerkte', loggedIn: true },
  // Issue 54, last: the import writes markets (its example's title, another in each language).
  { id: 'import-source', title: 'Import: a file or an address', path: IMPORT, loggedIn: true, everyLanguage: true },
  {
    id: 'import-preview',
    title: 'Import: the preview',
    path: IMPORT,
    loggedIn: true,
    everyLanguage: true,
    act: preview,
  },
  {
    id: 'import-done',
    title: 'Import: the markets taken',
    path: IMPORT,
    loggedIn: true,
    everyLanguage: true,
    act: async (page, text) => {
      await preview(page, text);
      // At the second width the example is there already, the same: ticked by hand, it is taken again.
      await page.getByLabel(text('import.choose').replace('{{title}}', text('import.example.title'))).check();
      await page.getByRole('button', { name: text('import.apply').replace('{{count}}', '1') }).click();
      await page.getByRole('heading', { name: text('import.applied.one') }).waitFor();
    },
  },
  {
    id: 'import-subscribed',
    title: 'Import: the calendar fetched every night, and what last night brought',
    path: IMPORT,
    loggedIn: true,
    everyLanguage: true,
    act: async (page, text) => {
      await subscribed(page, text);
      await page.getByText(text('import.subscription.lastRun')).waitFor();
    },
  },
  {
    id: 'calendar-notice',
    title: 'Markets list: what last night took from the calendar',
    path: '/maerkte',
    loggedIn: true,
    act: async (page, text) => {
      await subscribed(page, text);
      await page.getByRole('heading', { name: text('calendar.notice') }).waitFor();
    },
  },
  {
    id: 'import-history',
    title: 'Import: the history of a market taken',
    path: '/maerkte',
    loggedIn: true,
    everyLanguage: true,
    act: async (page, text) => {
      await openMarketForm(page, text, text('import.example.title'), 'history');
      await page.getByText(text('history.importedFrom').replace('{{source}}', 'maerkte.csv')).first().waitFor();
    },
  },
];

/**
 * The municipality's calendar as the API answers it after a night that took two markets and left
 * one to decide (the night itself is tests/api/calendar-subscriptions.test.ts's): the screen reads it again.
 */
async function subscribed(page: Page, text: Text): Promise<void> {
  const summary = [
    text('subscription.applied.other').replace('{{count}}', '2'),
    text('subscription.waiting.one').replace('{{count}}', '1'),
  ].join(' ');
  await page.route('**/api/calendar_subscription', (route) =>
    route.fulfill({
      json: {
        data: {
          url: 'https://www.hartberg.gv.at/veranstaltungen/kalender.ics',
          subscribed_at: '2026-11-20T09:12:00Z',
          checked_at: new Date(Date.now() - 6 * 3600_000).toISOString(),
          outcome: { applied: ['Hartberger Kirtag', 'Adventmarkt'], waiting: ['Flohmarkt der Feuerwehr'], refused: 0 },
          seen: false,
          summary,
        },
      },
    }),
  );
  await page.reload();
}

/** The import's template in the page's language, filled with its example and one line the portal refuses. */
async function preview(page: Page, text: Text): Promise<void> {
  const columns = ['title', 'type', 'date_start', 'date_end', 'time_from', 'time_to', 'event_location'];
  const line = (values: string[]) => values.join(';');
  const sheet = [
    line(columns.map((column) => text(`import.column.${column}`))),
    line(
      columns
        .map((column) => text(`import.example.${column}`))
        .map((value) => value.replace('2027', String(NEXT_YEAR))),
    ),
    line([text('market.type.kirtag'), 'Kirchtg', `15.08.${NEXT_YEAR}`, '', '', '', '']),
  ].join('\r\n');
  await page
    .getByLabel(text('import.file'))
    .setInputFiles({ name: 'maerkte.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
  await page.getByRole('button', { name: text('import.preview') }).click();
  await page
    .getByRole('heading', { name: text('import.previewHeading').replace('{{source}}', 'maerkte.csv') })
    .waitFor();
}
