import { ApiError, inputOf, type Checked } from '../api-error.ts';
import { findSessionUser, hiddenRecordsReader, writer, type SessionUser } from '../auth/sessions.ts';
import { marketDateRecordSchema, type MarketDateRecord, type MarketRecord } from '../../lib/market.ts';
import type { MarketDateInput, MarketInput } from '../../lib/market-input.ts';
import { dateSpanErrors, isLocked, viennaDay } from '../../lib/market-rules.ts';
import { anchorOf } from '../../lib/recurrence.ts';
import type { ErrorCode } from '../../lib/error-codes.ts';
import type { FieldErrors } from '../../lib/validation.ts';
import { procedure, type Queryable } from '../db/database.ts';
import {
  deleteMarketDateRows,
  deleteMarketRow,
  insertMarketChange,
  listMarketChanges,
  listMarketDates,
  lockMarket,
  lockMarketDate,
  readMarket,
  updateMarket,
  updateMarketDate,
  type MarketChange,
} from '../db/queries/market-edits.ts';
import {
  insertMarket,
  insertMarketDates,
  newMarket,
  newMarketDate,
  type NewMarket,
  type StoredDate,
} from '../db/queries/markets.ts';
import { byDay } from '../db/published-order.ts';
import { byId, groupsByLanguage } from './content-labels.ts';
import { refuseForeignPhoto } from './photo-owner.ts';
import { DATE_FIELDS, differences, MARKET_FIELDS } from './market-changes.ts';
import { deriveRegularDates, onRule, typeBesideRule } from './rule-dates.ts';

/**
 * The market service's transactions (services/markets.ts), as procedures: a clerk's save runs whole
 * on the database's thread, their session's check with it (decision record 0024, "The database's
 * own thread"). Each is given the session's token, the fields as checked and the time of the
 * request.
 */

/** What a save answers (api.md): the saved market in every language group, and dates, for the client to merge. */
export interface SavedRecords {
  wko_markets: ReturnType<typeof groupsByLanguage>;
  wko_market_dates: Record<string, MarketDateRecord>;
}

export interface Edit<Input> {
  session: string;
  input: Checked<Input>;
  now: Date;
  /** Issue 54: the file or address an import took the change from, for the history. */
  source?: string | undefined;
  /**
   * Issue 54: who writes when no session does — the nightly run's import as a clerk of the
   * municipality, the operator's import as the operator in each municipality. Set by procedures
   * only, never from a request.
   */
  actor?: SessionUser;
}

/**
 * The session's user, allowed to write (or only logged in), and the input: a caller not logged in
 * hears so before anything about their fields.
 */
export async function checkedEdit<Input>(
  tx: Queryable,
  { session, input, actor }: Edit<Input>,
  may: typeof writer = writer,
): Promise<{ user: SessionUser; input: Input }> {
  const user = actor ?? may(await findSessionUser(tx, session));
  return { user, input: inputOf(input) };
}

