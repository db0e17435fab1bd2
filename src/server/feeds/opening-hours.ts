import { publicHolidays } from '../../lib/holidays.ts';
import type { MarketDateRecord, MarketRecord, Weekday } from '../../lib/market.ts';
import { occurrences } from '../../lib/recurrence.ts';

const OSM_DAYS: Record<Weekday, string> = { MO: 'Mo', TU: 'Tu', WE: 'We', TH: 'Th', FR: 'Fr', SA: 'Sa', SU: 'Su' };
const OSM_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

type Dated = Pick<MarketDateRecord, 'date_start' | 'date_end' | 'time_from' | 'time_to' | 'type'>;

/**
 * A market's rule as an OpenStreetMap `opening_hours` value, e.g. `Sa 08:00-12:00; PH off`, for
 * apps and maps that read that format. Every regular date the market publishes is open under it
 * (checked with the format's reference parser over Austria-scale data); where one is not — a date
 * left from before the rule changed its days or times — there is no value. Markets on single dates
 * have none, and neither do rules every second (third, …) week or month: that syntax counts weeks
 * from New Year, our rules from their anchor.
 */
export function openingHoursOf(
  market: Pick<MarketRecord, 'rule' | 'date_start' | 'date_end' | 'gkz'>,
  dates: readonly Dated[],
): string | null {
  const { rule } = market;
  if (!rule || rule.interval !== 1 || rule.time_to <= rule.time_from) return null;
  const fits = (date: Dated) =>
    date.date_end === date.date_start &&
    date.time_from === rule.time_from &&
    date.time_to === rule.time_to &&
    occurrences(rule, date.date_start, date.date_start).length === 1;
  if (!dates.filter((date) => date.type === 'regular').every(fits)) return null;
  const nth = rule.freq === 'monthly' && rule.nth ? `[${rule.nth}]` : '';
  const days = rule.weekdays.map((day) => `${OSM_DAYS[day]}${nth}`).join(',');
  // The rule's days begin at its anchor (the season's start, when there is one); a season's end closes them.
  const season = market.date_end ? `${dayOf(market.date_start ?? rule.dtstart)}-${dayOf(market.date_end)} ` : '';
  // `PH` is the statutory holidays of the market's country; a state's patron day is named by its
  // day, the same every year (holidays.ts: no state day follows Easter).
  const holidays = rule.skip_holidays ? ['PH off'] : [];
  const stateDays = rule.skip_state_holidays
    ? publicHolidays(2000, Number(market.gkz.slice(0, 1)))
        .filter((holiday) => holiday.kind === 'state')
        .map((holiday) => `${monthDay(holiday.date)} off`)
    : [];
  return [`${season}${days} ${rule.time_from}-${rule.time_to}`, ...holidays, ...stateDays].join('; ');
}

/**
 * `2027 Mar 15`: both ends of a season carry their years, as the format needs for a span of
 * days; without them `Nov 20-Jan 06` would read "every year from November to January".
 */
function dayOf(isoDay: string): string {
  return `${isoDay.slice(0, 4)} ${monthDay(isoDay)}`;
}

/** `2027-03-15` → `Mar 15`. */
function monthDay(isoDay: string): string {
  return `${OSM_MONTHS[Number(isoDay.slice(5, 7)) - 1]} ${isoDay.slice(8, 10)}`;
}
