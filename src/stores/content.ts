import { atom } from 'nanostores';
import type { ContentMarket, MarketDateRecord } from '../lib/market.ts';
import { callApi } from './api-client.ts';

export interface Content {
  wko_market_dates: Record<string, MarketDateRecord>;
  /** Markets grouped by language id ("2" de, "1" en, "3" fr), keyed by market id. */
  wko_markets: Record<string, Record<string, ContentMarket>>;
}

export const $content = atom<Content>({ wko_market_dates: {}, wko_markets: {} });
/** False until the first successful load: the app root shows its placeholder until then. */
export const $contentLoaded = atom(false);

/**
 * Seed call 1 and 2, at start-up and on refresh. `include_hidden_records=1` on the page address
 * asks for hidden records (the server grants them only to a logged-in user of that municipality).
 * A failure is logged to the console and the refresh returns false.
 */
export async function refreshContent(location: Location = window.location): Promise<boolean> {
  const query = {
    include_hidden_records: new URLSearchParams(location.search).get('include_hidden_records') === '1' ? '1' : '0',
  };
  try {
    const [dates, stops] = await Promise.all([
      callApi<Pick<Content, 'wko_market_dates'>>('get_content/1', { query }),
      callApi<Pick<Content, 'wko_markets'>>('get_content_stops/1', { query }),
    ]);
    $content.set({ wko_market_dates: dates.wko_market_dates, wko_markets: stops.wko_markets });
    $contentLoaded.set(true);
    return true;
  } catch (error) {
    console.error('Loading the content failed:', error);
    return false;
  }
}
