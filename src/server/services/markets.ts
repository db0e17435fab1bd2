import { ApiError } from '../api-error.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { marketDateRecordSchema, type MarketDateRecord, type MarketRecord } from '../../lib/market.ts';
import type { MarketDateInput, MarketInput } from '../../lib/market-input.ts';
import { dateSpanErrors, isLocked, viennaDay } from '../../lib/market-rules.ts';
import { anchorOf } from '../../lib/recurrence.ts';
import type { ErrorCode } from '../../lib/error-codes.ts';
import type { FieldErrors } from '../../lib/validation.ts';
import type { Database, Queryable } from '../db/database.ts';
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
import { byDay } from '../db/published.ts';
import { byId, groupsByLanguage } from './content.ts';
import type { PhotoOwnership } from './market-photos.ts';
import { DATE_FIELDS, differences, MARKET_FIELDS } from './market-changes.ts';
import { deriveRegularDates, onRule, typeBesideRule } from './rule-dates.ts';

/** What a save answers (api.md): the saved market in every language group, and dates, for the client to merge. */
export interface SavedRecords {
  wko_markets: ReturnType<typeof groupsByLanguage>;
  wko_market_dates: Record<string, MarketDateRecord>;
}

/**
 * Saving and deleting markets and dates (api.md, "Markets and dates"): only a logged-in user's
 * own municipality, a stale version refused, each call one transaction with its history entry.
 */
