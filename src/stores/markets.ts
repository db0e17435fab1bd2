import { computed } from 'nanostores';
import { LANGUAGE_IDS, type Locale } from '../lib/languages.ts';
import type { ContentMarket, MarketDateRecord } from '../lib/market.ts';
import { $account } from './account.ts';
import { callApi } from './api-client.ts';
import { $appState } from './app-state.ts';
import type { Account } from '../lib/account.ts';
import { $content, mergeSaved, removeMarket, removeMarketDate, type Content, type SavedRecords } from './content.ts';
import { watchPublishing } from './publishing.ts';

/** A market of the clerk's municipality with its dates, as the editing screens show it. */
export interface OwnMarket {
  market: ContentMarket;
  dates: MarketDateRecord[];
}

/** The logged-in clerk's markets in the page's language, by title, each with its dates in order. */
export function ownMarketsStore(locale: Locale) {
  return computed([$content, $account], (content, account) => ownMarketsOf(content, account, locale));
}

export function ownMarketsOf(content: Content, account: Account | null, locale: Locale): OwnMarket[] {
  if (!account) return [];
  const datesByMarket = new Map<string, MarketDateRecord[]>();
  for (const date of Object.values(content.wko_market_dates)) {
    datesByMarket.set(date.wko_market_id, [...(datesByMarket.get(date.wko_market_id) ?? []), date]);
  }
  return Object.values(content.wko_markets[String(LANGUAGE_IDS[locale])] ?? {})
    .filter((market) => market.gkz === account.municipality.gkz)
    .sort((a, b) => a.title.localeCompare(b.title, locale))
    .map((market) => ({
      market,
      dates: (datesByMarket.get(market.id) ?? []).sort((a, b) => a.date_start.localeCompare(b.date_start)),
    }));
}

/** After every save: the time it was saved, and the watch for when the public directory shows it. */
export function noteSaved(marketId: string | null): void {
  $appState.setKey('lastUpdated', new Date().toISOString());
  watchPublishing(marketId);
}

/** Fields as the form holds them; nested values travel as JSON text (api.md: form data). */
export type MarketFields = Record<string, string>;

export async function saveMarket(fields: MarketFields): Promise<string> {
  const answer = await callApi<SavedRecords>('save_market', { fields });
  const id = Object.keys(Object.values(answer.wko_markets)[0] ?? {})[0] ?? '';
  mergeSaved(answer, { replaceDatesOf: id });
  noteSaved(id);
  return id;
}

export async function deleteMarket(id: string): Promise<void> {
  await callApi('delete_market', { fields: { id } });
  removeMarket(id);
  noteSaved(id);
}

/** Saves a date; answers its id, for the focus to land on its row (issue 53). */
export async function saveMarketDate(fields: MarketFields): Promise<string | undefined> {
  const answer = await callApi<SavedRecords>('save_market_date', { fields });
  mergeSaved(answer);
  noteSaved(fields['wko_market_id'] ?? null);
  return Object.keys(answer.wko_market_dates)[0];
}

/** Issue 53: some days of a date cancelled or given other times (change_market_days), also while it runs. */
export async function changeMarketDays(marketId: string, fields: MarketFields): Promise<string[]> {
  const answer = await callApi<SavedRecords>('change_market_days', { fields });
  mergeSaved(answer);
  noteSaved(marketId);
  // The dates written, in the order of their days (the answer is).
  return Object.keys(answer.wko_market_dates);
}

export async function deleteMarketDate(id: string): Promise<void> {
  const marketId = $content.get().wko_market_dates[id]?.wko_market_id ?? null;
  await callApi('delete_market_date', { fields: { id } });
  removeMarketDate(id);
  noteSaved(marketId);
}

/** Several new dates of one market at once (add_market_dates), all or none. */
export async function addMarketDates(marketId: string, dates: readonly object[]): Promise<void> {
  mergeSaved(
    await callApi<SavedRecords>('add_market_dates', {
      fields: { wko_market_id: marketId, dates: JSON.stringify(dates) },
    }),
  );
  noteSaved(marketId);
}