export const saveMarket = procedure(
  import.meta.url,
  'saveMarket',
  async (tx, edit: Edit<MarketInput>): Promise<{ saved: SavedRecords; replacedImage: string | undefined }> => {
    const { user, input } = await checkedEdit(tx, edit);
    const { now } = edit;
    const today = viennaDay(now);
    if (input.first_date) refuseIfAny(dateSpanErrors(input.first_date, input, today), 'first_date.');
    const { id, version, first_date: firstDate, rule: ruleInput, ...fields } = input;
    // api.md: a rule counts from its anchor, which a later save keeps (recurrence.ts).
    const withAnchor = (previous: MarketRecord | null) =>
      ruleInput && { ...ruleInput, dtstart: anchorOf(fields, previous?.rule ?? null, today) };
    await refuseForeignPhoto(tx, user.gkz, fields.image?.url);
    let previous: MarketRecord | null = null;
    let market: NewMarket;
    let stored: MarketRecord | null = null;
    let replacedImage: string | undefined;
    if (id === undefined) {
      market = newMarket(user.gkz, { ...fields, rule: withAnchor(null) });
      await insertMarket(tx, market);
      const times = { time_from: market.rule?.time_from ?? null, time_to: market.rule?.time_to ?? null };
      // Beside a rule, a first date on one of its days is the rule's (derived below); any other is additional.
      if (firstDate && !onRule(market, { ...firstDate, ...times }, today)) {
        const type = market.rule ? 'additional' : 'regular';
        await insertMarketDates(tx, [newMarketDate(market.id, { ...firstDate, ...times, type })]);
      }
    } else {
      previous = await ownMarket(tx, user, id);
      if (version === undefined) throw new ApiError('required_fields', { version: 'required_fields' });
      if (version !== previous.version) throw new ApiError('conflict');
      market = { ...newMarket(user.gkz, { ...fields, rule: withAnchor(previous) }), id };
      stored = await updateMarket(tx, market, now);
      if (previous.image?.url !== fields.image?.url) replacedImage = previous.image?.url;
    }
    if (market.rule) await deriveRegularDates(tx, market, today, now);
    const changes = differences(previous, market, MARKET_FIELDS);
    if (Object.keys(changes).length > 0) {
      await record(tx, user, now, {
        marketId: market.id,
        marketDateId: null,
        action: previous ? 'updated' : 'created',
        changes,
        source: edit.source,
      });
    }
    // Deriving the rule's dates (above) changed no field of the market the answer holds.
    const saved = answer(stored ?? (await readMarket(tx, market.id)), await listMarketDates(tx, market.id));
    return { saved, replacedImage };
  },
);

/** Answers the id, and the address of the market's photo for the service to let go after the commit. */
export const deleteMarket = procedure(
  import.meta.url,
  'deleteMarket',
  async (tx, edit: Edit<string>): Promise<{ deleted: string; image: string | undefined }> => {
    const { user, input: id } = await checkedEdit(tx, edit);
    const { now } = edit;
    const market = await ownMarket(tx, user, id);
    await deleteMarketRow(tx, id);
    await record(tx, user, now, {
      marketId: id,
      marketDateId: null,
      action: 'deleted',
      changes: { title: [market.title, null] },
    });
    return { deleted: id, image: market.image?.url };
  },
);

export const saveMarketDate = procedure(
  import.meta.url,
  'saveMarketDate',
  async (tx, edit: Edit<MarketDateInput>): Promise<SavedRecords> => {
    const { user, input } = await checkedEdit(tx, edit);
    const market = await ownMarket(tx, user, input.wko_market_id);
    return answer(market, [await writeMarketDate(tx, user, market, input, edit.now)]);
  },
);

/** New dates of one market in one transaction (copying a year's dates into the next): all or none. */
export const addMarketDates = procedure(
  import.meta.url,
  'addMarketDates',
  async (tx, edit: Edit<{ marketId: string; dates: readonly MarketDateInput[] }>): Promise<SavedRecords> => {
    const { user, input } = await checkedEdit(tx, edit);
    const { now } = edit;
    const market = await ownMarket(tx, user, input.marketId);
    const written: StoredDate[] = [];
    for (const [index, date] of input.dates.entries()) {
      if (date.id !== undefined) throw new ApiError('invalid_request', { [`dates.${index}.id`]: 'invalid_request' });
      written.push(
        await writeMarketDate(tx, user, market, { ...date, wko_market_id: input.marketId }, now, edit.source).catch(
          (error: unknown) => {
            throw error instanceof ApiError ? error.within(`dates.${index}.`) : error;
          },
        ),
      );
    }
    return answer(market, written.sort(byDay));
  },
);

export const deleteMarketDate = procedure(
  import.meta.url,
  'deleteMarketDate',
  async (tx, edit: Edit<string>): Promise<string> => {
    const { user, input: id } = await checkedEdit(tx, edit);
    const { now } = edit;
    const date = await lockMarketDate(tx, id);
    if (!date) throw new ApiError('market_date_not_found');
    const market = await ownMarket(tx, user, date.wko_market_id);
    if (isLocked(date, viennaDay(now))) throw new ApiError('date_locked', { date_start: 'date_locked' });
    // The rule would bring a deleted regular date back at the next save; cancelling it lasts.
    if (market.rule && date.type === 'regular') throw new ApiError('date_follows_rule', { id: 'date_follows_rule' });
    await deleteMarketDateRows(tx, [id]);
    await record(tx, user, now, {
      marketId: date.wko_market_id,
      marketDateId: id,
      action: 'deleted',
      changes: { date_start: [date.date_start, null], date_end: [date.date_end, null] },
      source: edit.source,
    });
    return id;
  },
);

