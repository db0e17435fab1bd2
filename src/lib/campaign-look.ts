/**
 * Why a market needs the clerk's look before its campaign year is confirmed (issue 53). Apart
 * from campaign.ts, whose schemas bring zod: the markets list shows this on its first paint.
 */
export type CampaignLook = 'hidden' | 'noDates' | 'ruleWithoutDates';

interface CheckedMarket {
  market: { hidden: boolean; schedule: string };
  dates: readonly { date_start: string; date_end: string; hidden: boolean }[];
}

/**
 * What a market needs in the campaign's year: hidden, or no shown date in it (a rule that gave
 * none says so). "Confirm all" covers the markets that need nothing; the server's confirmMarkets
 * applies the same rule in SQL (tests/api/campaign.test.ts holds both to it).
 */
export function campaignLook({ market, dates }: CheckedMarket, year: number): CampaignLook | null {
  if (market.hidden) return 'hidden';
  const from = `${year}-01-01`;
  const until = `${year}-12-31`;
  if (dates.some((date) => !date.hidden && date.date_start <= until && date.date_end >= from)) return null;
  return market.schedule === 'regular' ? 'ruleWithoutDates' : 'noDates';
}
