import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guardRedirect, safeNextPath } from './route-guards.ts';

describe('route guards', () => {
  it('sends a visitor who is not logged in to the login page and back', () => {
    expect(guardRedirect('auth', false, '/maerkte', 'de')).toBe('/anmelden?next=%2Fmaerkte');
    expect(guardRedirect('auth', false, '/en/wochenmaerkte', 'en')).toBe('/en/anmelden?next=%2Fwochenmaerkte');
    expect(guardRedirect('auth', true, '/maerkte', 'de')).toBeNull();
  });

  it('sends a logged-in user from the login page on to the markets', () => {
    expect(guardRedirect('guest', true, '/fr/anmelden', 'fr')).toBe('/fr/maerkte');
    expect(guardRedirect('guest', false, '/anmelden', 'de')).toBeNull();
  });

  it('throws for an unknown guard name', () => {
    expect(() => guardRedirect('admin', true, '/', 'de')).toThrow('Unknown route guard "admin"');
    expect(() => guardRedirect('constructor', true, '/', 'de')).toThrow();
  });

  it('returns only to paths of this portal', () => {
    expect(safeNextPath('/wochenmaerkte', 'en')).toBe('/en/wochenmaerkte');
    expect(safeNextPath('//evil.example/x', 'de')).toBe('/maerkte');
    expect(safeNextPath('https://evil.example', 'de')).toBe('/maerkte');
    expect(safeNextPath(null, 'fr')).toBe('/fr/maerkte');
  });

  // Issue 15, M1: browsers drop tabs and line breaks from a URL, so "/\t/evil.example" became "//evil.example".
  it.each(['/\t/evil.example/x', '/\n/evil.example/x', '/\r/evil.example/x', '/ /evil.example', '/\u0000x', '/x y'])(
    'refuses a path with control characters or whitespace: %j',
    (next) => {
      expect(safeNextPath(next, 'de')).toBe('/maerkte');
    },
  );

  it('keeps the query and fragment of a path of the portal', () => {
    expect(safeNextPath('/maerkte?jahr=2027#neu', 'de')).toBe('/maerkte?jahr=2027#neu');
    expect(safeNextPath('/\\evil.example', 'de')).toBe('/maerkte');
  });

  it.each([
    '/.//evil.example/',
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/en/..//evil.example',
    '/././/evil.example',
  ])('refuses %s, whose dot segments resolve to another host', (next) => {
    expect(safeNextPath(next, 'de')).toBe('/maerkte');
  });

  it('never leads off the portal, whatever next says', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.webUrl(), fc.webPath(), fc.stringMatching(/^[/.\\%2e a-z]{0,12}$/)),
        fc.constantFrom('de' as const, 'en' as const, 'fr' as const),
        (next, locale) => {
          const path = safeNextPath(next, locale);
          expect(path.startsWith('/') && !path.startsWith('//')).toBe(true);
          expect(new URL(path, 'https://portal.example').origin).toBe('https://portal.example');
        },
      ),
      { seed: 15, numRuns: 2000 },
    );
  });
});
