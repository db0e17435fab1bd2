import ICAL from 'ical.js';
import { WEEKDAYS, type Weekday } from '../../lib/market.ts';
import { TEXT_MAX } from '../../lib/market-fields.ts';
import { typeInWords } from './market-kinds.ts';
import {
  IMPORT_LIMITS,
  pastOrOutside,
  placeKey,
  UnreadableSource,
  type ImportedDate,
  type ImportedMarket,
  type ImportedRule,
  type ImportWindow,
  type ReadSource,
  type RefusedRow,
} from './imported-market.ts';

/**
 * Issue 54: the markets of an iCalendar file (RFC 5545), read with ical.js. One event (with its
 * exceptions, by UID) is one market; a recurrence becomes the portal's rule when it is one
 * (weekly, or monthly on the n-th weekday, at fixed times, without extra or left-out days), else
 * its single dates from today to the end of next year. Times are Vienna's: an event in another
 * zone (with its VTIMEZONE, or UTC) is converted, a floating one and one in Europe/Vienna kept.
 */

/** Calendar, event, alarm: RFC 5545 nests three deep; a file nested deeper is no calendar (and no stack's to walk). */
const MAX_NESTING = 8;

/** Whether a jCal component ([name, properties, components]) nests at most `max` levels, walked without recursion. */
function nestedWithin(root: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [component, depth] = stack.pop()!;
    if (depth > max) return false;
    const children = Array.isArray(component) ? (component[2] as unknown) : undefined;
    if (Array.isArray(children)) for (const child of children) stack.push([child, depth + 1]);
  }
  return true;
}

/** A recurrence is followed at most this many steps: a rule by the second would never reach next year. */
const MAX_STEPS = 50_000;

const VIENNA = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Vienna',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function readCalendar(text: string, window: ImportWindow): ReadSource {
  const calendars = parseCalendars(text);
  ICAL.TimezoneService.reset();
  for (const calendar of calendars)
    for (const zone of calendar.getAllSubcomponents('vtimezone')) {
      // A zone without its TZID (Zimbra writes an empty one) names nothing an event could use.
      if (zone.getFirstPropertyValue('tzid')) ICAL.TimezoneService.register(zone);
    }
  const events = calendars.flatMap((calendar) => calendar.getAllSubcomponents('vevent'));
  if (events.length > IMPORT_LIMITS.rows) throw new UnreadableSource('too_many_rows');

  // An occurrence changed on its own (RECURRENCE-ID) belongs to the event of its UID.
  const masters = new Map<string, { event: ICAL.Event; row: number }>();
  const exceptions: ICAL.Event[] = [];
  const duplicates: RefusedRow[] = [];
  events.forEach((component, index) => {
    // Exceptions by UID only: by default ical.js gives every event each RECURRENCE-ID of the calendar.
    const event = new ICAL.Event(component, { exceptions: [], strictExceptions: true });
    const uid = event.uid || `#${index}`;
    if (event.isRecurrenceException()) exceptions.push(event);
    else if (masters.has(uid)) duplicates.push({ row: index + 1, title: event.summary ?? '', reason: 'duplicate' });
    else masters.set(uid, { event, row: index + 1 });
  });
  for (const exception of exceptions) masters.get(exception.uid)?.event.relateException(exception);

  const markets: ImportedMarket[] = [];
  const refused: RefusedRow[] = [...duplicates];
  for (const [uid, { event, row }] of masters) {
    const outcome = marketOf(event, uid, row, window, Object.keys(event.exceptions).length > 0);
    if ('reason' in outcome) refused.push(outcome);
    else markets.push(outcome);
  }
  return { markets, refused };
}

function parseCalendars(text: string): ICAL.Component[] {
  let parsed: unknown;
  try {
    // Old Mozilla exports put an empty line before each folded one: without it the line unfolds as it should.
    parsed = ICAL.parse(text.replace(/(?:\r?\n)+(?=\r?\n[ \t])/g, ''));
  } catch {
    throw new UnreadableSource('not_a_calendar');
  }
  const roots = (Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : parsed) as unknown[];
  if (!Array.isArray(roots) || !roots.every((root) => nestedWithin(root, MAX_NESTING)))
    throw new UnreadableSource('not_a_calendar');
  const calendars = roots
    .map((root) => new ICAL.Component(root as unknown[]))
    .filter((root) => root.name === 'vcalendar');
  if (calendars.length === 0) throw new UnreadableSource('not_a_calendar');
  return calendars;
}

