import { ruleInWords } from '../../lib/directory/rule-words.ts';
import { FORMAT_TAGS, type Locale } from '../../lib/languages.ts';
import type { MarketImage, RecurrenceRule } from '../../lib/market.ts';
import { eachTextField } from '../../lib/market-fields.ts';
import type { MessageKey, Translate } from '../../lib/translate.ts';

/** One entry of a market's history (api.md, get_market_history). */
export interface MarketChange {
  market_date_id: string | null;
  user_email: string;
  changed_at: string;
  action: 'created' | 'updated' | 'deleted';
  changes: Record<string, [unknown, unknown]>;
  /** Issue 54: the file or address the change was imported from. */
  source?: string;
}

/** A changed field as the clerk reads it: its label in the form's words, old and new value as the form shows them. */
export interface ChangeLine {
  field: string;
  label: string;
  before: string;
  after: string;
}

const LABELS: Record<string, MessageKey> = {
  title: 'market.field.title',
  ...eachTextField((field) => field.label),
  type: 'market.field.type',
  schedule: 'market.field.rule',
  rule: 'market.field.rule',
  status: 'market.field.status',
  website: 'market.field.website',
  phone: 'market.field.phone',
  email: 'market.field.email',
  image: 'market.image',
  hidden: 'history.field.hidden',
  time_from: 'market.rule.timeFrom',
  time_to: 'market.rule.timeTo',
  note: 'marketDate.field.note',
};
const DATE_LABELS: Record<string, MessageKey> = {
  date_start: 'marketDate.field.dateStart',
  date_end: 'history.field.dateEnd',
  status: 'marketDate.field.status',
  type: 'marketDate.field.type',
};
const SEASON_LABELS: Record<string, MessageKey> = {
  date_start: 'market.field.dateStart',
  date_end: 'market.field.dateEnd',
  season_repeats: 'history.field.seasonRepeats',
};

/**
 * What a history entry changed, in words (issue 14): labels from the locales, days as 24.12.2027,
 * the rule as a sentence, types and statuses by their names; a change that reads the same before
 * and after (from empty to empty, or only the rule's anchor) is left out.
 */
export function changeLines(change: MarketChange, t: Translate, locale: Locale): ChangeLine[] {
  const dated = change.market_date_id !== null;
  const day = new Intl.DateTimeFormat(FORMAT_TAGS[locale], {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const shown = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '';
    if (typeof value === 'boolean') return t(value ? 'history.yes' : 'history.no');
    // Rules in older entries have no anchor yet; their words need none.
    if (field === 'rule') return isRule(value) ? ruleInWords(value, t) : JSON.stringify(value);
    if (field === 'image') return (value as Partial<MarketImage>).alt ?? (value as Partial<MarketImage>).url ?? '';
    if (typeof value !== 'string') return JSON.stringify(value);
    if (field === 'date_start' || field === 'date_end') return day.format(new Date(`${value}T00:00:00Z`));
    const named = valueKey(field, value, dated);
    return named ? t(named) : value;
  };
  return Object.entries(change.changes).flatMap(([field, [before, after]]) => {
    const lines = { before: shown(field, before), after: shown(field, after) };
    // A change the clerk cannot see in words (the rule's anchor moved with the season) is no line.
    if (lines.before === lines.after) return [];
    const key = (dated ? DATE_LABELS[field] : SEASON_LABELS[field]) ?? LABELS[field];
    const empty = t('history.empty');
    return [{ field, label: key ? t(key) : field, before: lines.before || empty, after: lines.after || empty }];
  });
}

/** The message key that names a coded value (a type, a status, a schedule), if the field has one. */
function valueKey(field: string, value: string, dated: boolean): MessageKey | null {
  const prefix: Record<string, string> = dated
    ? { status: 'marketDate.status', type: 'marketDate.type' }
    : { status: 'market.status', type: 'market.type', schedule: 'market.schedule' };
  return prefix[field] ? (`${prefix[field]}.${value}` as MessageKey) : null;
}

/** A rule as the history stored it (written by the server, so only its shape is checked). */
function isRule(value: unknown): value is Omit<RecurrenceRule, 'dtstart'> {
  return typeof value === 'object' && value !== null && 'freq' in value && 'weekdays' in value && 'time_from' in value;
}

type Days = { date_start: string; date_end: string };

/**
 * The date an entry of the history is about (issue 53: "Termin geändert" named no date): the
 * date as it stands, else (deleted since) the days the entry itself recorded.
 */
export function changedDays(change: MarketChange, dates: readonly (Days & { id: string })[]): Days | null {
  if (change.market_date_id === null) return null;
  const stored = dates.find((date) => date.id === change.market_date_id);
  if (stored) return stored;
  const day = (field: string) => {
    const [before, after] = change.changes[field] ?? [];
    const value = after ?? before;
    return typeof value === 'string' ? value : null;
  };
  const start = day('date_start');
  return start ? { date_start: start, date_end: day('date_end') ?? start } : null;
}
