import { translator } from '../../lib/i18n.ts';
import { LANGUAGE_IDS, LOCALES, type Locale } from '../../lib/languages.ts';
import type { ContentMarket, MarketRecord } from '../../lib/market.ts';

/** A market as a language group shows it: with its type's and status's labels in that language. */
export function labelsIn(locale: Locale): (market: MarketRecord) => ContentMarket {
  const t = translator(locale);
  return (market) => ({
    ...market,
    type_label: t(`market.type.${market.type}`),
    status_label: t(`market.status.${market.status}`),
  });
}

export function byId<T extends { id: string }>(records: readonly T[]): Record<string, T> {
  return Object.fromEntries(records.map((record) => [record.id, record]));
}

/** Markets grouped by language id, as a save answers them (api.md): the same labels as the content calls. */
export function groupsByLanguage(markets: readonly MarketRecord[]): Record<string, Record<string, ContentMarket>> {
  return Object.fromEntries(
    LOCALES.map((locale) => [String(LANGUAGE_IDS[locale]), byId(markets.map(labelsIn(locale)))]),
  );
}
