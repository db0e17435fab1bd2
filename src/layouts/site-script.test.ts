import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** The public pages' script (public/js/site.js), loaded by default-layout.astro. */
const SCRIPT = readFileSync(new URL('../../public/js/site.js', import.meta.url), 'utf8');

/**
 * Runs the script on a page served over `protocol` whose cookies are `cookie`, with as much of a
 * page as it asks for; then picks English in the language switcher. Answers whether the header
 * shows someone logged in, and the cookies the script wrote.
 */
function pageWith(
  protocol: 'http:' | 'https:',
  cookie: string,
  now = Date.now(),
): { signedIn: boolean; written: string[]; attributes: Map<string, string> } {
  const classes = new Set<string>();
  const attributes = new Map<string, string>();
  const listeners: Array<[string, (event: unknown) => void]> = [];
  const written: string[] = [];
  const document = {
    readyState: 'complete',
    documentElement: {
      classList: { add: (name: string) => classes.add(name), remove: (name: string) => classes.delete(name) },
      style: {},
      hasAttribute: () => false,
      setAttribute: (name: string, value: string) => attributes.set(name, value),
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
  /** The page's clock stands at `now`. */
  const FixedDate = class extends Date {
    constructor(time?: number) {
      super(time ?? now);
    }
  };
  runInNewContext(SCRIPT, { document, location, localStorage, navigator: {}, Date: FixedDate });
  const english = { getAttribute: () => 'en' };
  const click = {
    target: { closest: (selector: string) => (selector.includes('language-switcher') ? english : null) },
  };
  for (const [type, listener] of listeners) if (type === 'click') listener(click);
  return { signedIn: classes.has('signed-in'), written, attributes };
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

describe("the season's chip in public/js/site.js (issue 52)", () => {
  const viennaMonthDay = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Vienna',
    month: '2-digit',
    day: '2-digit',
  });

  it('names the Christmas markets from 10 November to 24 December in Vienna, as Intl reads the day there', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), (now) => {
        const monthDay = viennaMonthDay.format(now);
        const inSeason = monthDay >= '11-10' && monthDay <= '12-24';
        expect(pageWith('https:', '', now.getTime()).attributes.get('data-season-now')).toBe(
          inSeason ? 'weihnachtsmarkt' : undefined,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('turns at midnight in Vienna', () => {
    const season = (iso: string) => pageWith('https:', '', Date.parse(iso)).attributes.get('data-season-now');
    expect(season('2026-11-09T22:59:59Z')).toBeUndefined();
    expect(season('2026-11-09T23:00:00Z')).toBe('weihnachtsmarkt');
    expect(season('2026-12-24T22:59:59Z')).toBe('weihnachtsmarkt');
    expect(season('2026-12-24T23:00:00Z')).toBeUndefined();
  });
});