function marketOf(
  event: ICAL.Event,
  uid: string,
  row: number,
  window: ImportWindow,
  hasExceptions: boolean,
): ImportedMarket | RefusedRow {
  const title = (event.summary ?? '').trim();
  if (!title) return { row, title, reason: 'no_title' };
  const component = event.component;
  const categories = component.getAllProperties('categories').flatMap((property) => property.getValues().map(String));
  const type = typeInWords(...categories, title);
  if (!type) return { row, title, reason: 'not_a_market' };
  if (!event.startDate) return { row, title, reason: 'no_date' };
  const fields = {
    row,
    title,
    type,
    description: shortened(plainText(event.description ?? ''), TEXT_MAX),
    event_location: (event.location ?? '').trim(),
    website: String(component.getFirstPropertyValue('url') ?? '').trim(),
  };
  const first = dateOf(event.startDate, event.endDate);
  const key = event.uid ? `uid:${uid}` : placeKey(title, fields.event_location);
  if (!first.valid) return { row, title, reason: 'invalid_time' };

  // A rule keeps Vienna's clock across summer time: one in UTC or another zone's would move by an hour.
  const zone = event.startDate.zone?.tzid;
  const viennaClock = !zone || zone === 'floating' || zone === 'Europe/Vienna';
  const rule = event.isRecurring() && !hasExceptions && viennaClock ? ruleOf(component, first) : null;
  const dates = occurrences(event, window);
  if (dates === 'too_many') return { row, title, reason: 'too_many_dates' };
  if (dates.some((date) => !date.valid)) return { row, title, reason: 'invalid_time' };
  if (dates.length === 0) return { row, title, reason: pastOrOutside(event.isRecurring() ? null : first, window) };
  const plainDates = dates.map(({ date_start, date_end, time_from, time_to }) => ({
    date_start,
    date_end,
    time_from,
    time_to,
  }));
  if (rule) {
    const until = component.getFirstPropertyValue('rrule') as ICAL.Recur;
    const season = { date_start: first.date_start, date_end: until.until ? untilDay(until.until) : null };
    return { ...fields, key, rule, season, dates: [] };
  }
  return { ...fields, key, rule: null, season: null, dates: plainDates };
}

type ReadDate = ImportedDate & { valid: boolean };

/** An occurrence's days and times in Vienna; all-day events end the day before DTEND (RFC 5545). */
function dateOf(start: ICAL.Time, end: ICAL.Time | null): ReadDate {
  const from = viennaOf(start);
  if (start.isDate) {
    const last = end && end.compare(start) > 0 ? dayBefore(end) : from.day;
    return { date_start: from.day, date_end: last, time_from: null, time_to: null, valid: true };
  }
  const to = end && end.compare(start) > 0 ? viennaOf(end) : null;
  // An event that ends at midnight ends with the day before.
  const endsAtMidnight = to?.time === '00:00' && to.day > from.day;
  const date_end = to ? (endsAtMidnight ? dayBefore(end!) : to.day) : from.day;
  const time_to = to ? (endsAtMidnight ? '23:59' : to.time) : null;
  // Over several days the portal's times are each day's (opening to closing): an event from 15:00
  // to 15:00 the next day has none such, and is imported by its days.
  if (time_to !== null && time_to <= from.time)
    return { date_start: from.day, date_end, time_from: null, time_to: null, valid: date_end > from.day };
  return { date_start: from.day, date_end, time_from: from.time, time_to, valid: true };
}

/** Day and time on Vienna's clock: a floating time (or one of an unknown zone) is taken as Vienna's already. */
function viennaOf(time: ICAL.Time): { day: string; time: string } {
  const zone = time.zone?.tzid;
  if (time.isDate || !zone || zone === 'floating') {
    const pad = (value: number) => String(value).padStart(2, '0');
    return { day: `${time.year}-${pad(time.month)}-${pad(time.day)}`, time: `${pad(time.hour)}:${pad(time.minute)}` };
  }
  const parts = Object.fromEntries(VIENNA.formatToParts(time.toJSDate()).map(({ type, value }) => [type, value]));
  return { day: `${parts['year']}-${parts['month']}-${parts['day']}`, time: `${parts['hour']}:${parts['minute']}` };
}

/** The last day of a rule's UNTIL: one ending at midnight (as calendar programs write "until the 29th") ends the day before. */
function untilDay(time: ICAL.Time): string {
  const { day, time: clock } = viennaOf(time);
  return !time.isDate && clock === '00:00' ? dayBefore(time) : day;
}

