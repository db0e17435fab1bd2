import type { MarketDateRecord, MarketRecord } from '../../lib/market.ts';
import type { ImportedDate, ImportedMarket } from '../imports/imported-market.ts';

/**
 * Issue 54: what an import would change of a market, field by field, without ever overwriting a
 * clerk's work silently. Three values meet: the source's now, the source's at the last import
 * (market_sources.imported), and the portal's. The source changed a field the clerk left alone:
 * a change. The clerk changed a field the source left alone: theirs stays. Both changed it, each
 * differently: a conflict, which the clerk decides.
 */

/** A market's values as an import compares them; dates as "start/end/from/to", from today on. */
export interface SourceValues {
  title: string;
  type: string;
  description: string;
  event_location: string;
  website: string;
  rule: string | null;
  date_start: string | null;
  date_end: string | null;
  dates: string[];
}
export const COMPARED_FIELDS = [
  'title',
  'type',
  'description',
  'event_location',
  'website',
  'rule',
  'date_start',
  'date_end',
  'dates',
] as const satisfies readonly (keyof SourceValues)[];
export type ComparedField = (typeof COMPARED_FIELDS)[number];

export type RowStatus = 'new' | 'same' | 'changed' | 'conflict';

export interface Comparison {
  status: Exclude<RowStatus, 'new'>;
  /** The fields the import would take from the source: changed ones and, if the clerk picks the row, conflicts. */
  take: ComparedField[];
  conflicts: ComparedField[];
}

export function dateText(date: ImportedDate): string {
  return `${date.date_start}/${date.date_end}/${date.time_from ?? ''}/${date.time_to ?? ''}`;
}

export function dateOfText(text: string): ImportedDate {
  const [date_start = '', date_end = '', from = '', to = ''] = text.split('/');
  return { date_start, date_end, time_from: from || null, time_to: to || null };
}

/** A rule as compared: what a weekly or monthly rule of a calendar can say, nothing of the portal's own. */
function ruleText(rule: MarketRecord['rule'] | ImportedMarket['rule']): string | null {
  if (!rule) return null;
  const { freq, interval, weekdays, nth, time_from, time_to } = rule;
  const own = 'dtstart' in rule && (rule.skip_holidays || rule.skip_state_holidays || freq === 'yearly');
  return JSON.stringify({ freq, interval, weekdays, nth, time_from, time_to, ...(own ? { own: true } : {}) });
}

/** The fields a source and the portal both hold as text. */
function textsOf({ title, type, description, event_location, website }: ImportedMarket | MarketRecord) {
  return { title, type, description, event_location, website };
}

export function sourceValues(market: ImportedMarket): SourceValues {
  return {
    ...textsOf(market),
    rule: ruleText(market.rule),
    date_start: market.season?.date_start ?? null,
    date_end: market.season?.date_end ?? null,
    dates: market.dates.map(dateText).sort(),
  };
}

/** The portal's market as compared: its dates only without a rule (a rule makes its own), and not the cancelled ones. */
export function portalValues(market: MarketRecord, dates: readonly MarketDateRecord[], today: string): SourceValues {
  return {
    ...textsOf(market),
    rule: ruleText(market.rule),
    date_start: market.rule ? market.date_start : null,
    date_end: market.rule ? market.date_end : null,
    dates: market.rule
      ? []
      : dates
          // A date begun is history (seed section 5): the source's dates start today at the earliest too.
          .filter((date) => date.status !== 'cancelled' && date.date_start >= today)
          .map(dateText)
          .sort(),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `last` is the source's at the last import, null when the market was never imported (found by
 * its title): then every difference is the source's to propose. Past dates are no one's to change.
 */
export function compare(
  source: SourceValues,
  last: SourceValues | null,
  portal: SourceValues,
  today: string,
): Comparison {
  const ahead = (values: SourceValues | null) =>
    values && { ...values, dates: values.dates.filter((date) => dateOfText(date).date_start >= today) };
  const before = ahead(last);
  const take: ComparedField[] = [];
  const conflicts: ComparedField[] = [];
  for (const field of COMPARED_FIELDS) {
    if (same(source[field], portal[field])) continue;
    if (!before || same(portal[field], before[field])) take.push(field);
    else if (!same(source[field], before[field])) {
      take.push(field);
      conflicts.push(field);
    }
  }
  const status = conflicts.length > 0 ? 'conflict' : take.length > 0 ? 'changed' : 'same';
  return { status, take, conflicts };
}
