import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { $marketRoute, addressOf, followAddress, marketOf, MARKET_PARAM } from './market-route.ts';

const PAGE = 'https://portal.example/en/maerkte';

describe('the markets screen’s address', () => {
  it('names the market in the form, and the list without one', () => {
    expect(addressOf(PAGE, 'c0ffee00-1234-4abc-8def-000000000001')).toBe(
      '/en/maerkte?markt=c0ffee00-1234-4abc-8def-000000000001',
    );
    expect(addressOf(`${PAGE}?markt=abc&x=1#top`, null)).toBe('/en/maerkte?x=1#top');
  });

  it('reads back every id it writes', () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        expect(marketOf(new URL(addressOf(PAGE, id), PAGE).search)).toBe(id);
      }),
    );
  });

  it('takes anything that cannot be an id for the list', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const market = marketOf(`?${MARKET_PARAM}=${encodeURIComponent(text)}`);
        expect(market === null || /^[A-Za-z0-9-]{1,64}$/.test(market)).toBe(true);
      }),
    );
    expect(marketOf('?markt=%3Cscript%3E')).toBeNull();
    expect(marketOf('')).toBeNull();
  });
});

describe('the view the page opens with', () => {
  const opened = (address: string) => {
    vi.stubGlobal('location', new URL(address));
    vi.stubGlobal('window', { addEventListener: () => {}, removeEventListener: () => {} });
    try {
      followAddress()();
    } finally {
      vi.unstubAllGlobals();
    }
    return $marketRoute.get();
  };

  // Issue 50: the server rendered the list; a new visit would make it again (and ask for the campaign twice).
  it('is the first visit, so the list the server rendered stays as it is', () => {
    const first = $marketRoute.get().visit;
    expect(opened(PAGE)).toEqual({ market: null, visit: first });
    expect(opened(`${PAGE}?markt=c0ffee00-1234-4abc-8def-000000000001`)).toEqual({
      market: 'c0ffee00-1234-4abc-8def-000000000001',
      visit: first,
    });
  });
});
