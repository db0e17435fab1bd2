import { v5 as uuidv5 } from 'uuid';
import type { MarketImage, RecurrenceRule } from '../../lib/market.ts';
import { holidaySkipped, occurrences } from '../../lib/recurrence.ts';
import type { Queryable } from '../db/database.ts';
import { allowEmailIfNew } from '../db/queries/allowed-emails.ts';
import { countMarkets } from '../db/queries/market-ids.ts';
import {
  insertMarket,
  insertMarketDates,
  newMarket,
  newMarketDate,
  type NewMarket,
  type NewMarketDate,
} from '../db/queries/markets.ts';
import { setMunicipalityContact } from '../db/queries/places.ts';

/** Hartberg, Steiermark: its area code 03332 is the one of the seed's phone examples. */
export const DEMO_GKZ = '62219';
export const DEMO_EMAIL = 'marktamt@hartberg.example';

/**
 * On the first start of an empty database: one municipality with an allowed staff address and
 * markets of several kinds with dates this year and next. Returns false when there were markets
 * already. Runs in the caller's transaction (prepare-database.ts), so it is all or nothing.
 */
export async function seedDemoData(
  db: Queryable,
  today: Date,
  /** Issue 20: the farmers' market's photo, made only when the demo is seeded (demo-photo.ts). */
  photo: () => Promise<MarketImage | null> = () => Promise.resolve(null),
): Promise<boolean> {
  if ((await countMarkets(db)) > 0) return false;
  const year = today.getFullYear();
  await setMunicipalityContact(db, DEMO_GKZ, { phone: '+43/3332/6030', website: 'https://www.hartberg.at' });
  // Staff addresses allowed before (an operator's, or a test's) stay as they are.
  await allowEmailIfNew(db, DEMO_EMAIL, DEMO_GKZ);
  const image = await photo();
  for (const { market, dates } of demoMarkets(year, image)) {
    await insertMarket(db, market);
    await insertMarketDates(db, dates);
  }
  return true;
}

interface DemoMarket {
  market: NewMarket;
  dates: NewMarketDate[];
}

