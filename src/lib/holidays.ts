/**
 * Austrian holidays: the 13 statutory public holidays of the Arbeitsruhegesetz (§ 7, without Karfreitag since
 * 2019), and the patron day of each federal state. Computed here rather than with `date-holidays`, which costs
 * ~240 KB gzipped in the browser bundle (its parser alone ~145 KB) against a 120 KB budget for the editing pages.
 * The state days (Landesfeiertage) follow date-holidays' AT data. They are ordinary working days: mostly only
 * schools and state offices close, so markets are held. "Skip holidays" skips the statutory ones only (issue 14);
 * skipping the state day is a choice of its own.
 */

export interface PublicHoliday {
  /** YYYY-MM-DD */
  date: string;
  name: { de: string; en: string; fr: string };
  /** `statutory`: a public holiday of the whole country (OpenStreetMap's `PH`); `state`: the state's patron day. */
  kind: 'statutory' | 'state';
}

type HolidayName = PublicHoliday['name'];

/** A fixed day of the year, or an offset in days from Easter Sunday. */
type HolidayRule = { month: number; day: number } | { easter: number };

const NATIONAL: readonly [HolidayRule, HolidayName][] = [
  [
    { month: 1, day: 1 },
    { de: 'Neujahr', en: "New Year's Day", fr: 'Jour de l’An' },
  ],
  [
    { month: 1, day: 6 },
    { de: 'Heilige Drei Könige', en: 'Epiphany', fr: 'Épiphanie' },
  ],
  [{ easter: 1 }, { de: 'Ostermontag', en: 'Easter Monday', fr: 'Lundi de Pâques' }],
  [
    { month: 5, day: 1 },
    { de: 'Staatsfeiertag', en: 'Labour Day', fr: 'Fête du Travail' },
  ],
  [{ easter: 39 }, { de: 'Christi Himmelfahrt', en: 'Ascension Day', fr: 'Ascension' }],
  [{ easter: 50 }, { de: 'Pfingstmontag', en: 'Whit Monday', fr: 'Lundi de Pentecôte' }],
  [{ easter: 60 }, { de: 'Fronleichnam', en: 'Corpus Christi', fr: 'Fête-Dieu' }],
  [
    { month: 8, day: 15 },
    { de: 'Mariä Himmelfahrt', en: 'Assumption Day', fr: 'Assomption' },
  ],
  [
    { month: 10, day: 26 },
    { de: 'Nationalfeiertag', en: 'National Day', fr: 'Fête nationale' },
  ],
  [
    { month: 11, day: 1 },
    { de: 'Allerheiligen', en: "All Saints' Day", fr: 'Toussaint' },
  ],
  [
    { month: 12, day: 8 },
    { de: 'Mariä Empfängnis', en: 'Immaculate Conception', fr: 'Immaculée Conception' },
  ],
  [
    { month: 12, day: 25 },
    { de: 'Christtag', en: 'Christmas Day', fr: 'Noël' },
  ],
  [
    { month: 12, day: 26 },
    { de: 'Stefanitag', en: "St Stephen's Day", fr: 'Saint-Étienne' },
  ],
];

const JOSEF: [HolidayRule, HolidayName] = [
  { month: 3, day: 19 },
  { de: 'Josefstag', en: "St Joseph's Day", fr: 'Saint-Joseph' },
];
const LEOPOLD: [HolidayRule, HolidayName] = [
  { month: 11, day: 15 },
  { de: 'Leopolditag', en: "St Leopold's Day", fr: 'Saint-Léopold' },
];

/** Keyed by the first digit of the municipality code (gkz). */
const BY_STATE: Readonly<Record<number, readonly [HolidayRule, HolidayName][]>> = {
  1: [
    [
      { month: 11, day: 11 },
      { de: 'Martinstag', en: "St Martin's Day", fr: 'Saint-Martin' },
    ],
  ],
  2: [
    JOSEF,
    [
      { month: 10, day: 10 },
      { de: 'Tag der Volksabstimmung', en: 'Plebiscite Day', fr: 'Jour du plébiscite' },
    ],
  ],
  3: [LEOPOLD],
  4: [
    [
      { month: 5, day: 4 },
      { de: 'Florianitag', en: "St Florian's Day", fr: 'Saint-Florian' },
    ],
  ],
  5: [
    [
      { month: 9, day: 24 },
      { de: 'Rupertitag', en: "St Rupert's Day", fr: 'Saint-Rupert' },
    ],
  ],
  6: [JOSEF],
  7: [JOSEF],
  8: [JOSEF],
  9: [LEOPOLD],
};

/**
 * The statutory holidays and the patron day of the state, sorted by date. Two holidays on one day stay two entries
 * (Christi Himmelfahrt fell on 1 May in 2008), as in date-holidays.
 * stateNumber: the first digit of the Austrian municipality code (gkz): 1 Burgenland, 2 Kärnten,
 * 3 Niederösterreich, 4 Oberösterreich, 5 Salzburg, 6 Steiermark, 7 Tirol, 8 Vorarlberg, 9 Wien;
 * any other number gives the national holidays only.
 */
export function publicHolidays(year: number, stateNumber: number): PublicHoliday[] {
  const easter = easterSunday(year);
  const dated =
    (kind: PublicHoliday['kind']) =>
    ([rule, name]: readonly [HolidayRule, HolidayName]): PublicHoliday => ({
      date:
        'easter' in rule ? isoDay(year, easter.month, easter.day + rule.easter) : isoDay(year, rule.month, rule.day),
      name,
      kind,
    });
  return [...NATIONAL.map(dated('statutory')), ...(BY_STATE[stateNumber] ?? []).map(dated('state'))].sort((a, b) =>
    a.date.localeCompare(b.date),
  );
}

/** Easter Sunday of the Gregorian calendar (anonymous algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

/** UTC keeps the day free of the local time zone; an overflowing day rolls into the next month. */
function isoDay(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}
