import { readFileSync } from 'node:fs';

/** A text the user sees, by its key in the locale files, so tests follow the wording. */
export type Text = (key: string) => string;

export function messages(locale: string): Text {
  const texts = JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8')) as Record<string, string>;
  return (key) => {
    const text = texts[key];
    if (text === undefined) throw new Error(`No text "${key}" in locales/${locale}.json`);
    return text;
  };
}

/** The title of a Markdown page (src/content/pages/<locale>/<id>.md), as its heading shows it. */
export function contentTitle(locale: string, id: string): string {
  const source = readFileSync(`src/content/pages/${locale}/${id}.md`, 'utf8');
  const title = /^title:\s*(.+)$/m.exec(source)?.[1]?.trim();
  if (!title) throw new Error(`No title in src/content/pages/${locale}/${id}.md`);
  return title.replace(/^(["'])(.*)\1$/, '$2');
}
