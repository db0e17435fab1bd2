import { useMemo } from 'react';
import type { Locale } from '../../lib/languages.ts';
import { ownMarketsOf, ownMarketsStore, type OwnMarket } from '../../stores/markets.ts';
import { useSeededStore } from '../app-root/seed.tsx';

/** The clerk's markets in the page's language; on the server, those of the page's seed. */
export function useOwnMarkets(locale: Locale): OwnMarket[] {
  const store = useMemo(() => ownMarketsStore(locale), [locale]);
  return useSeededStore(store, (seed) => ownMarketsOf(seed.content, seed.account, locale));
}
