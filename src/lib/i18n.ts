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

const translators = new Map<Locale, Translate>();

/** The translator of a language, made once: pages rendered on demand ask for it on every rendering. */
export function translator(locale: Locale): Translate {
  let translate = translators.get(locale);
  if (!translate) translators.set(locale, (translate = makeTranslator(MESSAGES[locale], locale)));
  return translate;
}
