import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { islandMessages, MESSAGES, viewMessages, VIEWS_WITH_OWN_WORDS } from './i18n.ts';

/** The keys named literally in `text` ('market.field.title', `errors.${…}` by its prefix) that MESSAGES knows. */
function keysNamed(text: string): string[] {
  const named = [...text.matchAll(/['"`]([a-z][A-Za-z]*\.[A-Za-z0-9_.]*)(?:['"`]|\$\{)/g)].map((match) => match[1]!);
  const known = Object.keys(MESSAGES.de);
  return [...new Set(named)].filter((key) => known.some((one) => one === key || one.startsWith(key)));
}

/** Every key the islands' and stores' code under `folder` names (but in the folders of `except`). */
function keysNamedIn(folder: string, except: readonly string[] = []): string[] {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !file.includes('.test.') && !except.some((part) => file.startsWith(part)),
  );
  return [...new Set(files.flatMap((file) => keysNamed(readFileSync(join(folder, file), 'utf8'))))];
}

/** Every key named in `entries` and in the modules they import, one relative import after another. */
function keysImportedFrom(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const waiting = entries.map((entry) => resolve(entry));
  const keys = new Set<string>();
  for (let file = waiting.pop(); file !== undefined; file = waiting.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const key of keysNamed(text)) keys.add(key);
    for (const [, module] of text.matchAll(/^(?:import|export)\b[^'"]*?['"](\.{1,2}\/[^'"]+\.tsx?)['"]/gm))
      waiting.push(resolve(dirname(file), module!));
  }
  return [...keys];
}

describe('islandMessages', () => {
  const islandKeys = [...keysNamedIn('src/islands'), ...keysNamedIn('src/stores')];

  it('keeps every key an island or store names (the operator console with its own, a view with its own words)', () => {
    const all = [
      ...Object.keys(islandMessages('de')),
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

  it('gives the login’s and the mailed link’s pages every key their islands and the modules they import name, and no other page’s words', () => {
    const account = Object.keys(islandMessages('de', 'account'));
    const named = keysImportedFrom([
      'src/islands/login/login-island.tsx',
      'src/islands/account-link/account-link-island.tsx',
    ]);
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((key) => !account.some((one) => one === key || one.startsWith(key)))).toEqual([]);
    expect(
      account.filter((key) => /^(rule|marketDate|campaign|feast|easter|markets|municipality)\./.test(key)),
    ).toEqual([]);
    expect(JSON.stringify(islandMessages('de', 'account')).length).toBeLessThan(
      JSON.stringify(islandMessages('de')).length / 2,
    );
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
