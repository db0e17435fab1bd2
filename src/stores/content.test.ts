import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

describe('refreshContent', () => {
  it("reads the editing screens' own municipality in one call and marks the content loaded (issue 50)", async () => {
    const urls: string[] = [];
    const data = { wko_markets: { '2': { m1: { id: 'm1' } } }, wko_market_dates: { d1: { id: 'd1' } } };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        urls.push(url);
        return Promise.resolve(Response.json({ data }));
      }),
    );
    const { $content, $contentLoaded, refreshContent } = await import('./content.ts');
    expect(await refreshContent()).toBe(true);
    expect(urls).toEqual(['/api/get_own_content']);
    expect($content.get()).toEqual(data);
    expect($contentLoaded.get()).toBe(true);
  });

  it('logs a failure to the console and returns false', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ error: { code: 'unexpected', message: 'x' } }, { status: 500 }))),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { $contentLoaded, refreshContent } = await import('./content.ts');
    expect(await refreshContent()).toBe(false);
    expect(logged).toHaveBeenCalledWith('Loading the content failed:', expect.anything());
    expect($contentLoaded.get()).toBe(false);
  });
});

describe('merging saves into the content', () => {
  const market = (id: string, title: string) => ({ id, title }) as never;
  const date = (id: string, marketId: string) => ({ id, wko_market_id: marketId }) as never;

  it('puts a new market into every group and replaces the dates of a saved market', async () => {
    const { $content, mergeSaved, removeMarket, removeMarketDate } = await import('./content.ts');
    $content.set({
      wko_markets: { '1': { m1: market('m1', 'Alt') }, '2': { m1: market('m1', 'Alt') } },
      wko_market_dates: { d1: date('d1', 'm1'), d2: date('d2', 'm1'), d9: date('d9', 'm9') },
    });
    mergeSaved(
      {
        wko_markets: {
          '1': { m1: market('m1', 'Neu') },
          '2': { m1: market('m1', 'Neu') },
          '3': { m1: market('m1', 'Neu') },
        },
        wko_market_dates: { d3: date('d3', 'm1') },
      },
      { replaceDatesOf: 'm1' },
    );
    expect(Object.keys($content.get().wko_markets).sort()).toEqual(['1', '2', '3']);
    expect($content.get().wko_markets['3']?.['m1']).toEqual(market('m1', 'Neu'));
    expect(Object.keys($content.get().wko_market_dates).sort()).toEqual(['d3', 'd9']);

    mergeSaved({ wko_markets: {}, wko_market_dates: { d4: date('d4', 'm1') } });
    expect(Object.keys($content.get().wko_market_dates).sort()).toEqual(['d3', 'd4', 'd9']);

    removeMarketDate('d4');
    removeMarket('m1');
    expect($content.get().wko_market_dates).toEqual({ d9: date('d9', 'm9') });
    expect($content.get().wko_markets['2']).toEqual({});
  });
});
