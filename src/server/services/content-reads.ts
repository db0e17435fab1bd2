import { findSessionUser, mayReadHiddenRecords } from '../auth/sessions.ts';
import { procedure, seeOneSnapshot, type Queryable } from '../db/database.ts';
import { contentVersion, listMarketDatesOf, listMarketsOf } from '../db/queries/markets.ts';
import { dateRecord, marketRecord, type ContentKind, type ContentRecord } from './content-records.ts';

/*
 * A clerk's reads of their own municipality, hidden records too, as procedures: run whole on the
 * database's thread, where their records' JSON is made too (decision record 0024, once 0037). Each
 * reads one snapshot. The public answers are made from the publisher's snapshot (content.ts).
 */

/**
 * The records of the session's municipality, hidden ones too, and the content version they are of;
 * null when the session may not read them (not a live one, or its address not confirmed, issue
 * 49): the caller gets the public answer.
 */
export const readOwn = procedure(
  import.meta.url,
  'readOwn',
  async (
    tx,
    { kind, session }: { kind: ContentKind; session: string },
  ): Promise<{ gkz: string; version: string; records: ContentRecord[] } | null> => {
    // The version and the records of one snapshot (on PostgreSQL each statement would see later commits).
    await seeOneSnapshot(tx, { mayWrite: true });
    const user = await findSessionUser(tx, session);
    if (!mayReadHiddenRecords(user)) return null;
    const { gkz } = user;
    return { gkz, version: await contentVersion(tx), records: await ownRecords(tx, kind, gkz) };
  },
);

/**
 * The markets and the dates of the session's municipality, hidden ones too, of one snapshot
 * (get_own_content): read in two turns, a save between them could give a date whose market is
 * missing. null when the session may not read them, as for readOwn.
 */
export const readOwnContent = procedure(
  import.meta.url,
  'readOwnContent',
  async (tx, session: string): Promise<{ markets: ContentRecord[]; dates: ContentRecord[] } | null> => {
    await seeOneSnapshot(tx, { mayWrite: true });
    const user = await findSessionUser(tx, session);
    if (!mayReadHiddenRecords(user)) return null;
    return { markets: await ownRecords(tx, 'markets', user.gkz), dates: await ownRecords(tx, 'dates', user.gkz) };
  },
);

async function ownRecords(tx: Queryable, kind: ContentKind, gkz: string): Promise<ContentRecord[]> {
  if (kind === 'markets') return (await listMarketsOf(tx, gkz)).map(marketRecord);
  return (await listMarketDatesOf(tx, gkz)).map((date) => dateRecord(date, gkz));
}
