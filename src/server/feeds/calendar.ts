import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { icalStatusOf, movedFrom } from '../../lib/directory/date-mapping.ts';
import { dayFormatter, viennaOffset } from '../../lib/directory/format.ts';
import { factLine, marketFacts } from '../../lib/directory/market-facts.ts';
import { translator, type Translate } from '../../lib/i18n.ts';
import type { Locale } from '../../lib/languages.ts';
import type { MarketRecord } from '../../lib/market.ts';
import { occurrences, rruleOf } from '../../lib/recurrence.ts';
import type { Place } from '../db/queries/places.ts';
import type { MarketRevision } from '../db/queries/market-revisions.ts';
import type { PublishedDate } from '../db/published.ts';

/**
 * iCalendar (RFC 5545) files of market dates, times in Europe/Vienna. A weekly or monthly market's
 * regular dates are one recurring event, its rule with DTSTART and EXDATE; every other published
 * date (cancelled, changed, additional, pending, with a note, or at other times) is an event of its
 * own. Written here rather than with a generator library because those format a JavaScript Date
 * in the server process's own time zone; our dates are Vienna wall-clock times.
 */

export interface CalendarMarket {
  market: MarketRecord;
  place: Place | undefined;
  dates: PublishedDate[];
  /** How far the market and its dates have moved on (migration 0012). */
  revision: MarketRevision;
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
  const movedText = (day: string) => t('feeds.movedFrom', { date: formatDay(day) });
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(host)}//Marktverzeichnis//DE`,
    'CALSCALE:GREGORIAN',
    // No METHOD: it belongs to scheduling messages (RFC 5546), where PUBLISH needs an ORGANIZER; a feed has neither.
    `X-WR-CALNAME:${escapeText(name)}`,
    'X-WR-TIMEZONE:Europe/Vienna',
    ...VIENNA,
    ...markets.flatMap((entry) => {
      const { series, single } = splitByRule(entry);
      return [
        ...(series.length > 0 ? seriesOf(entry, series, host, t) : []),
        ...single.flatMap((date) => eventOf(entry, date, host, movedText, t)),
      ];
    }),
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/**
 * The dates the rule alone describes — regular, taking place, on a day of the rule, at its times,
 * without a note — and the others, which are events of their own.
 */
function splitByRule({ market, dates }: CalendarMarket): { series: PublishedDate[]; single: PublishedDate[] } {
  const { rule } = market;
  const byRule = (date: PublishedDate) =>
    rule !== null &&
    rruleOf(rule) !== null && // a rule RFC 5545 cannot say (Easter, an offset): its dates are events of their own
    date.type === 'regular' &&
    date.status === 'takes_place' &&
    date.note === '' &&
    date.date_end === date.date_start &&
    date.time_from === rule.time_from &&
    date.time_to === rule.time_to &&
    occurrences(rule, date.date_start, date.date_start).length === 1;
  return { series: dates.filter(byRule), single: dates.filter((date) => !byRule(date)) };
}

/**
 * The regular dates as one recurring event (RFC 5545 3.8.5). DTSTART is the first of them: a day
 * of the rule counted from its anchor (rule.dtstart), so INTERVAL keeps the anchor's phase; every
 * day of the rule up to the last that has no such date is an EXDATE.
 */
function seriesOf(entry: CalendarMarket, series: PublishedDate[], host: string, t: Translate): string[] {
  const rule = entry.market.rule!;
  const first = series[0]!.date_start;
  const last = series.at(-1)!.date_start;
  const held = new Set(series.map((date) => date.date_start));
  const clock = (time: string) => `T${time.replace(':', '')}00`;
  const vienna = (day: string, time: string) => `TZID=Europe/Vienna:${day.replaceAll('-', '')}${clock(time)}`;
  // UNTIL is in UTC when DTSTART has a time zone (RFC 5545 3.3.10), and it counts itself: the
  // last day's end. Its start alone was lost by recurring-ical-events in a series from winter into
  // summer time, which read it an hour early (issue 55); the rule's next day is a day later at least.
  const until = utcStamp(new Date(`${last}T23:59:59${viennaOffset(last)}`).toISOString());
  return [
    'BEGIN:VEVENT',
    `UID:${entry.market.id}-rule@${host}`,
    ...stampOf(entry),
    `DTSTART;${vienna(first, rule.time_from)}`,
    `DTEND;${vienna(first, rule.time_to)}`,
    `RRULE:${rruleOf(rule)};WKST=MO;UNTIL=${until}`,
    ...occurrences(rule, first, last)
      .filter((day) => !held.has(day))
      .map((day) => `EXDATE;${vienna(day, rule.time_from)}`),
    ...describe(entry, '', t),
    'STATUS:CONFIRMED',
    'END:VEVENT',
  ];
}

function eventOf(
  entry: CalendarMarket,
  date: PublishedDate,
  host: string,
  movedText: (day: string) => string,
  t: Translate,
): string[] {
  const from = movedFrom(date);
  const moved = from ? movedText(from) : '';
  return [
    'BEGIN:VEVENT',
    `UID:${date.id}@${host}`,
    ...stampOf(entry),
    ...timesOf(date),
    ...describe(entry, [moved, date.note].filter(Boolean).join('\n'), t),
    `STATUS:${icalStatusOf(date)}`,
    'END:VEVENT',
  ];
}

/**
 * DTSTAMP and SEQUENCE (issue 21). A calendar takes an event's new version only when its SEQUENCE
 * grew. The market's revision grows with every write to the market or its dates, deletions too
 * (migration 0012), so it grows with every change of a rule's RRULE, DTSTART and EXDATEs and of
 * what an event describes, and never falls — also not when an exception is taken back, which the
 * dates' own versions could not say. A change of one date raises every event of its market: more
 * than needed, which a calendar only answers by reading them again.
 */
function stampOf({ market, revision }: CalendarMarket): string[] {
  return [`DTSTAMP:${utcStamp(revision.changedAt || market.updated_at)}`, `SEQUENCE:${revision.revision}`];
}

/** SUMMARY, LOCATION and DESCRIPTION of a market's event; `more` is what one date adds to the description. */
function describe({ market, place }: CalendarMarket, more: string, t: Translate): string[] {
  const facts = marketFacts(market, t);
  const where = [...facts.place, place && `${place.postcode} ${place.municipality}`];
  const description = [facts.lead, ...facts.facts.map(factLine), more].filter(Boolean).join('\n');
  return [
    `SUMMARY:${escapeText(market.title)}`,
    ...(where.some(Boolean) ? [`LOCATION:${escapeText(where.filter(Boolean).join(', '))}`] : []),
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
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
