/**
 * A market's season (api.md): the days its dates may fall on, from `date_start` to `date_end`,
 * either end open. A season that repeats (issue 53) holds the same span every year from its first
 * year on: "every year from 1 April to 31 October", also across New Year (15 November to 6 January).
 * Days are YYYY-MM-DD strings.
 */
export interface Season {
  date_start: string | null;
  date_end: string | null;
  season_repeats: boolean;
}

/** A span of whole days, both ends included. */
export interface DaySpan {
  date_start: string;
  date_end: string;
}

/** The days no season closes: a market without one may hold dates on any day. */
const OPEN: DaySpan = { date_start: '0000-01-01', date_end: '9999-12-31' };

/** The span of the season that holds `day`, or null when `day` lies outside the season. */
export function seasonSpanOf(season: Season, day: string): DaySpan | null {
  const { date_start: start, date_end: end } = season;
  if (!season.season_repeats || !start || !end) {
    const span = { date_start: start ?? OPEN.date_start, date_end: end ?? OPEN.date_end };
    return day >= span.date_start && day <= span.date_end ? span : null;
  }
  const firstYear = yearOf(start);
  const years = yearOf(end) - firstYear; // 0, or 1 for a season across New Year
  for (let year = yearOf(day) - years; year <= yearOf(day); year += 1) {
    const span = { date_start: inYear(start, year), date_end: inYear(end, year + years) };
    if (year >= firstYear && day >= span.date_start && day <= span.date_end) return span;
  }
  return null;
}

/**
 * The span a clerk means for `day` (issue 53: "außerhalb der Saison 1. April – 31. Oktober 2027"):
 * the one holding it, else the span of a repeating season that begins in its year (the first one,
 * before the season began), else the fixed season with its open end left open.
 */
export function seasonSpanNear(season: Season, day: string): Partial<DaySpan> {
  const { date_start: start, date_end: end } = season;
  if (!season.season_repeats || !start || !end) {
    return { ...(start ? { date_start: start } : {}), ...(end ? { date_end: end } : {}) };
  }
  const held = seasonSpanOf(season, day);
  if (held) return held;
  const year = Math.max(yearOf(day), yearOf(start));
  return { date_start: inYear(start, year), date_end: inYear(end, year + yearOf(end) - yearOf(start)) };
}

/** Whether a date from `first` to `last` lies inside one span of the season. */
export function fitsSeason(season: Season, first: string, last: string): boolean {
  const span = seasonSpanOf(season, first);
  return span !== null && last <= span.date_end;
}

/** A repeating season is a span of less than a year: its spans never overlap. */
export function isYearlySpan(start: string, end: string): boolean {
  return end >= start && end < inYear(start, yearOf(start) + 1);
}

function yearOf(day: string): number {
  return Number(day.slice(0, 4));
}

/** The day of `day`'s month and day in `year`; 29 February is the 28th in a common year. */
function inYear(day: string, year: number): string {
  const monthDay = day.slice(5);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return `${String(year).padStart(4, '0')}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`;
}

/**
 * The months of a season of whole months, from the first of one to the last of another
 * ([4, 5, …, 10] for April to October, [11, 12, 1] for November to January); null otherwise.
 */
export function seasonMonths(season: Pick<Season, 'date_start' | 'date_end'>): number[] | null {
  const { date_start: start, date_end: end } = season;
  if (!start || !end || !start.endsWith('-01') || !isMonthsLastDay(end)) return null;
  const first = Number(start.slice(5, 7));
  const count = (yearOf(end) - yearOf(start)) * 12 + Number(end.slice(5, 7)) - first + 1;
  return Array.from({ length: Math.min(count, 12) }, (_, index) => ((first - 1 + index) % 12) + 1);
}

function isMonthsLastDay(day: string): boolean {
  const [year, month] = [yearOf(day), Number(day.slice(5, 7))];
  return Number(day.slice(8)) === new Date(Date.UTC(year, month, 0)).getUTCDate();
}
