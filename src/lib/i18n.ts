import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import fr from '../../locales/fr.json' with { type: 'json' };
import type { Locale } from './languages.ts';
import { makeTranslator, type Translate } from './translate.ts';

export type { MessageKey, Messages, Translate } from './translate.ts';

/**
 * Every message of every language, for Astro pages, mails and API answers. Islands do not import
 * this: their page hands them the messages of its one language (seed: message files are not loaded
 * lazily, and a page needs no other language).
 */
export const MESSAGES: Record<Locale, Record<string, string>> = { de, en, fr };

/**
 * Keys only the server's pages, mails, book and feeds use. The editing pages hand their island the
 * messages without them: the island's props are part of every editing page's HTML, which must stay
 * under 120 kB on the wire with its scripts (design.md, `npm run page-weight`). The console's
 * words go only to the console.
 */
const SERVER_ONLY = [
  ...['mail.', 'book.', 'edition.', 'feeds.', 'directory.', 'search.', 'embed.'],
  ...['consent.', 'footer.', 'home.', 'site.', 'page.', 'fontSize.', 'databaseDown.'],
  // Issue 54: the import's template, its rows' reasons and its refusals are worded by the server (the
  // view shows the message it answers), so they are not sent with every editing page.
  ...['import.column.', 'import.example.', 'import.reason.', 'import.templateFile', 'subscription.'],
  ...['errors.not_a_calendar', 'errors.not_a_spreadsheet', 'errors.too_many_', 'errors.import_', 'errors.imports_'],
  'errors.calendar_unreachable',
  // Refusals of a whole request, never of a field: the server words them with their values (a wait, a limit).
  ...['errors.rate_limited', 'errors.database_unavailable', 'errors.quota_exceeded', 'errors.method_not_allowed'],
  ...['errors.address_not_allowed', 'errors.user_not_confirmed', 'errors.no_campaign', 'errors.campaign_closed'],
  // The visitors' calls (visitor ids) never answer a clerk's form.
  'errors.invalid_visitor_id',
];

/**
 * Views that load their words when they open (`/woerter/<view>/<locale>.json`, src/pages/woerter):
 * a view few clerks open each year need not weigh on every editing page (issue 54's import).
 */
export const VIEWS_WITH_OWN_WORDS = ['import'] as const;
export type ViewWithOwnWords = (typeof VIEWS_WITH_OWN_WORDS)[number];

const serverOnly = (key: string) => SERVER_ONLY.some((prefix) => key.startsWith(prefix));

/**
 * The words only the login and the mailed link's pages show (islands/login, islands/account-link),
 * with the refusals only their forms meet at a field (registering, a mailed link, the login's
 * ceiling); of them, the editing pages' account bar asks for a new confirmation mail in the login's words.
 */
const ACCOUNT_PAGES_ONLY = [
  ...['login.', 'register.', 'forgot.', 'confirm.'],
  ...['errors.email_not_on_file', 'errors.email_missing', 'errors.user_exists', 'errors.account_guarded'],
  ...['errors.invalid_token', 'errors.token_expired'],
];
const ACCOUNT_BAR = new Set(['login.sendConfirmationAgain', 'login.confirmationLapsed']);

/**
 * The words the login's and the mailed link's islands and the modules they import name (their
 * forms, the notices, the field names a refusal may point at), and every refusal. With the editing
 * pages' other words (the markets, their dates and rules, the campaign) the login page's HTML was
 * 75 kB, 19 kB gzipped, which a clerk on a slow line waits for before the form shows; without them
 * 47 and 13 kB (`npm run page-weight`). `island-messages.test.ts` follows the islands' imports to
 * keep this list whole.
 */
const ACCOUNT_PAGE_WORDS = [
  ...['login.', 'register.', 'forgot.', 'confirm.', 'newPassword.', 'account.', 'form.', 'notice.', 'app.'],
  ...['errors.', 'copy.', 'market.field.', 'market.counter'],
];

/**
 * The messages a page's island needs, in its one language: an editing page's (the markets
 * screens), or with `account` the login's and the mailed link's. The console has all (MESSAGES).
 */
export function islandMessages(locale: Locale, page: 'editing' | 'account' = 'editing'): Record<string, string> {
  const omitted = [...VIEWS_WITH_OWN_WORDS.map((view) => `${view}.`), 'operator.', ...ACCOUNT_PAGES_ONLY];
  const wanted =
    page === 'account'
      ? (key: string) => ACCOUNT_PAGE_WORDS.some((prefix) => key.startsWith(prefix))
      : (key: string) => ACCOUNT_BAR.has(key) || !omitted.some((prefix) => key.startsWith(prefix));
  return Object.fromEntries(Object.entries(MESSAGES[locale]).filter(([key]) => !serverOnly(key) && wanted(key)));
}

/** A view's own words (VIEWS_WITH_OWN_WORDS), without those only the server writes. */
export function viewMessages(locale: Locale, view: ViewWithOwnWords): Record<string, string> {
  return Object.fromEntries(
    Object.entries(MESSAGES[locale]).filter(([key]) => key.startsWith(`${view}.`) && !serverOnly(key)),
  );
}

const translators = new Map<Locale, Translate>();

/** The translator of a language, made once: pages rendered on demand ask for it on every rendering. */
export function translator(locale: Locale): Translate {
  let translate = translators.get(locale);
  if (!translate) translators.set(locale, (translate = makeTranslator(MESSAGES[locale], locale)));
  return translate;
}
