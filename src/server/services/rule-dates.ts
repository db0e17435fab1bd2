import type { MarketDateRecord, MarketDateType, MarketRecord } from '../../lib/market.ts';
import { regularDays } from '../../lib/recurrence.ts';
import { lastDayOf } from '../../lib/yearly-rules.ts';
import type { Queryable } from '../db/database.ts';
import { deleteMarketDateRows, listMarketDates, retimeMarketDates } from '../db/queries/market-edits.ts';
import { insertMarketDates, newMarketDate, type NewMarket, type StoredDate } from '../db/queries/markets.ts';

/**
 * The regular dates of a weekly, monthly or yearly market follow its rule (api.md; design: "Schedules"):
 * from today to the end of next year, inside its season, without the holidays it skips. After
 * any change of the rule, the regular dates still ahead are derived again: days the rule no longer
 * has go, new ones come, and the others take the rule's times. Exceptions — dates the clerk
 * changed, cancelled or added — stay as they are, and so does every past date.
 */
export async function deriveRegularDates(tx: Queryable, market: NewMarket, today: string, now: Date): Promise<void> {
  const { rule } = market;
  if (!rule) return;
  const { days } = regularDays(rule, market, Number(market.gkz.slice(0, 1)), today);
  const wanted = new Set(days);
  const dates = await listMarketDates(tx, market.id);
  const regular = dates.filter((date) => date.type === 'regular' && date.date_start >= today);
  // The days of the rule an exception stands for: the day it replaces (which may lie ahead though
  // the date itself is past), else its own.
  const excepted = new Set(
    dates.filter((date) => date.type !== 'regular').map((date) => date.replaces_date ?? date.date_start),
  );
  // A date of another length (a yearly rule's `days` changed) goes, and one of the new length comes.
  const kept = regular.filter(
    (date) => wanted.has(date.date_start) && date.date_end === lastDayOf(rule, date.date_start),
  );
  const keptDays = new Set(kept.map((date) => date.date_start));
  await deleteMarketDateRows(
    tx,
    regular.filter((date) => !kept.includes(date)).map((date) => date.id),
  );
  const times = { time_from: rule.time_from, time_to: rule.time_to };
  await retimeMarketDates(
    tx,
    kept.filter((date) => date.time_from !== times.time_from || date.time_to !== times.time_to).map((date) => date.id),
    times,
    now,
  );
  await insertMarketDates(
    tx,
    days
      .filter((day) => !excepted.has(day) && !keptDays.has(day))
      .map((day) => newMarketDate(market.id, { date_start: day, date_end: lastDayOf(rule, day), ...times })),
  );
}

type DateFields = Pick<MarketDateRecord, 'date_start' | 'date_end' | 'time_from' | 'time_to'>;

/** Whether a date at the rule's times and of its length is one of the regular dates the rule gives from today on. */
export function onRule(
  market: Pick<MarketRecord, 'rule' | 'gkz' | 'date_start' | 'date_end' | 'season_repeats'>,
  date: DateFields,
  today: string,
) {
  const { rule } = market;
  return (
    rule !== null &&
    date.date_end === lastDayOf(rule, date.date_start) &&
    date.time_from === rule.time_from &&
    date.time_to === rule.time_to &&
    regularDays(rule, market, Number(market.gkz.slice(0, 1)), today).days.includes(date.date_start)
  );
}

/**
 * A date's type beside a rule (api.md; design: "Schedules"): only the rule makes regular dates. A
 * date is regular when it stands on a day of the rule at its times; a regular date given another
 * day or other times becomes a changed one and remembers the day it replaces; a new date given by
 * hand is additional. Exceptions the rule leaves alone stay exceptions, whatever type a client sends.
 */
export function typeBesideRule(
  fields: DateFields & { type: MarketDateType },
  previous: StoredDate | null,
  onRuleDay: boolean,
): { type: MarketDateType; replaces: string | null } {
  // The day of the rule this date stands for, if it stands for one.
  const ruleDay = previous && (previous.replaces_date ?? (previous.type === 'additional' ? null : previous.date_start));
  if (fields.type !== 'regular') return { type: fields.type, replaces: ruleDay };
  if (previous === null) return { type: 'additional', replaces: null };
  if (onRuleDay && fields.date_start === ruleDay) return { type: 'regular', replaces: null };
  if (previous.type === 'regular' && sameDayAndTimes(previous, fields)) return { type: 'regular', replaces: null };
  return ruleDay === null ? { type: 'additional', replaces: null } : { type: 'changed', replaces: ruleDay };
}

/** Whether a date keeps the day and times it had. */
function sameDayAndTimes(before: DateFields, after: DateFields): boolean {
  return (
    before.date_start === after.date_start &&
    before.date_end === after.date_end &&
    before.time_from === after.time_from &&
    before.time_to === after.time_to
  );
}