/** The day before the one `time` falls on in Vienna. */
function dayBefore(time: ICAL.Time): string {
  const day = new Date(`${viennaOf(time).day}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** The event's dates inside the window, its exceptions and left-out days applied; cancelled ones left out. */
function occurrences(event: ICAL.Event, { today, lastDay }: ImportWindow): ReadDate[] | 'too_many' {
  if (!event.isRecurring()) {
    const date = dateOf(event.startDate, event.endDate);
    return inWindow(date, today, lastDay) && !cancelled(event.component) ? [date] : [];
  }
  const dates: ReadDate[] = [];
  const expansion = event.iterator();
  for (let step = 0; step < MAX_STEPS; step++) {
    const next = expansion.next();
    if (!next) break;
    // The series ends past the window by its own days: an occurrence moved later (an exception) does not end it.
    if (viennaOf(next).day > lastDay) break;
    const details = event.getOccurrenceDetails(next);
    const date = dateOf(details.startDate, details.endDate);
    if (!inWindow(date, today, lastDay) || cancelled(details.item.component)) continue;
    dates.push(date);
    if (dates.length > IMPORT_LIMITS.datesPerMarket) return 'too_many';
  }
  return dates;
}

/** A date the portal can add: begun today at the earliest (seed section 5), ended by the end of next year. */
function inWindow(date: ImportedDate, today: string, lastDay: string): boolean {
  return date.date_start >= today && date.date_end <= lastDay;
}

function cancelled(component: ICAL.Component): boolean {
  return String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
}

const ICAL_WEEKDAYS: Record<string, Weekday> = { MO: 'MO', TU: 'TU', WE: 'WE', TH: 'TH', FR: 'FR', SA: 'SA', SU: 'SU' };

/**
 * The portal's rule for a recurrence that is one: weekly on some weekdays, or monthly on one n-th
 * weekday (BYDAY=2SA, or SA with BYSETPOS=2), every 1 to 12, at times within one day, without a
 * count, extra days (RDATE) or days left out (EXDATE). Anything else is imported as its dates.
 */
function ruleOf(component: ICAL.Component, first: ReadDate): ImportedRule | null {
  const rules = component.getAllProperties('rrule');
  if (rules.length !== 1 || component.hasProperty('rdate') || component.hasProperty('exdate')) return null;
  if (!first.time_from || !first.time_to || first.date_end !== first.date_start) return null;
  const recur = rules[0]!.getFirstValue() as ICAL.Recur;
  const { BYDAY: byDay = [], BYSETPOS: bySetPos, ...others } = recur.parts as Record<string, (string | number)[]>;
  if (recur.count || recur.interval < 1 || recur.interval > 12 || Object.keys(others).length > 0) return null;
  const times = { time_from: first.time_from, time_to: first.time_to };
  const startDay = WEEKDAYS[(new Date(`${first.date_start}T12:00:00Z`).getUTCDay() + 6) % 7]!;
  if (recur.freq === 'WEEKLY' && !bySetPos) {
    const weekdays = byDay.length === 0 ? [startDay] : byDay.map((day) => ICAL_WEEKDAYS[String(day)]);
    if (weekdays.some((day) => !day)) return null;
    return { freq: 'weekly', interval: recur.interval, weekdays: weekdays as Weekday[], nth: null, ...times };
  }
  if (recur.freq === 'MONTHLY' && byDay.length === 1) {
    const match = /^([+-]?\d)?(MO|TU|WE|TH|FR|SA|SU)$/.exec(String(byDay[0]));
    const position = match?.[1] ?? (bySetPos?.length === 1 ? String(bySetPos[0]) : undefined);
    const nth = position === undefined ? NaN : Number(position);
    if (!match || ![1, 2, 3, 4, -1].includes(nth)) return null;
    const weekday = ICAL_WEEKDAYS[match[2]!]!;
    return {
      freq: 'monthly',
      interval: recur.interval,
      weekdays: [weekday],
      nth: nth as ImportedRule['nth'],
      ...times,
    };
  }
  return null;
}

/** A description as text: municipal websites export their HTML (tags, entities) into DESCRIPTION. */
function plainText(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return html
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
      }
      return entities[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The portal keeps 200 characters of a description (seed section 9): a longer one ends with "…" at a word. */
function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}
