import type { SessionUser } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import type { ContentService } from './content.ts';
import { readOwnContent } from './content-reads.ts';
import { GROUP_KEYS, type ContentRecord } from './content-records.ts';

/**
 * `GET /api/get_own_content` (docs/api.md, issue 50): the session's municipality only, markets and
 * dates in one answer, in the records' shapes of get_content_stops and get_content. The editing
 * screens show one municipality: the national answer (17 MB of JSON at Austria scale) cost a
 * clerk's browser seconds to fetch and parse, and the portal most of its bytes under load.
 *
 * Markets and dates are read in one snapshot (readOwnContent), so a save between them cannot give a
 * date whose market is missing. Whether the session sees its hidden records is mayReadHiddenRecords'
 * to say, as for include_hidden_records=1: one check for both calls. A session it grants none gets its municipality's public records.
 */
export function createOwnContent(database: Database, content: ContentService) {
  // A reader waits on each of its reads: they go before the saves waiting their turn (as content.ts).
  const db = database.ahead;
  /** The answer's JSON; null without a live session. */
  return async (session: string, sessionUser: () => Promise<SessionUser | null>): Promise<string | null> => {
    const own = await db.run(readOwnContent, session);
    if (own) return ownContentText(own.markets, own.dates);
    const user = await sessionUser();
    if (!user) return null;
    const [published, publishedDates] = await Promise.all([
      content.publicRecordsOf('markets', user.gkz),
      content.publicRecordsOf('dates', user.gkz),
    ]);
    return ownContentText(published, publishedDates);
  };
}

export type OwnContent = ReturnType<typeof createOwnContent>;

/** `{"data": {"wko_markets": {<group>: {…}}, "wko_market_dates": {…}}}`, as a save answers (api.md). */
export function ownContentText(markets: readonly ContentRecord[], dates: readonly ContentRecord[]): string {
  const members = (records: readonly ContentRecord[], group: number) =>
    `{${records.map((record) => record.members[group]).join(',')}}`;
  const groups = GROUP_KEYS.markets.map((key, group) => `${JSON.stringify(key)}:${members(markets, group)}`);
  return `{"data":{"wko_markets":{${groups.join(',')}},"wko_market_dates":${members(dates, 0)}}}`;
}
