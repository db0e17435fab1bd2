import type { Page } from '@playwright/test';

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
  /** What to do on the page before the picture, by role and label so it survives restyling. */
  act?: (page: Page, text: (key: string) => string) => Promise<void>;
}

const PLACE = '/verzeichnis/steiermark/hartberg-fuerstenfeld/hartberg';

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
  {
    id: 'menu-open',
    title: 'Header with the menu open (phone)',
    path: '/',
    act: async (page) => {
      const summary = page.locator('.site-menu > summary');
      if (await summary.isVisible()) await summary.click();
    },
  },
];

export const ACCOUNT_SCREENS: Screen[] = [
  { id: 'login', title: 'Login and registration', path: '/anmelden', everyLanguage: true },
  {
    id: 'forgot-password',
    title: 'Forgot password',
    path: '/anmelden',
    act: async (page, text) => {
      await page.getByRole('button', { name: text('login.forgotPassword') }).click();
    },
  },
];

export const EDITING_SCREENS: Screen[] = [
  { id: 'markets', title: 'Markets list and municipality data', path: '/maerkte', loggedIn: true, everyLanguage: true },
  {
    id: 'market-form',
    title: 'Market form (all sections)',
    path: '/maerkte',
    loggedIn: true,
    act: async (page, text) => {
      await page
        .getByRole('button', { name: `${text('market.edit')}: Bauernmarkt am Hauptplatz` })
        .first()
        .click();
    },
  },
  {
    id: 'market-dates',
    title: 'Date table of a market',
    path: '/maerkte',
    loggedIn: true,
    act: async (page, text) => {
      await page
        .getByRole('button', { name: `${text('market.edit')}: Hartberger Adventmarkt` })
        .first()
        .click();
      await page.locator('.market-dates').first().scrollIntoViewIfNeeded();
    },
  },
  {
    id: 'dialog-delete',
    title: 'Dialog: delete a market',
    path: '/maerkte',
    loggedIn: true,
    act: async (page, text) => {
      await page
        .getByRole('button', { name: `${text('market.edit')}: Hartberger Adventmarkt` })
        .first()
        .click();
      await page.getByRole('button', { name: text('market.delete') }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    id: 'dialog-unsaved',
    title: 'Dialog: unsaved changes, and the save bar',
    path: '/maerkte',
    loggedIn: true,
    act: async (page, text) => {
      await page
        .getByRole('button', { name: `${text('market.edit')}: Hartberger Adventmarkt` })
        .first()
        .click();
      await page.getByLabel(text('market.field.title'), { exact: false }).first().fill('Hartberger Adventmarkt 2');
      await page.getByRole('button', { name: text('markets.backToList') }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    id: 'toast',
    title: 'Toast after saving',
    path: '/maerkte',
    loggedIn: true,
    act: async (page, text) => {
      await page
        .getByRole('button', { name: `${text('market.edit')}: Kirtag zu Maria Himmelfahrt` })
        .first()
        .click();
      const title = page.getByLabel(text('market.field.title'), { exact: false }).first();
      await title.fill('Kirtag zu Maria Himmelfahrt in der Altstadt');
      await page.getByRole('button', { name: text('saveBar.save') }).click();
      await page.locator('.notice').first().waitFor();
    },
  },
  { id: 'weekly-markets', title: 'Weekly and monthly markets', path: '/wochenmaerkte', loggedIn: true },
];
