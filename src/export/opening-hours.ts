import { publicHolidays } from '../lib/holidays.ts';
import type { MarketRecord, Weekday } from '../lib/market.ts';

const OSM_DAYS: Record<Weekday, string> = { MO: 'Mo', TU: 'Tu', WE: 'We', TH: 'Th', FR: 'Fr', SA: 'Sa', SU: 'Su' };
const OSM_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A market's rule as an OpenStreetMap `opening_hours` value, e.g. `Sa 08:00-12:00; PH off`, for
 * apps and maps that read that format. Every regular date the market publishes is open under it
 * (checked with the format's reference parser over Austria-scale data). Markets on single dates
 * have none, and neither do rules every second (third, …) week or month: that syntax counts weeks
 * from New Year, our rules from their anchor.
 */
export function openingHoursOf(market: Pick<MarketRecord, 'rule' | 'date_start' | 'date_end' | 'gkz'>): string | null {
  const { rule } = market;
  if (!rule || rule.interval !== 1) return null;
  const nth = rule.freq === 'monthly' && rule.nth ? `[${rule.nth}]` : '';
  const days = rule.weekdays.map((day) => `${OSM_DAYS[day]}${nth}`).join(',');
  const season = market.date_start && market.date_end ? `${seasonOf(market.date_start, market.date_end)} ` : '';
  // `PH` is the statutory holidays of the market's country; a state's patron day is named by its day.
  const holidays = rule.skip_holidays ? ['PH off'] : [];
  const stateDays = rule.skip_state_holidays
    ? publicHolidays(2000, Number(market.gkz.slice(0, 1)))
        .filter((holiday) => holiday.kind === 'state')
        .map((holiday) => `${monthDay(holiday.date)} off`)
    : [];
  return [`${season}${days} ${rule.time_from}-${rule.time_to}`, ...holidays, ...stateDays].join('; ');
}

/**
 * `Mar 15-Oct 31` for a season within one calendar year (the same span every year); with years,
 * `2026 Nov 20-2027 Jan 06`, for one over New Year, which without them would read "every year
 * from 20 November to 6 January" and take in January of the season's first year.
 */
function seasonOf(start: string, end: string): string {
  return start.slice(0, 4) === end.slice(0, 4)
    ? `${monthDay(start)}-${monthDay(end)}`
    : `${start.slice(0, 4)} ${monthDay(start)}-${end.slice(0, 4)} ${monthDay(end)}`;
}

/** `2027-03-15` → `Mar 15`. */
function monthDay(isoDay: string): string {
  return `${OSM_MONTHS[Number(isoDay.slice(5, 7)) - 1]} ${isoDay.slice(8, 10)}`;
}
