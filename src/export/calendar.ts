import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { dayFormatter } from '../lib/directory/format.ts';
import { translator } from '../lib/i18n.ts';
import type { Locale } from '../lib/languages.ts';
import type { MarketRecord } from '../lib/market.ts';
import { icalStatusOf } from './date-mapping.ts';
import type { Place, PublishedDate } from './published.ts';

/**
 * iCalendar (RFC 5545) files of market dates: one event per published date, times in
 * Europe/Vienna. Written here rather than with a generator library because those format a
 * JavaScript Date in the server process's own time zone; our dates are Vienna wall-clock times.
 */

export interface CalendarMarket {
  market: MarketRecord;
  place: Place | undefined;
  dates: PublishedDate[];
}

/** The Austrian rules since 1981 (last Sunday of March and of October), as every calendar expects them. */
const VIENNA = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Vienna',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19810329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19961027T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/**
 * The calendar named `name` with every date of the given markets. `host` makes the event ids
 * (the date ids are stable, so a subscribed calendar updates its events instead of doubling them).
 */
export function calendarOf(name: string, markets: CalendarMarket[], host: string, locale: Locale): string {
  const t = translator(locale);
  const formatDay = dayFormatter(locale, { year: 'numeric' });
  const movedFrom = (day: string) => t('feeds.movedFrom', { date: formatDay(day) });
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(host)}//Marktverzeichnis//DE`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    'X-WR-TIMEZONE:Europe/Vienna',
    ...VIENNA,
    ...markets.flatMap((entry) => entry.dates.flatMap((date) => eventOf(entry, date, host, movedFrom))),
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

function eventOf(
  { market, place }: CalendarMarket,
  date: PublishedDate,
  host: string,
  movedFrom: (day: string) => string,
): string[] {
  const where = [market.event_location, market.location, place && `${place.postcode} ${place.municipality}`];
  const moved = date.type === 'changed' && date.replaces_date ? movedFrom(date.replaces_date) : '';
  const description = [market.description, moved, date.note].filter(Boolean).join('\n');
  return [
    'BEGIN:VEVENT',
    `UID:${date.id}@${host}`,
    `DTSTAMP:${utcStamp(market.updated_at)}`,
    ...timesOf(date),
    `SUMMARY:${escapeText(market.title)}`,
    ...(where.some(Boolean) ? [`LOCATION:${escapeText(where.filter(Boolean).join(', '))}`] : []),
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
    `STATUS:${icalStatusOf(date)}`,
    'END:VEVENT',
  ];
}

/** Whole days without times (DTEND is the day after); Vienna times with them. */
function timesOf(date: PublishedDate): string[] {
  const day = (iso: string) => iso.replaceAll('-', '');
  if (!date.time_from) {
    const after = format(addDays(parseISO(date.date_end), 1), 'yyyyMMdd');
    return [`DTSTART;VALUE=DATE:${day(date.date_start)}`, `DTEND;VALUE=DATE:${after}`];
  }
  const clock = (time: string) => `T${time.replace(':', '')}00`;
  const start = `DTSTART;TZID=Europe/Vienna:${day(date.date_start)}${clock(date.time_from)}`;
  if (!date.time_to) return [start];
  // A market into the night (18:00–02:00 on one day) ends the next morning.
  const endDay =
    date.date_end === date.date_start && date.time_to <= date.time_from
      ? format(addDays(parseISO(date.date_end), 1), 'yyyy-MM-dd')
      : date.date_end;
  return [start, `DTEND;TZID=Europe/Vienna:${day(endDay)}${clock(date.time_to)}`];
}

function utcStamp(iso: string): string {
  return `${new Date(iso).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
}

/**
 * RFC 5545 3.3.11: backslash, semicolon, comma and line breaks escaped. A lone CR counts as a line
 * break too (issue 15, L7): some clients end a line there, and the text would go on as a property.
 */
function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** RFC 5545 3.1: lines longer than 75 octets go on in lines that start with a space, never inside a character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(part);
      part = '';
      octets = 0;
    }
    part += character;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}
