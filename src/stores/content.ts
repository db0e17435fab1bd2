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
 * The editing screens' content: the session's municipality alone, hidden records included
 * (get_own_content, docs/api.md). The seed's calls 1 and 2 load the whole of Austria, megabytes
 * for a clerk's few markets (issue 50); they stay for the apps. A failure is logged to the console
 * and the refresh returns false (seed section 8).
 */
export async function refreshContent(): Promise<boolean> {
  try {
    const { wko_market_dates, wko_markets } = await callApi<Content>('get_own_content');
    $content.set({ wko_market_dates, wko_markets });
    $contentLoaded.set(true);
    return true;
  } catch (error) {
    console.error('Loading the content failed:', error);
    return false;
  }
}

/** What a save answers (api.md): the saved market in every language group, and dates. */
export type SavedRecords = Content;

/**
 * Seed section 4: the answer of a save is merged into the content; a new market lands in every
 * group. `replaceDatesOf` names a market whose dates the answer holds in full (save_market).
 */
export function mergeSaved(saved: SavedRecords, { replaceDatesOf }: { replaceDatesOf?: string } = {}): void {
  const current = $content.get();
  const keptDates = Object.fromEntries(
    Object.entries(current.wko_market_dates).filter(([, date]) => date.wko_market_id !== replaceDatesOf),
  );
  const groups = new Set([...Object.keys(current.wko_markets), ...Object.keys(saved.wko_markets)]);
  $content.set({
    wko_market_dates: { ...keptDates, ...saved.wko_market_dates },
    wko_markets: Object.fromEntries(
      [...groups].map((group) => [group, { ...current.wko_markets[group], ...saved.wko_markets[group] }]),
    ),
  });
}

/** A deleted market leaves every group, with its dates. */
export function removeMarket(id: string): void {
  const current = $content.get();
  $content.set({
    wko_market_dates: Object.fromEntries(
      Object.entries(current.wko_market_dates).filter(([, date]) => date.wko_market_id !== id),
    ),
    wko_markets: Object.fromEntries(
      Object.entries(current.wko_markets).map(([group, markets]) => [
        group,
        Object.fromEntries(Object.entries(markets).filter(([marketId]) => marketId !== id)),
      ]),
    ),
  });
}

export function removeMarketDate(id: string): void {
  const dates = { ...$content.get().wko_market_dates };
  delete dates[id];
  $content.set({ ...$content.get(), wko_market_dates: dates });
}
