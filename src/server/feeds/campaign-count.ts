import type { CampaignCount } from '../../lib/campaign.ts';
import type { Database } from '../db/database.ts';
import { isDatabaseUnavailable } from '../db/unavailable-error.ts';
import { confirmedCount } from '../services/campaign.ts';

/** How old the feed's campaign count may be: confirming does not move the content version. */
const MAX_AGE_MS = 30_000;

/**
 * The running campaign's count of confirmed municipalities for the public feed (issue 22), read
 * at most every 30 seconds, so the feed's requests do not each count 2,095 municipalities. With
 * the database away the count read last is served (issue 50: the feed stays up).
 */
export function campaignCountSource(db: Database, now: () => number = Date.now) {
  let kept: { at: number; count: Promise<CampaignCount | null> } | null = null;
  let last: { count: CampaignCount | null } | undefined;
  return {
    current(): Promise<CampaignCount | null> {
      if (!kept || now() - kept.at > MAX_AGE_MS) {
        const count = confirmedCount(db).then(
          (count) => (last = { count }).count,
          (error: unknown) => {
            kept = null;
            if (last && isDatabaseUnavailable(error)) return last.count;
            throw error;
          },
        );
        kept = { at: now(), count };
      }
      return kept.count;
    },
  };
}
