import type { Queryable } from '../db/database.ts';
import { countConfirmedMunicipalities, readCurrentCampaign } from '../db/queries/campaigns.ts';
import { countMunicipalities } from '../db/queries/master-data.ts';
import { readLastNightlyRun } from '../db/queries/nightly-runs.ts';
import { listOperatorActions, type OperatorActionRow } from '../db/queries/operator-actions.ts';
import { listWaitingRegistrations, type WaitingRegistration } from '../db/queries/registrations.ts';

/** Of the waiting registrations and the log, the overview names the first few: the oldest waiting, the latest entries. */
const NAMED = 5;

/** Issue 55: the console's first screen, an operator's desk — what needs looking at, in one call. */
export interface OperatorOverview {
  campaign: {
    year: number;
    deadline: string;
    closed: boolean;
    confirmed_municipalities: number;
    municipalities: number;
  } | null;
  nightly: { finished_at: string; ok: boolean } | null;
  waiting: { total: number; registrations: WaitingRegistration[] };
  audit: OperatorActionRow[];
}

export async function operatorOverview(db: Queryable, now: Date): Promise<OperatorOverview> {
  const campaign = await readCurrentCampaign(db);
  const nightly = await readLastNightlyRun(db);
  const { total, waiting } = await listWaitingRegistrations(db, now, NAMED);
  return {
    campaign: campaign && {
      year: campaign.year,
      deadline: campaign.deadline,
      closed: campaign.closed_at !== null,
      confirmed_municipalities: await countConfirmedMunicipalities(db, campaign.year),
      municipalities: await countMunicipalities(db),
    },
    nightly: nightly && { finished_at: nightly.finished_at, ok: nightly.ok },
    waiting: { total, registrations: waiting },
    audit: await listOperatorActions(db, NAMED, null),
  };
}