export function createMarketService({
  db,
  clock,
  onChange = () => {},
  photos = { refuseForeign: async () => {}, released: async () => {} },
}: {
  db: Database;
  clock: () => Date;
  /** Called after every committed change, so cached content answers know to look again. */
  onChange?: () => void;
  /** Issue 20: an uploaded photo is only its municipality's to show; a photo let go is deleted. */
  photos?: PhotoOwnership;
}) {
  const write = async <T>(work: (tx: Queryable) => Promise<T>): Promise<T> => {
    const result = await db.transaction(work);
    onChange();
    return result;
  };
  /** A market of the user's municipality, locked for the change; refused otherwise. */
  const ownMarket = async (tx: Queryable, user: SessionUser, id: string): Promise<MarketRecord> => {
    const market = await lockMarket(tx, id);
    if (!market) throw new ApiError('market_not_found');
    if (market.gkz !== user.gkz) throw new ApiError('forbidden');
    return market;
  };
  const record = (tx: Queryable, user: SessionUser, change: Omit<MarketChange, 'user' | 'at'>) =>
    insertMarketChange(tx, { ...change, user, at: clock() });

  /** Creates or changes one date of a market the user may edit, with its history entry; answers it as stored. */
  const writeMarketDate = async (
    tx: Queryable,
    user: SessionUser,
    market: MarketRecord,
    input: MarketDateInput,
    today: string,
  ): Promise<StoredDate> => {
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
      ? await updateMarketDate(tx, { ...date, replaces_date: replaces }, clock())
      : (await insertMarketDates(tx, [date]))[0]!;
    await record(tx, user, {
      marketId,
      marketDateId: date.id,
      action: previous ? 'updated' : 'created',
      changes: differences(previous, date, DATE_FIELDS),
    });
    return stored;
  };

  return {
    async saveMarket(user: SessionUser, input: MarketInput): Promise<SavedRecords> {
      const today = viennaDay(clock());
      if (input.first_date) refuseIfAny(dateSpanErrors(input.first_date, input, today), 'first_date.');
      const { id, version, first_date: firstDate, rule: ruleInput, ...fields } = input;
      // api.md: a rule counts from its anchor, which a later save keeps (recurrence.ts).
      const withAnchor = (previous: MarketRecord | null) =>
        ruleInput && { ...ruleInput, dtstart: anchorOf(fields, previous?.rule ?? null, today) };
      let replacedImage: string | undefined;
      const saved = await write(async (tx) => {
        await photos.refuseForeign(tx, user.gkz, fields.image?.url);
        let previous: MarketRecord | null = null;
        let market: NewMarket;
        let stored: MarketRecord | null = null;
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
          stored = await updateMarket(tx, market, clock());
          if (previous.image?.url !== fields.image?.url) replacedImage = previous.image?.url;
        }
        if (market.rule) await deriveRegularDates(tx, market, today, clock());
        const changes = differences(previous, market, MARKET_FIELDS);
        if (Object.keys(changes).length > 0) {
          await record(tx, user, {
            marketId: market.id,
            marketDateId: null,
            action: previous ? 'updated' : 'created',
            changes,
          });
        }
        // Deriving the rule's dates (above) changed no field of the market the answer holds.
        return answer(stored ?? (await readMarket(tx, market.id)), await listMarketDates(tx, market.id));
      });
      await photos.released([replacedImage]);
      return saved;
    },

    async deleteMarket(user: SessionUser, id: string): Promise<void> {
      const image = await write(async (tx) => {
        const market = await ownMarket(tx, user, id);
        await deleteMarketRow(tx, id);
        await record(tx, user, {
          marketId: id,
          marketDateId: null,
          action: 'deleted',
          changes: { title: [market.title, null] },
        });
        return market.image?.url;
      });
      await photos.released([image]);
    },

    async saveMarketDate(user: SessionUser, input: MarketDateInput): Promise<SavedRecords> {
      const today = viennaDay(clock());
      return write(async (tx) => {
        const market = await ownMarket(tx, user, input.wko_market_id);
        return answer(market, [await writeMarketDate(tx, user, market, input, today)]);
      });
    },

    /** New dates of one market in one transaction (copying a year's dates into the next): all or none. */
    async addMarketDates(
      user: SessionUser,
      marketId: string,
      inputs: readonly MarketDateInput[],
    ): Promise<SavedRecords> {
      const today = viennaDay(clock());
      return write(async (tx) => {
        const market = await ownMarket(tx, user, marketId);
        const written: StoredDate[] = [];
        for (const [index, input] of inputs.entries()) {
          if (input.id !== undefined)
            throw new ApiError('invalid_request', { [`dates.${index}.id`]: 'invalid_request' });
          written.push(
            await writeMarketDate(tx, user, market, { ...input, wko_market_id: marketId }, today).catch(
              (error: unknown) => {
                throw error instanceof ApiError ? error.within(`dates.${index}.`) : error;
              },
            ),
          );
        }
        return answer(market, written.sort(byDay));
      });
    },

    async deleteMarketDate(user: SessionUser, id: string): Promise<void> {
      await write(async (tx) => {
        const date = await lockMarketDate(tx, id);
        if (!date) throw new ApiError('market_date_not_found');
        const market = await ownMarket(tx, user, date.wko_market_id);
        if (isLocked(date, viennaDay(clock()))) throw new ApiError('date_locked', { date_start: 'date_locked' });
        // The rule would bring a deleted regular date back at the next save; cancelling it lasts.
        if (market.rule && date.type === 'regular')
          throw new ApiError('date_follows_rule', { id: 'date_follows_rule' });
        await deleteMarketDateRows(tx, [id]);
        await record(tx, user, {
          marketId: date.wko_market_id,
          marketDateId: id,
          action: 'deleted',
          changes: { date_start: [date.date_start, null], date_end: [date.date_end, null] },
        });
      });
    },

    /** Who changed what and when, newest first; only for the market's own municipality. */
    async history(user: SessionUser, marketId: string) {
      return db.transaction(async (tx) => {
        await ownMarket(tx, user, marketId);
        return listMarketChanges(tx, marketId);
      });
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;

/**
 * A save's answer: the market and the dates written. A date's write changes no field of its market
 * that the answer holds (only dates_revision and dates_changed_at, migration 0012), so the market
 * locked for it is answered.
 */
function answer(market: MarketRecord, dates: readonly MarketDateRecord[]): SavedRecords {
  // The schema leaves out what is only for the server (replaces_date).
  const publicDates = dates.map((date) => marketDateRecordSchema.parse(date));
  return { wko_markets: groupsByLanguage([market]), wko_market_dates: byId(publicDates) };
}

/** The contract's code for a refusal whose field names a more precise one (api.md: days before today are `date_locked`). */
const CONTRACT_CODE: Partial<Record<ErrorCode, ErrorCode>> = { date_in_past: 'date_locked' };

function refuseIfAny(errors: FieldErrors, prefix = ''): void {
  const [first] = Object.values(errors);
  if (!first) return;
  const fields = Object.fromEntries(Object.entries(errors).map(([field, code]) => [prefix + field, code]));
  throw new ApiError(CONTRACT_CODE[first] ?? first, fields);
}
