import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { v5 as uuidv5 } from 'uuid';
import type { MarketType, RecurrenceRule, Weekday } from '../../lib/market.ts';
import { holidaySkipped, occurrences } from '../../lib/recurrence.ts';
import type { Database } from '../db/database.ts';
import {
  insertMarketDates,
  insertMarkets,
  newMarket,
  newMarketDate,
  type NewMarket,
  type NewMarketDate,
} from '../db/queries/markets.ts';
import { listMunicipalities } from '../db/queries/places.ts';

export interface AustriaScale {
  markets: number;
  /** On average; markets on a rule have many more, single events fewer. */
  datesPerMarket: number;
  /** The first of the two years the dates fall in. */
  year: number;
  /** The same seed gives the same data, so benchmarks measure the same thing every time. */
  seed: number;
}

/** The scale the design names: every municipality, 6,000 markets, 60,000 dates. */
export const AUSTRIA: Omit<AustriaScale, 'year'> = { markets: 6000, datesPerMarket: 10, seed: 2026 };

/** How each kind of market is held: markets on a rule, and events on a few days a year. */
interface Kind {
  type: MarketType;
  share: number;
  titles: string[];
  rule?: { freq: 'weekly' | 'monthly'; days: Weekday[][]; from: string; to: string };
  /** Days one event lasts, and the months it is held in. */
  event?: { days: number; months: number[]; from: string | null; to: string | null };
}

const KINDS: Kind[] = [
  {
    type: 'wochenmarkt',
    share: 0.14,
    titles: ['Wochenmarkt am Hauptplatz', 'Wochenmarkt {place}', 'Grüner Markt {place}'],
    rule: { freq: 'weekly', days: [['SA'], ['FR'], ['TU', 'FR'], ['WE']], from: '07:00', to: '12:00' },
  },
  {
    type: 'bauernmarkt',
    share: 0.22,
    titles: ['Bauernmarkt {place}', 'Bauernmarkt am Kirchplatz', 'Genussmarkt {place}'],
    rule: { freq: 'monthly', days: [['SA'], ['FR']], from: '08:00', to: '12:00' },
  },
  {
    type: 'kirtag',
    share: 0.2,
    titles: ['Kirtag {place}', 'Annakirtag', 'Michaelikirtag'],
    event: { days: 1, months: [5, 6, 7, 8, 9, 10], from: '09:00', to: '18:00' },
  },
  {
    type: 'jahrmarkt',
    share: 0.1,
    titles: ['Jahrmarkt {place}', 'Frühjahrsmarkt', 'Herbstmarkt'],
    event: { days: 1, months: [3, 4, 5, 9, 10], from: '08:00', to: '17:00' },
  },
  {
    type: 'weihnachtsmarkt',
    share: 0.12,
    titles: ['Adventmarkt {place}', 'Christkindlmarkt', 'Weihnachtsmarkt im Schlosshof'],
    event: { days: 3, months: [11, 12], from: '14:00', to: '20:00' },
  },
  {
    type: 'handwerksmarkt',
    share: 0.08,
    titles: ['Handwerksmarkt {place}', 'Kunsthandwerksmarkt'],
    event: { days: 2, months: [4, 5, 9], from: '10:00', to: '18:00' },
  },
  {
    type: 'gelegenheitsmarkt',
    share: 0.07,
    titles: ['Flohmarkt {place}', 'Gelegenheitsmarkt am Sportplatz'],
    event: { days: 1, months: [4, 5, 6, 7, 8, 9], from: '07:00', to: '13:00' },
  },
  {
    type: 'tiermarkt',
    share: 0.03,
    titles: ['Pferde- und Kleintiermarkt', 'Tiermarkt {place}'],
    event: { days: 1, months: [3, 10], from: '06:00', to: '12:00' },
  },
  {
    type: 'messe',
    share: 0.04,
    titles: ['{place}er Messe', 'Frühjahrsmesse {place}'],
    event: { days: 3, months: [3, 4, 9, 10], from: null, to: null },
  },
];

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EVENT_DATES = 2;
const MONTHLY_DATES = 12;
/** Dates written by one statement (each column an array parameter). */
const DATES_PER_STATEMENT = 5000;
const NAMESPACE = '6f1c2a9e-0d3b-4e57-8a41-3c9b7d2e5f10';
const ISO = 'yyyy-MM-dd';

/**
 * Fills a database that has the master data with generated markets: spread over every
 * municipality, each type held as such markets are (weekly and monthly ones on a rule within a
 * season, the others on a few days a year), about `datesPerMarket` dates each on average, one
 * date in thirty cancelled and one in fifty pending, a few markets hidden or inactive.
 * Ids are name-based, so the same scale and seed give the same records.
 */