/**
 * Who changed what and when, newest first; only for the market's own municipality, and only for a
 * confirmed address (issue 49: it names the clerks' addresses and the hidden records' changes).
 */
export const marketHistory = procedure(import.meta.url, 'marketHistory', async (tx, edit: Edit<string>) => {
  const { user, input: marketId } = await checkedEdit(tx, edit, hiddenRecordsReader);
  await ownMarket(tx, user, marketId);
  return listMarketChanges(tx, marketId);
});

/** A market of the user's municipality, locked for the change; refused otherwise. */
export async function ownMarket(tx: Queryable, user: SessionUser, id: string): Promise<MarketRecord> {
  const market = await lockMarket(tx, id);
  if (!market) throw new ApiError('market_not_found');
  if (market.gkz !== user.gkz) throw new ApiError('forbidden');
  return market;
}

export function record(tx: Queryable, user: SessionUser, now: Date, change: Omit<MarketChange, 'user' | 'at'>) {
  return insertMarketChange(tx, { ...change, user, at: now });
}

/** Creates or changes one date of a market the user may edit, with its history entry; answers it as stored. */
async function writeMarketDate(
  tx: Queryable,
  user: SessionUser,
  market: MarketRecord,
  input: MarketDateInput,
  now: Date,
  source?: string,
): Promise<StoredDate> {
  const today = viennaDay(now);
  const { id, version, wko_market_id: marketId, ...fields } = input;
  const previous = id === undefined ? null : await lockMarketDate(tx, id);
  if (id !== undefined) {
    if (!previous || previous.wko_market_id !== marketId) throw new ApiError('market_date_not_found');
    if (version === undefined) throw new ApiError('required_fields', { version: 'required_fields' });
    if (version !== previous.version) throw new ApiError('conflict');
    if (isLocked(previous, today)) throw new ApiError('date_locked', { date_start: 'date_locked' });
  }
  refuseIfAny(dateSpanErrors(fields, market, today));
  // api.md: dates of a market with single dates are regular unless cancelled.
  const { type, replaces } =
    market.schedule === 'dates'
      ? { type: fields.type === 'cancelled' ? ('cancelled' as const) : ('regular' as const), replaces: null }
      : typeBesideRule(fields, previous, onRule(market, fields, today));
  const date = { ...newMarketDate(marketId, { ...fields, type }), ...(id ? { id } : {}) };
  const stored = previous
    ? await updateMarketDate(tx, { ...date, replaces_date: replaces }, now)
    : (await insertMarketDates(tx, [date]))[0]!;
  await record(tx, user, now, {
    marketId,
    marketDateId: date.id,
    action: previous ? 'updated' : 'created',
    changes: differences(previous, date, DATE_FIELDS),
    source,
  });
  return stored;
}

/**
 * A save's answer: the market and the dates written. A date's write changes no field of its market
 * that the answer holds (only dates_revision and dates_changed_at, migration 0012), so the market
 * locked for it is answered.
 */
export function answer(market: MarketRecord, dates: readonly MarketDateRecord[]): SavedRecords {
  // The schema leaves out what is only for the server (replaces_date).
  const publicDates = dates.map((date) => marketDateRecordSchema.parse(date));
  return { wko_markets: groupsByLanguage([market]), wko_market_dates: byId(publicDates) };
}

/** The contract's code for a refusal whose field names a more precise one (api.md: days before today are `date_locked`). */
const CONTRACT_CODE: Partial<Record<ErrorCode, ErrorCode>> = { date_in_past: 'date_locked' };

export function refuseIfAny(errors: FieldErrors, prefix = ''): void {
  const [first] = Object.values(errors);
  if (!first) return;
  const fields = Object.fromEntries(Object.entries(errors).map(([field, code]) => [prefix + field, code]));
  throw new ApiError(CONTRACT_CODE[first] ?? first, fields);
}
