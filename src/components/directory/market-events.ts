import { movedFrom, schemaEventStatusOf } from '../../lib/directory/date-mapping.ts';
import type { DirectoryMarket, DirectoryMunicipality } from '../../lib/directory/directory.ts';
import { viennaOffset } from '../../lib/directory/format.ts';
import { factLine, type MarketFacts } from '../../lib/directory/market-facts.ts';
import type { RecurrenceRule, Weekday } from '../../lib/market.ts';
import { viennaDay } from '../../lib/market-rules.ts';
import { seasonMonths } from '../../lib/seasons.ts';

/** Enough upcoming dates for search engines without bloating the page of a weekly market. */
const MAX_EVENTS = 12;

interface Input {
  market: DirectoryMarket;
  municipality: DirectoryMunicipality;
  stateName: string;
  site: URL | undefined;
  /** The page's own address, in its language. */
  pageUrl: string | undefined;
  /** The market's free texts as the page shows them (market-facts.ts). */
  facts: MarketFacts;
}

const SCHEMA_DAYS: Record<Weekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

/**
 * schema.org Events for a market's coming dates, with the status the iCalendar files give them
 * (lib/directory/date-mapping.ts): cancelled, rescheduled from the regular day, or scheduled. A weekly
 * market also gets one Event whose eventSchedule is its rule.
 */
export function marketEvents(
  { market, municipality, stateName, site, pageUrl, facts }: Input,
  today = viennaDay(new Date()),
) {
  const description = [facts.lead, ...facts.facts.map(factLine)].join('\n');
  // The market's "Ort" is its street or square ("Hauptplatz"); one that merely names the municipality adds nothing.
  const street = market.location && market.location !== municipality.name ? market.location : '';
  const location = {
    '@type': 'Place',
    name: market.event_location || street || municipality.name,
    address: {
      '@type': 'PostalAddress',
      ...(street ? { streetAddress: street } : {}),
      postalCode: municipality.postcode,
      addressLocality: municipality.name,
      addressRegion: stateName,
      addressCountry: 'AT',
    },
  };
  // The portal's own copy, as on the page (see market-page.astro).
  const image = market.image_file && site ? new URL(market.image_file, site).href : undefined;
  const at = (day: string, time: string | null) => (time ? `${day}T${time}:00${viennaOffset(day)}` : day);
  const common = {
    '@type': 'Event',
    name: market.title,
    ...(description ? { description } : {}),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location,
    ...(image ? { image: [image] } : {}),
    // Issue 21: the municipality holds the market; the market's own website is the event's, not the organizer's.
    organizer: {
      '@type': 'GovernmentOrganization',
      name: municipality.name,
      ...(municipality.website ? { url: municipality.website } : {}),
    },
    ...(pageUrl ? { url: pageUrl } : {}),
  };
  const dates = market.dates
    .filter((date) => date.date_end >= today)
    .slice(0, MAX_EVENTS)
    .map((date) => {
      const from = movedFrom(date);
      return {
        ...common,
        startDate: at(date.date_start, date.time_from),
        endDate: at(date.date_end, date.time_to),
        eventStatus: schemaEventStatusOf(date),
        ...(from ? { previousStartDate: at(from, date.time_from) } : {}),
      };
    });
  const rule = market.rule;
  // Every Event needs a startDate (Google's rich results): the series starts at its next regular date.
  const next = market.dates.find((date) => date.type === 'regular' && date.date_start >= today);
  // A season that repeats is said by its months; one of other days has no schema.org form.
  const series =
    rule?.freq === 'weekly' && (!market.season_repeats || seasonMonths(market))
      ? [
          {
            ...common,
            startDate: at(next?.date_start ?? rule.dtstart, rule.time_from),
            eventSchedule: scheduleOf(rule, market),
          },
        ]
      : [];
  return { '@context': 'https://schema.org', '@graph': [...series, ...dates] };
}

/**
 * A weekly rule as a schema.org Schedule: every `interval` weeks counted from the rule's anchor
 * (its startDate, so a reader finds the right weeks), up to the season's end when there is one, or
 * in the season's months every year.
 */
function scheduleOf(rule: RecurrenceRule, market: Pick<DirectoryMarket, 'date_start' | 'date_end' | 'season_repeats'>) {
  const months = market.season_repeats ? seasonMonths(market) : null;
  return {
    '@type': 'Schedule',
    repeatFrequency: `P${rule.interval}W`,
    byDay: rule.weekdays.map((day) => `https://schema.org/${SCHEMA_DAYS[day]}`),
    startTime: `${rule.time_from}:00`,
    endTime: `${rule.time_to}:00`,
    scheduleTimezone: 'Europe/Vienna',
    startDate: rule.dtstart,
    ...(months ? { byMonth: months } : market.date_end ? { endDate: market.date_end } : {}),
  };
}
