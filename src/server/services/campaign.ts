import {
  municipalityState,
  MUNICIPALITY_STATES,
  type CampaignCount,
  type MunicipalityState,
} from '../../lib/campaign.ts';
import { csvFile } from '../../lib/csv.ts';
import { ApiError } from '../api-error.ts';
import { mayReadHiddenRecords, type SessionUser } from '../auth/sessions.ts';
import type { Database, Queryable } from '../db/database.ts';
import {
  closeCampaign,
  confirmMarkets,
  countConfirmedMunicipalities,
  confirmMunicipality,
  everyMarketConfirmed,
  readCurrentCampaign,
  readMarketStates,
  readProgressRows,
  upsertCampaign,
  type CampaignRow,
} from '../db/queries/campaigns.ts';
import { insertOperatorAction } from '../db/queries/operator-actions.ts';

export interface MunicipalityProgress {
  gkz: string;
  name: string;
  district: string;
  state_name: string;
  state_code: number;
  markets: number;
  confirmed: number;
  status: MunicipalityState;
  reminded_at: string | null;
}

type Counts = Record<MunicipalityState, number>;
export interface Progress {
  campaign: CampaignRow;
  totals: Counts;
  states: { name: string; code: number; counts: Counts }[];
  districts: { name: string; state_name: string; state_code: number; counts: Counts }[];
  municipalities: MunicipalityProgress[];
}

/** What the clerk's banner shows (issue 22): the running campaign and where each market stands. */
export interface ClerkCampaign {
  year: number;
  deadline: string;
  status: MunicipalityState;
  markets: Record<string, 'confirmed' | 'changed' | 'open'>;
}

/**
 * The yearly update campaign (issue 22): the operator opens it for a year with a deadline, clerks
 * confirm their markets (a later change undoes it: migration 0013's trigger), the console follows
 * the progress. Confirming is not a change of content: no republication.
 */
