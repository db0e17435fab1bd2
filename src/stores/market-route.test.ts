import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressOf, marketOf, MARKET_PARAM } from './market-route.ts';

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
