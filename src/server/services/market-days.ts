import { ApiError } from '../api-error.ts';
import type { MarketRecord } from '../../lib/market.ts';
import { daysChangeErrors, splitDays, type DaysChangeInput, type DaysPart } from '../../lib/market-days.ts';
import { viennaDay } from '../../lib/market-rules.ts';
import { procedure } from '../db/database.ts';
import { lockMarketDate, updateMarketDate } from '../db/queries/market-edits.ts';
import { insertMarketDates, newMarketDate, type StoredDate } from '../db/queries/markets.ts';
import { byDay } from '../db/published-order.ts';
import { DATE_FIELDS, differences } from './market-changes.ts';
import { answer, checkedEdit, ownMarket, record, refuseIfAny, type Edit, type SavedRecords } from './market-saves.ts';

/**
 * Issue 53, beyond api.md (docs/api.md, "Changing some days of a date"): some days of a date of
 * several days are cancelled or given other times, also while it runs. A date that has begun is
 * locked whole for save_market_date (the seed's locked days); here only days from today on
 * change, so what was held stays as it was. The date keeps its first part; the others are new
 * dates, each with its history entry, all in one transaction.
 */
export const changeMarketDays = procedure(
  import.meta.url,
  'changeMarketDays',
  async (tx, edit: Edit<DaysChangeInput>): Promise<SavedRecords> => {
    const { user, input } = await checkedEdit(tx, edit);
    const { now } = edit;
    const date = await lockMarketDate(tx, input.id);
    if (!date) throw new ApiError('market_date_not_found');
    const market = await ownMarket(tx, user, date.wko_market_id);
    if (input.version !== date.version) throw new ApiError('conflict');
    refuseIfAny(daysChangeErrors(date, input, viennaDay(now)));

    const written: StoredDate[] = [];
    for (const [index, part] of splitDays(date, input).entries()) {
      const fields = { ...fieldsOf(date, part, input, market), date_start: part.date_start, date_end: part.date_end };
      if (index === 0) {
        // The first part keeps the date, and the day a changed date replaces.
        const stored = await updateMarketDate(
          tx,
          { ...fields, id: date.id, wko_market_id: market.id, replaces_date: date.replaces_date },
          now,
        );
        written.push(stored);
        await record(tx, user, now, {
          marketId: market.id,
          marketDateId: date.id,
          action: 'updated',
          changes: differences(date, stored, DATE_FIELDS),
        });
      } else {
        const [stored] = await insertMarketDates(tx, [newMarketDate(market.id, fields)]);
        written.push(stored!);
        await record(tx, user, now, {
          marketId: market.id,
          marketDateId: stored!.id,
          action: 'created',
          changes: differences(null, stored!, DATE_FIELDS),
        });
      }
    }
    return answer(market, written.sort(byDay));
  },
);

/** What a part of the date holds: the date as it was, or the change. */
function fieldsOf(date: StoredDate, part: DaysPart, change: DaysChangeInput, market: MarketRecord) {
  const { time_from, time_to, status, type, note, hidden } = date;
  const kept = { time_from, time_to, status, type, note, hidden };
  if (!part.changed) return kept;
  if (change.status === 'cancelled') {
    return { ...kept, status: 'cancelled' as const, type: 'cancelled' as const, note: change.note || note };
  }
  // Days held again at other times: a cancelled date's days become a date of their own kind.
  const heldType = type !== 'cancelled' ? type : market.rule ? ('additional' as const) : ('regular' as const);
  return {
    ...kept,
    time_from: change.time_from,
    time_to: change.time_to,
    status: status === 'cancelled' ? ('takes_place' as const) : status,
    type: heldType,
    note: change.note || note,
  };
}
