import type de from '../../locales/de.json';

/** The messages of one language, by flat dotted key ("errors.not_found"). */
export type Messages = Record<string, string>;
/** German is the source: its keys are the keys (i18n.test.ts checks the other languages have them all). */
export type MessageKey = keyof typeof de;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * A message with its `{{name}}` placeholders filled. Nothing is escaped here: Astro and React
 * escape what they render, and mails escape their HTML themselves.
 */
export function makeTranslator(messages: Messages): Translate {
  return (key, values = {}) =>
    (messages[key] ?? key).replace(/{{\s*(\w+)\s*}}/g, (placeholder, name: string) =>
      name in values ? String(values[name]) : placeholder,
    );
}
