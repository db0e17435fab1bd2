import { translator } from '../../lib/i18n.ts';
import { LANGUAGE_IDS, LOCALES, type Locale } from '../../lib/languages.ts';
import type { ContentMarket, MarketDateRecord, MarketRecord } from '../../lib/market.ts';

export type ContentKind = 'dates' | 'markets';

/** The groups of an answer: one for dates; one per language id for markets, each holding every market. */
export const GROUP_KEYS: Record<ContentKind, readonly string[]> = {
  dates: [''],
  markets: LOCALES.map((locale) => String(LANGUAGE_IDS[locale])),
};

/** One record of an answer: its municipality and its JSON member (`"<id>":{…}`) in each group. */
export interface ContentRecord {
  id: string;
  gkz: string;
  members: readonly string[];
}

const member = (record: { id: string }) => `${JSON.stringify(record.id)}:${JSON.stringify(record)}`;

export function dateRecord(date: MarketDateRecord, gkz: string): ContentRecord {
  return { id: date.id, gkz, members: [member(date)] };
}

const LABELS = LOCALES.map((locale) => labelsIn(locale));

/** A market stands in every language group, with its labels in that group's language. */
export function marketRecord(market: MarketRecord): ContentRecord {
  return { id: market.id, gkz: market.gkz, members: LABELS.map((label) => member(label(market))) };
}

export function labelsIn(locale: Locale): (market: MarketRecord) => ContentMarket {
  const t = translator(locale);
  return (market) => ({
    ...market,
    type_label: t(`market.type.${market.type}`),
    status_label: t(`market.status.${market.status}`),
  });
}