export function createCampaignService({ db, clock }: { db: Database; clock: () => Date }) {
  /** The latest campaign, closed or not: its progress and list stay readable after closing. */
  const latest = async (): Promise<CampaignRow> => {
    const campaign = await readCurrentCampaign(db);
    if (!campaign) throw new ApiError('no_campaign');
    return campaign;
  };
  /** The campaign clerks confirm in and reminders are sent for: the latest, unless it is closed. */
  const running = async (): Promise<CampaignRow> => {
    const campaign = await latest();
    if (campaign.closed_at) throw new ApiError('campaign_closed');
    return campaign;
  };

  const progress = async (): Promise<Progress> => {
    const campaign = await latest();
    const rows = await readProgressRows(db, campaign.year);
    const empty = (): Counts => Object.fromEntries(MUNICIPALITY_STATES.map((s) => [s, 0])) as Counts;
    const totals = empty();
    const states = new Map<string, { name: string; code: number; counts: Counts }>();
    const districts = new Map<string, Progress['districts'][number]>();
    const municipalities = rows.map((row): MunicipalityProgress => {
      const status = municipalityState({
        markets: row.markets,
        confirmed: row.confirmed,
        changed: row.changed,
        allConfirmed: row.all_confirmed,
        hasAccount: row.has_account,
      });
      totals[status] += 1;
      const { state_name, state_code } = row;
      const state =
        states.get(state_name) ??
        states.set(state_name, { name: state_name, code: state_code, counts: empty() }).get(state_name)!;
      state.counts[status] += 1;
      const key = `${state_name}\u0000${row.district}`;
      const district =
        districts.get(key) ??
        districts.set(key, { name: row.district, state_name, state_code, counts: empty() }).get(key)!;
      district.counts[status] += 1;
      const { gkz, name, district: districtName, markets, confirmed, reminded_at } = row;
      return { gkz, name, district: districtName, state_name, state_code, markets, confirmed, status, reminded_at };
    });
    return {
      campaign,
      totals,
      states: [...states.values()],
      districts: [...districts.values()],
      municipalities,
    };
  };

  return {
    current: () => readCurrentCampaign(db),
    progress,

    async open(actor: string, year: number, deadline: string): Promise<CampaignRow> {
      await db.transaction(async (tx) => {
        await upsertCampaign(tx, year, deadline, clock(), actor);
        await insertOperatorAction(tx, {
          at: clock(),
          actor,
          action: 'open_campaign',
          gkz: null,
          email: null,
          details: { year, deadline },
        });
      });
      return latest();
    },

    /** Issue 22: the book goes to press; clerks see no banner, no reminder goes out, the record stays as it is. */
    async close(actor: string, year: number): Promise<CampaignRow> {
      await db.transaction(async (tx) => {
        const current = await readCurrentCampaign(tx);
        if (current?.year !== year) throw new ApiError('no_campaign');
        if (!(await closeCampaign(tx, year, clock(), actor))) throw new ApiError('campaign_closed');
        await insertOperatorAction(tx, {
          at: clock(),
          actor,
          action: 'close_campaign',
          gkz: null,
          email: null,
          details: { year },
        });
      });
      return latest();
    },

    /** Reminders go out for a running campaign only. */
    running,

    /** The clerk's view; null when no campaign runs. An address not confirmed sees published markets only (issue 49). */
    async forClerk(user: SessionUser): Promise<ClerkCampaign | null> {
      const campaign = await readCurrentCampaign(db);
      if (!campaign || campaign.closed_at) return null;
      const rows = (await progressOf(db, campaign.year, user.gkz)) ?? null;
      const publishedOnly = !mayReadHiddenRecords(user);
      const markets = await readMarketStates(db, campaign.year, user.gkz, { publishedOnly });
      return {
        year: campaign.year,
        deadline: campaign.deadline,
        status: rows ?? 'not_yet',
        markets: Object.fromEntries(markets.map((m) => [m.market_id, m.state])),
      };
    },

    /**
     * One market of the clerk's municipality, or all shown in the year; the municipality itself once
     * every market is confirmed.
     */
    async confirm(user: SessionUser, marketId: string | undefined): Promise<ClerkCampaign> {
      const campaign = await running();
      await db.transaction(async (tx) => {
        const confirmed = await confirmMarkets(
          tx,
          campaign.year,
          user.gkz,
          marketId === undefined ? null : [marketId],
          clock(),
          user.email,
        );
        // Another municipality's market or none: the same answer, so ids of others stay unknown.
        if (marketId !== undefined && confirmed === 0) throw new ApiError('market_not_found');
        // "All" is done only when nothing was left out (issue 53): the clerk sees what still needs a look.
        if (marketId === undefined && (await everyMarketConfirmed(tx, campaign.year, user.gkz))) {
          await confirmMunicipality(tx, campaign.year, user.gkz, clock());
        }
      });
      return (await this.forClerk(user))!;
    },

    /** The console's list as a spreadsheet: one row per municipality (issue 22). */
    async csv(labels: {
      header: readonly string[];
      status: Record<MunicipalityState, string>;
      state: (code: number) => string;
    }): Promise<string> {
      const { municipalities } = await progress();
      return csvFile([
        labels.header,
        ...municipalities.map((m) => [
          labels.state(m.state_code),
          m.district,
          m.gkz,
          m.name,
          labels.status[m.status],
          String(m.markets),
          String(m.confirmed),
          m.reminded_at ?? '',
        ]),
      ]);
    },

    confirmedCount: () => confirmedCount(db),
  };
}

export type CampaignService = ReturnType<typeof createCampaignService>;

/** How many municipalities confirmed the running campaign (the feed and the book's cover say it); null without one. */
export async function confirmedCount(db: Queryable): Promise<CampaignCount | null> {
  const campaign = await readCurrentCampaign(db);
  if (!campaign) return null;
  return { year: campaign.year, confirmed_municipalities: await countConfirmedMunicipalities(db, campaign.year) };
}

async function progressOf(db: Database, year: number, gkz: string): Promise<MunicipalityState | undefined> {
  const rows = await readProgressRows(db, year, gkz);
  const [row] = rows;
  return (
    row &&
    municipalityState({
      markets: row.markets,
      confirmed: row.confirmed,
      changed: row.changed,
      allConfirmed: row.all_confirmed,
      hasAccount: row.has_account,
    })
  );
}
