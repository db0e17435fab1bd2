import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

/** The public pages' script (public/js/site.js), loaded by default-layout.astro. */
const SCRIPT = readFileSync(new URL('../../public/js/site.js', import.meta.url), 'utf8');

/**
 * Runs the script on a page served over `protocol` whose cookies are `cookie`, with as much of a
 * page as it asks for; then picks English in the language switcher. Answers whether the header
 * shows someone logged in, and the cookies the script wrote.
 */
function pageWith(protocol: 'http:' | 'https:', cookie: string): { signedIn: boolean; written: string[] } {
  const classes = new Set<string>();
  const listeners: Array<[string, (event: unknown) => void]> = [];
  const written: string[] = [];
  const document = {
    readyState: 'complete',
    documentElement: {
      classList: { add: (name: string) => classes.add(name), remove: (name: string) => classes.delete(name) },
      style: {},
      hasAttribute: () => false,
    },
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      written.push(value);
    },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.push([type, listener]),
    querySelector: () => null,
    querySelectorAll: () => [],
    getElementById: () => null,
  };
  const location = { protocol, pathname: '/', origin: `${protocol}//portal.example` };
  const localStorage = { getItem: () => null, setItem: () => undefined };
  runInNewContext(SCRIPT, { document, location, localStorage, navigator: {} });
  const english = { getAttribute: () => 'en' };
  const click = {
    target: { closest: (selector: string) => (selector.includes('language-switcher') ? english : null) },
  };
  for (const [type, listener] of listeners) if (type === 'click') listener(click);
  return { signedIn: classes.has('signed-in'), written };
}

describe('the account hint and the language cookie in public/js/site.js (issue 49)', () => {
  it('reads the __Host- hint on an https page, and only that one', () => {
    expect(pageWith('https:', 'consent=x; __Host-marktverzeichnis_account=clerk%40gemeinde.example').signedIn).toBe(
      true,
    );
    expect(pageWith('https:', 'marktverzeichnis_account=planted%40evil.example').signedIn).toBe(false);
  });

  it('reads the plain hint on an http page (the dev setup)', () => {
    expect(pageWith('http:', 'marktverzeichnis_account=clerk%40gemeinde.example').signedIn).toBe(true);
    expect(pageWith('http:', '').signedIn).toBe(false);
  });

  it('writes the chosen language Secure on an https page', () => {
    expect(pageWith('https:', '').written).toEqual([
      'i18n_redirected=en; path=/; max-age=31536000; samesite=lax; secure',
    ]);
    expect(pageWith('http:', '').written).toEqual(['i18n_redirected=en; path=/; max-age=31536000; samesite=lax']);
  });
});
