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
];

/** The messages an editing page's island needs, in its one language. */
export function islandMessages(locale: Locale, { operator = false } = {}): Record<string, string> {
  const omitted = operator ? SERVER_ONLY : [...SERVER_ONLY, 'operator.'];
  return Object.fromEntries(
    Object.entries(MESSAGES[locale]).filter(([key]) => !omitted.some((prefix) => key.startsWith(prefix))),
  );
}

const translators = new Map<Locale, Translate>();

/** The translator of a language, made once: pages rendered on demand ask for it on every rendering. */
export function translator(locale: Locale): Translate {
  let translate = translators.get(locale);
  if (!translate) translators.set(locale, (translate = makeTranslator(MESSAGES[locale], locale)));
  return translate;
}
