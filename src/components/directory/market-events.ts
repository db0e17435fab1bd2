import type { DirectoryMarket, DirectoryMunicipality } from '../../lib/directory/directory.ts';
import { viennaOffset } from '../../lib/directory/format.ts';
import { viennaDay } from '../../lib/market-rules.ts';

/** Enough upcoming dates for search engines without bloating the page of a weekly market. */
const MAX_EVENTS = 12;

interface Input {
  market: DirectoryMarket;
  municipality: DirectoryMunicipality;
  stateName: string;
  site: URL | undefined;
  /** The page's own address, in its language. */
  pageUrl: string | undefined;
}

/** schema.org Events for a market's coming dates; cancelled ones say so with eventStatus. */
export function marketEvents({ market, municipality, stateName, site, pageUrl }: Input, today = viennaDay(new Date())) {
  const location = {
    '@type': 'Place',
    name: market.event_location || market.location || municipality.name,
    address: {
      '@type': 'PostalAddress',
      postalCode: municipality.postcode,
      addressLocality: market.location || municipality.name,
      addressRegion: stateName,
      addressCountry: 'AT',
    },
  };
  // The portal's own copy, as on the page (see market-page.astro).
  const image = market.image_file && site ? new URL(market.image_file, site).href : undefined;
  const at = (day: string, time: string | null) => (time ? `${day}T${time}:00${viennaOffset(day)}` : day);
  return {
    '@context': 'https://schema.org',
    '@graph': market.dates
      .filter((date) => date.date_end >= today)
      .slice(0, MAX_EVENTS)
      .map((date) => ({
        '@type': 'Event',
        name: market.title,
        ...(market.description ? { description: market.description } : {}),
        startDate: at(date.date_start, date.time_from),
        endDate: at(date.date_end, date.time_to),
        eventStatus:
          date.status === 'cancelled' ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location,
        ...(image ? { image: [image] } : {}),
        organizer: {
          '@type': 'Organization',
          name: municipality.name,
          ...(market.website ? { url: market.website } : {}),
        },
        ...(pageUrl ? { url: pageUrl } : {}),
      })),
  };
}