export async function generateMarkets(db: Database, scale: AustriaScale): Promise<{ markets: number; dates: number }> {
  const next = random(scale.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const municipalities = await listMunicipalities(db);
  if (municipalities.length === 0) throw new Error('The database has no municipalities: import the master data first.');
  // Events have a date each year and monthly markets a year of dates; weekly markets carry the
  // rest, their season as long as it takes for the average to come out right.
  const share = (freq: 'weekly' | 'monthly') =>
    KINDS.filter((kind) => kind.rule?.freq === freq).reduce((sum, kind) => sum + kind.share, 0);
  const eventShare = 1 - share('weekly') - share('monthly');
  const weeklyLength = Math.round(
    (scale.datesPerMarket - eventShare * EVENT_DATES - share('monthly') * MONTHLY_DATES) / share('weekly'),
  );
  const seasonLength = { weekly: Math.max(1, weeklyLength), monthly: MONTHLY_DATES };

  const markets: NewMarket[] = [];
  const allDates: NewMarketDate[] = [];
  for (let i = 0; i < scale.markets; i += 1) {
    const municipality = municipalities[i % municipalities.length]!;
    const kind = kindOf(next());
    const title = pick(kind.titles).replace('{place}', municipality.name);
    const id = uuidv5(`${scale.seed}/${i}`, NAMESPACE);
    const { market, dates } = kind.rule
      ? ruleMarket(id, municipality, kind, title, scale.year, seasonLength[kind.rule.freq], next, pick)
      : eventMarket(id, municipality, kind, title, scale.year, next);
    const roll = next();
    markets.push({ ...market, hidden: roll < 0.02, status: roll > 0.99 ? 'inactive' : 'active' });
    allDates.push(...dates);
  }
  // Written in large statements: one per market and one per its dates were 12,000 trips to the
  // database's thread, 24 s at Austria scale (issue 51).
  await db.transaction(async (tx) => {
    await insertMarkets(tx, markets);
    for (let first = 0; first < allDates.length; first += DATES_PER_STATEMENT)
      await insertMarketDates(tx, allDates.slice(first, first + DATES_PER_STATEMENT));
  });
  return { markets: markets.length, dates: allDates.length };
}

function kindOf(roll: number): Kind {
  let sum = 0;
  for (const kind of KINDS) {
    sum += kind.share;
    if (roll < sum) return kind;
  }
  return KINDS.at(-1)!;
}

type Random = () => number;
type Place = { gkz: string; name: string };

function ruleMarket(
  id: string,
  place: Place,
  kind: Kind,
  title: string,
  year: number,
  seasonLength: number,
  next: Random,
  pick: <T>(list: readonly T[]) => T,
): { market: NewMarket; dates: NewMarketDate[] } {
  const spec = kind.rule!;
  const weekdays = pick(spec.days);
  const nth = spec.freq === 'monthly' ? pick([1, 2, 3, -1] as const) : null;
  const skipHolidays = next() < 0.7;
  // The season starts early in the year and runs until the rule has given its dates.
  const seasonStart = format(addDays(parseISO(`${year}-01-08`), Math.floor(next() * 50)), ISO);
  const rule: RecurrenceRule = {
    freq: spec.freq,
    interval: 1,
    weekdays,
    nth,
    time_from: spec.from,
    time_to: spec.to,
    dtstart: seasonStart,
    skip_holidays: skipHolidays,
  };
  const state = Number(place.gkz[0]);
  const days = occurrences(rule, seasonStart, `${year + 1}-12-31`)
    .filter((day) => !holidaySkipped(rule, day, state))
    .slice(0, seasonLength);
  const seasonEnd = days.at(-1) ?? seasonStart;
  const market = newMarket(place.gkz, {
    id,
    title,
    type: kind.type,
    rule,
    date_start: seasonStart,
    date_end: seasonEnd,
    ...placeDetailsOf(place),
  });
  return { market, dates: days.map((day) => dateOf(id, day, day, spec.from, spec.to, next)) };
}

function eventMarket(
  id: string,
  place: Place,
  kind: Kind,
  title: string,
  year: number,
  next: Random,
): { market: NewMarket; dates: NewMarketDate[] } {
  const spec = kind.event!;
  const month = spec.months[Math.floor(next() * spec.months.length)]!;
  const day = 1 + Math.floor(next() * 25);
  // The same time of year in both years; an event late in December ends by the 31st.
  const dates = [year, year + 1].map((y) => {
    const start = format(new Date(Date.UTC(y, month - 1, day)), ISO);
    const end = format(addDays(parseISO(start), spec.days - 1), ISO);
    return dateOf(id, start, end, spec.from, spec.to, next);
  });
  return { market: newMarket(place.gkz, { id, title, type: kind.type, ...placeDetailsOf(place) }), dates };
}

function dateOf(
  marketId: string,
  start: string,
  end: string,
  from: string | null,
  to: string | null,
  next: Random,
): NewMarketDate {
  const roll = next();
  const status = roll < 1 / 30 ? ('cancelled' as const) : roll < 1 / 30 + 1 / 50 ? ('pending' as const) : undefined;
  return newMarketDate(marketId, {
    id: uuidv5(`${marketId}/${start}`, NAMESPACE),
    date_start: start,
    date_end: end,
    time_from: from,
    time_to: to,
    ...(status === 'cancelled' ? { status, type: 'cancelled' as const } : status ? { status } : {}),
  });
}

function placeDetailsOf(place: Place): Partial<NewMarket> {
  return {
    description: 'Regionale Produkte, Handwerk und Gastronomie.',
    location: place.name,
    event_location: 'Hauptplatz',
    phone: '+43/3332/6030',
    website: 'https://www.example.at',
  };
}
