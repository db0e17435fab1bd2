import { readFileSync } from 'node:fs';

export type Messages = Record<string, string>;

/** The texts the user sees, from the locale files, so tests follow the wording. */
export function messages(locale: string): Messages {
  return JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8')) as Messages;
}
