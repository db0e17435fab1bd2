import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { islandMessages, MESSAGES, viewMessages, VIEWS_WITH_OWN_WORDS } from './i18n.ts';

/** Every key the islands' and stores' code names literally ('market.field.title', `errors.${…}` by its prefix). */
function keysNamedIn(folder: string, except: readonly string[] = []): string[] {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !file.includes('.test.') && !except.some((part) => file.startsWith(part)),
  );
  const named = files.flatMap((file) =>
    [...readFileSync(join(folder, file), 'utf8').matchAll(/['"`]([a-z][A-Za-z]*\.[A-Za-z0-9_.]*)(?:['"`]|\$\{)/g)].map(
      (match) => match[1]!,
    ),
  );
  const known = Object.keys(MESSAGES.de);
  return [...new Set(named)].filter((key) => known.some((one) => one === key || one.startsWith(key)));
}

describe('islandMessages', () => {
  const islandKeys = [...keysNamedIn('src/islands'), ...keysNamedIn('src/stores')];

  it('keeps every key an island or store names (the operator console with its own, a view with its own words)', () => {
    const all = [
      ...Object.keys(islandMessages('de', 'account')),
      ...Object.keys(MESSAGES.de).filter((key) => key.startsWith('operator.')),
      ...VIEWS_WITH_OWN_WORDS.flatMap((view) => Object.keys(viewMessages('de', view))),
    ];
    const missing = islandKeys.filter((key) => !all.some((one) => one === key || one.startsWith(key)));
    expect(missing).toEqual([]);
  });

  it('gives an editing page every key its islands name, and not the login’s and the mailed link’s own', () => {
    const editing = Object.keys(islandMessages('de'));
    const named = [
      ...keysNamedIn('src/islands', ['login/', 'account-link/', 'operator/']),
      ...keysNamedIn('src/stores'),
    ];
    const viewWords = VIEWS_WITH_OWN_WORDS.flatMap((view) => Object.keys(viewMessages('de', view)));
    const missing = named.filter(
      (key) => ![...editing, ...viewWords].some((one) => one === key || one.startsWith(key)),
    );
    expect(missing).toEqual([]);
    expect(editing.filter((key) => /^(register|forgot|confirm)\./.test(key))).toEqual([]);
    expect(editing.filter((key) => key.startsWith('login.')).sort()).toEqual([
      'login.confirmationLapsed',
      'login.sendConfirmationAgain',
    ]);
  });

  it('leaves a view’s own words to the view (issue 54: the import loads its words when it opens)', () => {
    expect(Object.keys(islandMessages('de')).filter((key) => key.startsWith('import.'))).toEqual([]);
    expect(viewMessages('fr', 'import')).toMatchObject({ 'import.heading': 'Importer des marchés' });
    expect(Object.keys(viewMessages('fr', 'import')).filter((key) => key.startsWith('import.reason.'))).toEqual([]);
  });

  it('gives the clerks’ pages no console words, and no page only the server writes', () => {
    const clerks = Object.keys(islandMessages('fr'));
    expect(clerks.filter((key) => key.startsWith('operator.'))).toEqual([]);
    expect(clerks.filter((key) => key.startsWith('mail.') || key.startsWith('directory.'))).toEqual([]);
    expect(clerks.length).toBeLessThan(Object.keys(MESSAGES.fr).length);
  });
});
