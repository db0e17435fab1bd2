import type { MarketDateRecord, MarketRecord } from '../market.ts';
import { textsOf } from '../market-fields.ts';

/** A market record as the directory is built from it, for tests: public, without rule or image. */
export function sampleMarket(id: string, title: string, gkz = '62219'): MarketRecord & { changed_at: string } {
  return {
    id,
    gkz,
    title,
    ...textsOf(null),
    type: 'bauernmarkt',
    schedule: 'dates',
    rule: null,
    rrule: null,
    status: 'active',
    date_start: null,
    date_end: null,
    season_repeats: false,
    website: '',
    phone: '',
    email: '',
    image: null,
    hidden: false,
    version: 1,
    updated_at: '2027-01-01T00:00:00.000Z',
    changed_at: '2027-01-01T00:00:00.000Z',
  };
}

/** A market date that takes place on one day, for tests. */
export function sampleDate(
  marketId: string,
  day: string,
  id = `${marketId}-${day}`,
): MarketDateRecord & { replaces_date: null } {
  return {
    id,
    wko_market_id: marketId,
    date_start: day,
    date_end: day,
    time_from: null,
    time_to: null,
    status: 'takes_place',
    type: 'regular',
    note: '',
    hidden: false,
    version: 1,
    replaces_date: null,
  };
}
