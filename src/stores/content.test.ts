import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

const location = (search = '') => ({ search }) as Location;

describe('refreshContent', () => {
  it('loads dates and markets and marks the content loaded', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        urls.push(url);
        const data = url.includes('stops')
          ? { wko_markets: { '2': { m1: { id: 'm1' } } } }
          : { wko_market_dates: { d1: { id: 'd1' } } };
        return Promise.resolve(Response.json({ data }));
      }),
    );
    const { $content, $contentLoaded, refreshContent } = await import('./content.ts');
    expect(await refreshContent(location('?include_hidden_records=1'))).toBe(true);
    expect(urls.sort()).toEqual([
      '/api/get_content/1?include_hidden_records=1',
      '/api/get_content_stops/1?include_hidden_records=1',
    ]);
    expect(Object.keys($content.get().wko_market_dates)).toEqual(['d1']);
    expect(Object.keys($content.get().wko_markets['2'] ?? {})).toEqual(['m1']);
    expect($contentLoaded.get()).toBe(true);
  });

  it('logs a failure to the console and returns false', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ error: { code: 'unexpected', message: 'x' } }, { status: 500 }))),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { $contentLoaded, refreshContent } = await import('./content.ts');
    expect(await refreshContent(location())).toBe(false);
    expect(logged).toHaveBeenCalledWith('Loading the content failed:', expect.anything());
    expect($contentLoaded.get()).toBe(false);
  });
});
