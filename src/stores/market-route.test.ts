import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  $marketRoute,
  addressOf,
  followAddress,
  MARKET_VIEWS,
  marketOf,
  MARKET_PARAM,
  openMarket,
  settleMarket,
  viewOf,
  type MarketView,
} from './market-route.ts';

const PAGE = 'https://portal.example/en/maerkte';

describe('the markets screen’s address', () => {
  it('names the market in the form, and the list without one', () => {
    expect(addressOf(PAGE, 'c0ffee00-1234-4abc-8def-000000000001')).toBe(
      '/en/maerkte?markt=c0ffee00-1234-4abc-8def-000000000001',
    );
    expect(addressOf(`${PAGE}?markt=abc&x=1#top`, null)).toBe('/en/maerkte?x=1#top');
  });

  // Issue 53: a market's dates and history have addresses of their own; its details are its address.
  it('names the view of a market, and none for its details or the list', () => {
    const id = 'c0ffee00-1234-4abc-8def-000000000001';
    expect(addressOf(PAGE, id, 'dates')).toBe(`/en/maerkte?markt=${id}&ansicht=termine`);
    expect(addressOf(`${PAGE}?markt=${id}&ansicht=verlauf`, id)).toBe(`/en/maerkte?markt=${id}`);
    expect(addressOf(`${PAGE}?markt=${id}&ansicht=verlauf`, null, 'history')).toBe('/en/maerkte');
    expect(viewOf('?markt=x&ansicht=unbekannt')).toBe('details');
  });

  it('reads back every id and view it writes', () => {
    const views = Object.keys(MARKET_VIEWS) as MarketView[];
    fc.assert(
      fc.property(fc.uuid(), fc.constantFrom(...views), (id, view) => {
        const search = new URL(addressOf(PAGE, id, view), PAGE).search;
        expect([marketOf(search), viewOf(search)]).toEqual([id, view]);
      }),
    );
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
    expect(opened(PAGE)).toMatchObject({ market: null, view: 'details', visit: first });
    expect(opened(`${PAGE}?markt=c0ffee00-1234-4abc-8def-000000000001&ansicht=termine`)).toMatchObject({
      market: 'c0ffee00-1234-4abc-8def-000000000001',
      view: 'dates',
      visit: first,
    });
  });
});

// A new market's form stays through its first save: its address and view are the new market's details.
it('settles a new market on its details, whatever view the address named', () => {
  const replaced: string[] = [];
  vi.stubGlobal('location', new URL(`${PAGE}?markt=neu&ansicht=termine`));
  vi.stubGlobal('history', { replaceState: (_: unknown, __: string, url: string) => replaced.push(url) });
  try {
    $marketRoute.set({ market: 'neu', view: 'dates', visit: 3, withinMarket: false });
    settleMarket('c0ffee00-1234-4abc-8def-000000000001');
  } finally {
    vi.unstubAllGlobals();
  }
  expect(replaced).toEqual(['/en/maerkte?markt=c0ffee00-1234-4abc-8def-000000000001']);
  expect($marketRoute.get()).toMatchObject({
    market: 'c0ffee00-1234-4abc-8def-000000000001',
    view: 'details',
    visit: 3,
  });
});

// Its link marked current, the view shown is asked for again: nothing is left or made anew (a draft stays).
it('keeps the view shown when it is asked for again', () => {
  const shown = {
    market: 'c0ffee00-1234-4abc-8def-000000000001',
    view: 'details',
    visit: 4,
    withinMarket: true,
  } as const;
  $marketRoute.set(shown);
  openMarket(shown.market, 'details');
  expect($marketRoute.get()).toEqual(shown);
});
