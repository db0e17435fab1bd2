import type de from '../../locales/de.json';

/** The messages of one language, by flat dotted key ("errors.not_found"). */
export type Messages = Record<string, string>;
/** German is the source: its keys are the keys (i18n.test.ts checks the other languages have them all). */
export type MessageKey = keyof typeof de;
/** The base key of a message with plural forms (`copy.save.one`, `copy.save.other` → `copy.save`). */
export type PluralKey = MessageKey extends infer K ? (K extends `${infer Base}.other` ? Base : never) : never;
export type Translate = (key: MessageKey | PluralKey, values?: Record<string, string | number>) => string;

/**
 * A message with its `{{name}}` placeholders filled. With a number `count`, a key that has plural
 * forms (`<key>.one`, `<key>.other`, as CLDR names them) takes the form `Intl.PluralRules` chooses
 * in the messages' language: French says "0 marché", German "0 Märkte". Nothing is escaped here:
 * Astro and React escape what they render, and mails escape their HTML themselves.
 */
export function makeTranslator(messages: Messages, locale: string): Translate {
  const plurals = new Intl.PluralRules(locale);
  return (key, values = {}) => {
    const count = values['count'];
    const form =
      typeof count === 'number' ? (messages[`${key}.${plurals.select(count)}`] ?? messages[`${key}.other`]) : undefined;
    return (form ?? messages[key] ?? key).replace(/{{\s*(\w+)\s*}}/g, (placeholder, name: string) =>
      name in values ? String(values[name]) : placeholder,
    );
  };
}