function demoMarkets(year: number, farmersImage: MarketImage | null): DemoMarket[] {
  const next = year + 1;
  const saturdays: RecurrenceRule = {
    freq: 'weekly',
    interval: 1,
    weekdays: ['SA'],
    nth: null,
    time_from: '07:00',
    time_to: '12:00',
    dtstart: `${year}-01-01`,
    // Issue 53: no market on Christmas Day or New Year's Day when they fall on a Saturday.
    skip_holidays: true,
  };
  const firstFriday: RecurrenceRule = {
    freq: 'monthly',
    interval: 1,
    weekdays: ['FR'],
    nth: 1,
    time_from: '14:00',
    time_to: '18:00',
    dtstart: `${year}-03-01`,
  };

  const farmers = market({
    title: 'Bauernmarkt am Hauptplatz',
    type: 'bauernmarkt',
    rule: saturdays,
    event_location: 'Hauptplatz',
    description: 'Obst, Gemüse, Brot, Käse und Kürbiskernöl direkt von Bäuerinnen und Bauern aus der Region.',
    access_info: 'Stufenlos erreichbar, barrierefreies WC im Rathaus, Bus 3 bis Hauptplatz',
    image: farmersImage,
  });
  const farmersDates = regularDates(farmers.id, saturdays, `${year}-01-01`, `${next}-12-31`);
  // The last Saturday before Christmas the Hauptplatz belongs to the Adventmarkt; an extra market follows on the 23rd.
  const beforeChristmas = farmersDates.findLast((d) => d.date_start < `${year}-12-23`);
  if (beforeChristmas)
    Object.assign(beforeChristmas, {
      status: 'cancelled',
      type: 'cancelled',
      note: 'Entfällt: Der Hauptplatz gehört an diesem Tag dem Adventmarkt.',
    });
  farmersDates.push(
    date(farmers.id, `${year}-12-23`, `${year}-12-23`, '07:00', '12:00', {
      type: 'additional',
      note: 'Zusätzlicher Markt vor Weihnachten.',
    }),
  );

  const monthly = market({
    title: 'Monatsmarkt im Ökopark',
    type: 'wochenmarkt',
    rule: firstFriday,
    event_location: 'Ökopark Hartberg',
    description: 'Regionale Spezialitäten, Handwerk und Pflanzen an jedem ersten Freitag im Monat.',
    // Issue 53: every year from March to November.
    date_start: `${year}-03-01`,
    date_end: `${year}-11-30`,
    season_repeats: true,
  });
  const monthlyDates = [year, next].flatMap((season) =>
    regularDates(monthly.id, firstFriday, `${season}-03-01`, `${season}-11-30`),
  );

  const advent = market({
    title: 'Hartberger Adventmarkt',
    type: 'weihnachtsmarkt',
    event_location: 'Hauptplatz und Rathaushof',
    description: 'Punsch, Keksbäckerei, Krippenausstellung und Adventsingen vor dem Rathaus.',
    website: 'https://www.hartberg.at',
  });
  const kirtag = market({
    title: 'Kirtag zu Maria Himmelfahrt',
    type: 'kirtag',
    event_location: 'Altstadt',
    description: 'Der traditionelle Kirtag mit Fieranten, Ringelspiel und Blasmusik.',
    phone: '+43/3332/6030/14',
  });
  const craft = market({
    title: 'Handwerksmarkt im Schlosspark',
    type: 'handwerksmarkt',
    event_location: 'Schlosspark',
    description: 'Drechsler, Töpferinnen, Korbflechter und Schmiede zeigen ihr Handwerk.',
    email: 'kultur@hartberg.example',
  });
  const fair = market({
    title: 'Hartberger Frühjahrsmesse',
    type: 'messe',
    event_location: 'Stadthalle',
    floor: 'Erdgeschoss und 1. Stock',
    description: 'Bauen, Wohnen, Garten und Freizeit: Betriebe der Region stellen aus.',
  });
  const animals = market({
    title: 'Pferde- und Kleintiermarkt',
    type: 'tiermarkt',
    event_location: 'Messegelände',
    hidden: true,
    description: 'In Planung: noch nicht veröffentlicht.',
  });

  return [
    { market: farmers, dates: farmersDates },
    { market: monthly, dates: monthlyDates },
    {
      market: advent,
      dates: [
        date(advent.id, `${year}-11-27`, `${year}-12-23`, '14:00', '20:00'),
        date(advent.id, `${next}-11-26`, `${next}-12-23`, '14:00', '20:00'),
      ],
    },
    {
      market: kirtag,
      dates: [
        date(kirtag.id, `${year}-08-15`, `${year}-08-15`, '08:00', '18:00'),
        date(kirtag.id, `${next}-08-15`, `${next}-08-15`, '08:00', '18:00'),
      ],
    },
    {
      market: craft,
      dates: [
        date(craft.id, `${year}-05-01`, `${year}-05-01`, '09:00', '17:00'),
        date(craft.id, `${next}-05-01`, `${next}-05-01`, null, null, { status: 'pending' }),
      ],
    },
    { market: fair, dates: [date(fair.id, `${next}-04-16`, `${next}-04-18`, '09:00', '18:00')] },
    {
      market: animals,
      dates: [date(animals.id, `${next}-03-13`, `${next}-03-13`, '06:00', '12:00', { hidden: true })],
    },
  ];
}

/** Name-based ids (UUID v5), so every demo database has the same markets at the same addresses. */
const DEMO_NAMESPACE = 'a3c1f0de-5b7e-4c52-9d39-2f6a8c0b7e11';

function market(fields: Partial<NewMarket> & Pick<NewMarket, 'title' | 'type'>): NewMarket {
  return newMarket(DEMO_GKZ, { id: uuidv5(fields.title, DEMO_NAMESPACE), location: 'Hartberg', ...fields });
}

function date(
  marketId: string,
  start: string,
  end: string,
  from: string | null,
  to: string | null,
  extra: Partial<NewMarketDate> = {},
): NewMarketDate {
  return newMarketDate(marketId, { date_start: start, date_end: end, time_from: from, time_to: to, ...extra });
}

/** The rule's days as the server derives them: without the holidays the rule skips (Hartberg lies in Steiermark). */
function regularDates(marketId: string, rule: RecurrenceRule, from: string, to: string): NewMarketDate[] {
  const stateNumber = Number(DEMO_GKZ[0]);
  return occurrences(rule, from, to)
    .filter((day) => !holidaySkipped(rule, day, stateNumber))
    .map((day) => date(marketId, day, day, rule.time_from, rule.time_to));
}
