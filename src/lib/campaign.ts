import * as z from 'zod/mini';
import { isoDaySchema } from './input-values.ts';

/**
 * The yearly update campaign (issue 22): where a municipality stands. `changed`: something was
 * confirmed and changed since (or a market came or went after "all confirmed"); `no_account`: not
 * done, and nobody there could do it.
 */
export const MUNICIPALITY_STATES = ['confirmed', 'changed', 'not_yet', 'no_account'] as const;
export type MunicipalityState = (typeof MUNICIPALITY_STATES)[number];

/** What a municipality's state is decided from. */
export interface ProgressFacts {
  markets: number;
  /** Its existing markets confirmed and unchanged since. */
  confirmed: number;
  /** Confirmations undone by a change (also of markets deleted since). */
  changed: number;
  /** A clerk confirmed all at once (the only way for a municipality without markets). */
  allConfirmed: boolean;
  hasAccount: boolean;
}

export function municipalityState(facts: ProgressFacts): MunicipalityState {
  const everyMarket = facts.confirmed >= facts.markets;
  if (facts.changed > 0 || (facts.allConfirmed && !everyMarket)) return 'changed';
  if (everyMarket && (facts.markets > 0 || facts.allConfirmed)) return 'confirmed';
  return facts.hasAccount ? 'not_yet' : 'no_account';
}

/** What the public feed and the book's cover say of the running campaign (issue 22). */
export interface CampaignCount {
  year: number;
  confirmed_municipalities: number;
}

/** Reminders go to municipalities not done that someone there can act on. */
export const needsReminder = (state: MunicipalityState): boolean => state === 'not_yet' || state === 'changed';

/** A campaign's year; its deadline a real day (the same rule as a market's days). */
export const openCampaignSchema = z.object({
  year: z.coerce
    .number({ error: 'invalid_number' })
    .check(
      z.int({ error: 'invalid_number' }),
      z.gte(2000, { error: 'invalid_number' }),
      z.lte(2100, { error: 'invalid_number' }),
    ),
  deadline: isoDaySchema,
});
export type OpenCampaign = z.infer<typeof openCampaignSchema>;
/** Closing names the year, so a console showing an older campaign cannot close a newer one. */
export const closeCampaignSchema = z.object({ year: openCampaignSchema.shape.year });

/** What the clerk confirms: one market, or all of the municipality's (no market_id). */
export const confirmCampaignSchema = z.object({
  market_id: z.optional(z.string({ error: 'invalid_request' }).check(z.minLength(1), z.maxLength(64))),
});
