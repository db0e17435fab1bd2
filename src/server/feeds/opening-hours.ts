import { publicHolidays } from '../../lib/holidays.ts';
import type { MarketDateRecord, MarketRecord, RecurrenceRule, Weekday } from '../../lib/market.ts';
import { occurrences } from '../../lib/recurrence.ts';
import { feastWindow, lastDayOf } from '../../lib/yearly-rules.ts';

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
  market: Pick<MarketRecord, 'rule' | 'date_start' | 'date_end' | 'season_repeats' | 'gkz'>,
  dates: readonly Dated[],
): string | null {
  const { rule } = market;
  if (!rule || rule.interval !== 1 || rule.time_to <= rule.time_from) return null;
  const fits = (date: Dated) =>
    date.date_end === lastDayOf(rule, date.date_start) &&
    date.time_from === rule.time_from &&
    date.time_to === rule.time_to &&
    occurrences(rule, date.date_start, date.date_start).length === 1;
  if (!dates.filter((date) => date.type === 'regular').every(fits)) return null;
  const nth = rule.freq === 'monthly' && rule.nth ? `[${rule.nth}]` : '';
  // A yearly rule's days hold every year: a season with an end would need a second month selector.
  if (rule.freq === 'yearly' && market.date_end) return null;
  const days =
    rule.freq === 'yearly' ? yearlyDays(rule) : rule.weekdays.map((day) => `${OSM_DAYS[day]}${nth}`).join(',');
  if (days === null) return null;
  // `PH` is the statutory holidays of the market's country; a state's patron day is named by its
  // day, the same every year (holidays.ts: no state day follows Easter).
  const holidays = rule.skip_holidays ? ['PH off'] : [];
  const stateDays = rule.skip_state_holidays
    ? publicHolidays(2000, Number(market.gkz.slice(0, 1)))
        .filter((holiday) => holiday.kind === 'state')
        .map((holiday) => `${monthDay(holiday.date)} off`)
    : [];
  const open = seasonSelectors(market, rule).map((season) => `${season}${days} ${rule.time_from}-${rule.time_to}`);
  return [...open, ...holidays, ...stateDays].join('; ');
}

/**
 * The season as the format's selectors, each ending in a space. The rule's days begin at its
 * anchor (the season's start, when there is one); a season's end closes them. A season that
 * repeats holds from its first year on, `2026+ Apr 01-Oct 31`; across New Year its two parts begin
 * in their own years, so no January before the first season is open.
 */
function seasonSelectors(
  market: Pick<MarketRecord, 'date_start' | 'date_end' | 'season_repeats'>,
  rule: RecurrenceRule,
) {
  const { date_start: start, date_end: end } = market;
  if (!end) return [''];
  if (!market.season_repeats || !start) return [`${dayOf(start ?? rule.dtstart)}-${dayOf(end)} `];
  const year = Number(start.slice(0, 4));
  if (end.slice(0, 4) === start.slice(0, 4)) return [`${year}+ ${monthDay(start)}-${monthDay(end)} `];
  return [`${year}+ ${monthDay(start)}-Dec 31 `, `${year + 1}+ Jan 01-${monthDay(end)} `];
}

/**
 * A yearly rule's days (issue 53), where the format can say them: `easter +51 days`, `Oct Su[3]`,
 * `Sep Su[3] -2 days,Su[3] -1 day,Su[3],Su[3] +1 day` (a Jahrmarkt from the Friday before the third
 * Sunday), `Nov 12-Nov 18 Su` (the Sunday after Martini). Null where the days could leave the
 * month its selector names, and for a feast's weekday moved by days or lasting several.
 */
function yearlyDays(rule: RecurrenceRule): string | null {
  const offset = rule.offset ?? 0;
  const shifts = Array.from({ length: rule.days ?? 1 }, (_, index) => offset + index);
  const moved = (shift: number) =>
    shift === 0 ? '' : ` ${shift > 0 ? '+' : '-'}${Math.abs(shift)} day${Math.abs(shift) === 1 ? '' : 's'}`;
  if (rule.easter_offset !== undefined)
    return shifts.map((shift) => `easter${moved(rule.easter_offset! + shift)}`).join(',');
  const weekday = OSM_DAYS[rule.weekdays[0]!];
  if (rule.feast !== undefined) {
    const window = shifts.length === 1 && offset === 0 ? feastWindow(rule) : null;
    if (!window) return null;
    const month = OSM_MONTHS[window.month - 1];
    const day = (number: number) => `${month} ${String(number).padStart(2, '0')}`;
    return `${day(window.days[0]!)}-${day(window.days.at(-1)!)} ${weekday}`;
  }
  // The days must stay in the month its selector names, in every year: the n-th weekday lies on
  // days 7n−6 to 7n, the last one in the month's last seven days (from the 22nd in February).
  const [first, last] = [shifts[0]!, shifts.at(-1)!];
  const inMonth =
    rule.nth === -1
      ? 22 + first >= 1 && last <= 0
      : ((rule.nth ?? 1) - 1) * 7 + 1 + first >= 1 && (rule.nth ?? 1) * 7 + last <= 28;
  // The format moves a weekday by six days at most.
  if (!inMonth || first < -6 || last > 6) return null;
  const days = shifts.map((shift) => `${weekday}[${rule.nth}]${moved(shift)}`).join(',');
  return `${OSM_MONTHS[(rule.month ?? 1) - 1]} ${days}`;
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
