import type { MarketRecord, Weekday } from '../lib/market.ts';

const OSM_DAYS: Record<Weekday, string> = { MO: 'Mo', TU: 'Tu', WE: 'We', TH: 'Th', FR: 'Fr', SA: 'Sa', SU: 'Su' };
const OSM_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A market's rule as an OpenStreetMap `opening_hours` value, e.g. `Sa 08:00-12:00; PH off`, for
 * apps and maps that read that format. Markets on single dates have none, and neither do rules
 * every second (third, …) week or month: that syntax counts weeks from New Year, our rules from
 * the season's start.
 */
export function openingHoursOf(market: Pick<MarketRecord, 'rule' | 'date_start' | 'date_end'>): string | null {
  const { rule } = market;
  if (!rule || rule.interval !== 1) return null;
  const nth = rule.freq === 'monthly' && rule.nth ? `[${rule.nth}]` : '';
  const days = rule.weekdays.map((day) => `${OSM_DAYS[day]}${nth}`).join(',');
  const season =
    market.date_start && market.date_end ? `${monthDay(market.date_start)}-${monthDay(market.date_end)} ` : '';
  const holidays = rule.skip_holidays ? '; PH off' : '';
  return `${season}${days} ${rule.time_from}-${rule.time_to}${holidays}`;
}

/** `2027-03-15` → `Mar 15`. */
function monthDay(isoDay: string): string {
  return `${OSM_MONTHS[Number(isoDay.slice(5, 7)) - 1]} ${isoDay.slice(8, 10)}`;
}
