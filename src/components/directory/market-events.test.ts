import { describe, expect, it } from 'vitest';
import type { DirectoryDate, DirectoryMarket, DirectoryMunicipality } from '../../lib/directory/directory.ts';
import { marketEvents } from './market-events.ts';

const date = (fields: Partial<DirectoryDate>): DirectoryDate => ({
  id: fields.date_start ?? 'd',
  date_start: '2027-06-05',
  date_end: '2027-06-05',
  time_from: '08:00',
  time_to: '12:00',
  status: 'takes_place',
  type: 'regular',
  note: '',
  replaces_date: null,
  ...fields,
});
const municipality = {
  gkz: '62219',
  name: 'Hartberg',
  postcode: '8230',
  website: 'https://www.hartberg.at',
  path: '',
  markets: [],
} as DirectoryMunicipality;
const market = {
  id: 'm1',
  title: 'Bauernmarkt',
  description: '',
  location: 'Hauptplatz',
  event_location: '',
  website: 'https://bauernmarkt.example',
  date_start: '2027-03-01',
  date_end: '2027-10-31',
  rule: {
    freq: 'weekly',
    interval: 1,
    weekdays: ['SA'],
    nth: null,
    time_from: '08:00',
    time_to: '12:00',
    dtstart: '2027-03-01',
  },
  dates: [
    date({ date_start: '2027-06-05', date_end: '2027-06-05', status: 'cancelled', type: 'cancelled' }),
    date({ date_start: '2027-06-14', date_end: '2027-06-14', type: 'changed', replaces_date: '2027-06-12' }),
    date({ date_start: '2027-06-19', date_end: '2027-06-19' }),
  ],
} as unknown as DirectoryMarket;

describe('marketEvents', () => {
  const graph = marketEvents(
    {
      market,
      municipality,
      stateName: 'Steiermark',
      site: undefined,
      pageUrl: undefined,
      facts: { lead: '', place: [], facts: [] },
    },
    '2027-01-01',
  )['@graph'] as Record<string, unknown>[];

  it('marks cancelled and moved dates as the calendar files do', () => {
    const byStart = new Map(graph.map((event) => [event['startDate'], event]));
    expect(byStart.get('2027-06-05T08:00:00+02:00')?.['eventStatus']).toBe('https://schema.org/EventCancelled');
    expect(byStart.get('2027-06-14T08:00:00+02:00')).toMatchObject({
      eventStatus: 'https://schema.org/EventRescheduled',
      previousStartDate: '2027-06-12T08:00:00+02:00',
    });
    expect(byStart.get('2027-06-19T08:00:00+02:00')?.['eventStatus']).toBe('https://schema.org/EventScheduled');
  });

  it('gives a weekly market one Event with its rule as eventSchedule', () => {
    expect(graph[0]?.['eventSchedule']).toEqual({
      '@type': 'Schedule',
      repeatFrequency: 'P1W',
      byDay: ['https://schema.org/Saturday'],
      startTime: '08:00:00',
      endTime: '12:00:00',
      scheduleTimezone: 'Europe/Vienna',
      startDate: '2027-03-01',
      endDate: '2027-10-31',
    });
    expect(graph.filter((event) => event['eventSchedule'])).toHaveLength(1);
    expect(graph[0]?.['startDate']).toBe('2027-06-19T08:00:00+02:00');
  });

  it('gives every Event a startDate (issue 21)', () => {
    expect(graph.every((event) => typeof event['startDate'] === 'string')).toBe(true);
  });

  it("names the municipality as organizer, with its own website, not the market's (issue 21)", () => {
    for (const event of graph)
      expect(event['organizer']).toEqual({
        '@type': 'GovernmentOrganization',
        name: 'Hartberg',
        url: 'https://www.hartberg.at',
      });
  });

  it('gives the location a PostalAddress with the street where the market names one (issue 21)', () => {
    for (const event of graph)
      expect(event['location']).toMatchObject({
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Hauptplatz',
          postalCode: '8230',
          addressLocality: 'Hartberg',
          addressRegion: 'Steiermark',
          addressCountry: 'AT',
        },
      });
  });

  it("leaves streetAddress and the organizer's url out where they are not known", () => {
    const [event] = marketEvents(
      {
        market: { ...market, location: 'Hartberg', event_location: 'Stadthalle' },
        municipality: { ...municipality, website: '' },
        stateName: 'Steiermark',
        site: undefined,
        pageUrl: undefined,
        facts: { lead: '', place: [], facts: [] },
      },
      '2027-01-01',
    )['@graph'] as unknown as Record<string, Record<string, unknown>>[];
    expect(event?.['organizer']).toEqual({ '@type': 'GovernmentOrganization', name: 'Hartberg' });
    expect(event?.['location']?.['name']).toBe('Stadthalle');
    expect(event?.['location']?.['address']).not.toHaveProperty('streetAddress');
  });
});
