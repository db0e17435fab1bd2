import type { Checked } from '../api-error.ts';
import type { MarketDateInput, MarketInput } from '../../lib/market-input.ts';
import type { DaysChangeInput } from '../../lib/market-days.ts';
import type { Database, Procedure } from '../db/database.ts';
import type { PhotoOwnership } from './market-photos.ts';
import { changeMarketDays } from './market-days.ts';
import {
  addMarketDates,
  deleteMarket,
  deleteMarketDate,
  marketHistory,
  saveMarket,
  saveMarketDate,
  type Edit,
  type SavedRecords,
} from './market-saves.ts';

/**
 * Saving and deleting markets and dates (api.md, "Markets and dates"): only a logged-in user's
 * own municipality, a stale version refused, each call one transaction with its history entry
 * (the procedures of market-saves.ts). Each is given the session's token and the checked fields.
 */
export function createMarketService({
  db,
  clock,
  onChange = () => {},
  photos = { released: async () => {} },
}: {
  db: Database;
  clock: () => Date;
  /** Called after every committed change, so cached content answers know to look again. */
  onChange?: () => void;
  /** Issue 20: a photo let go is deleted. */
  photos?: PhotoOwnership;
}) {
  const write = async <Input, Result>(
    change: Procedure<Edit<Input>, Result>,
    session: string,
    input: Checked<Input>,
  ): Promise<Result> => {
    const result = await db.run(change, { session, input, now: clock() });
    onChange();
    return result;
  };

  return {
    async saveMarket(session: string, input: Checked<MarketInput>): Promise<SavedRecords> {
      const { saved, replacedImage } = await write(saveMarket, session, input);
      await photos.released([replacedImage]);
      return saved;
    },

    /** Answers the id deleted. */
    async deleteMarket(session: string, id: Checked<string>): Promise<string> {
      const { deleted, image } = await write(deleteMarket, session, id);
      await photos.released([image]);
      return deleted;
    },

    saveMarketDate: (session: string, input: Checked<MarketDateInput>): Promise<SavedRecords> =>
      write(saveMarketDate, session, input),

    /** New dates of one market in one transaction (copying a year's dates into the next): all or none. */
    addMarketDates: (
      session: string,
      input: Checked<{ marketId: string; dates: readonly MarketDateInput[] }>,
    ): Promise<SavedRecords> => write(addMarketDates, session, input),

    /** Issue 53: some days of a date cancelled or given other times, also while it runs. */
    changeMarketDays: (session: string, input: Checked<DaysChangeInput>): Promise<SavedRecords> =>
      write(changeMarketDays, session, input),

    /** Answers the id deleted. */
    deleteMarketDate: (session: string, id: Checked<string>): Promise<string> => write(deleteMarketDate, session, id),

    /** Who changed what and when, newest first; only for the market's own municipality. */
    history: (session: string, marketId: Checked<string>) =>
      db.run(marketHistory, { session, input: marketId, now: clock() }),
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
