import { DIRECTORY_START } from '../../lib/market.ts';
import { findSessionUser, mayReadHiddenRecords } from '../auth/sessions.ts';
import { procedure, seeOneSnapshot, type Queryable } from '../db/database.ts';
import {
  changesBetween,
  contentVersionAndFloor,
  datesAmong,
  marketsAmong,
  type LoggedChanges,
} from '../db/queries/content-changes.ts';
import { municipalityOfMarkets } from '../db/queries/market-ids.ts';
import {
  contentVersion,
  listMarketDatesOf,
  listMarketsOf,
  listVisibleMarketDates,
  listVisibleMarkets,
} from '../db/queries/markets.ts';
import { dateRecord, GROUP_KEYS, marketRecord, type ContentKind, type ContentRecord } from './content-records.ts';

/** What changed in one answer between two versions: the records public now, and the ids no longer public. */
export interface ContentDelta {
  changed: ContentRecord[];
  deletedIds: string[];
}

/**
 * Beyond this many records touched (an import's worth), reading everything is cheaper than a
 * delta, and a delta would be about as large as the whole answer.
 */
const MAX_DELTA_RECORDS = 20_000;

/*
 * The content service's reads, as procedures: run whole on the database's thread, where
 * their records' JSON is made too (decision record 0024, once 0037). Each reads one snapshot.
 */

/** Every public record of one answer, and the version it is of. */
export const readAll = procedure(
  import.meta.url,
  'readAll',
  async (tx, kind: ContentKind): Promise<{ version: bigint; records: ContentRecord[] }> => {
    await seeOneSnapshot(tx);
    const { version } = await contentVersionAndFloor(tx);
    if (kind === 'markets')
      return { version, records: (await listVisibleMarkets(tx, DIRECTORY_START)).map(marketRecord) };
    const gkzOf = await municipalityOfMarkets(tx);
    const dates = await listVisibleMarketDates(tx, DIRECTORY_START);
    return { version, records: dates.map((date) => dateRecord(date, gkzOf.get(date.wko_market_id) ?? '')) };
  },
);

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

/**
 * The version now and what changed in one answer since `since`, read in one snapshot from the
 * change log (migration 0011); null when the log cannot tell (`since` from before its floor, e.g.
 * before a restore, or ahead of the database) or the change is too large for a delta.
 */
export const readChangesSince = procedure(
  import.meta.url,
  'readChangesSince',
  async (
    tx,
    { kind, since }: { kind: ContentKind; since: bigint },
  ): Promise<{ version: bigint; delta: ContentDelta } | null> => {
    await seeOneSnapshot(tx);
    const { version, floor } = await contentVersionAndFloor(tx);
    if (since < floor || since > version) return null;
    if (since === version) return { version, delta: { changed: [], deletedIds: [] } };
    const changes = await changesBetween(tx, since, version);
    if (changes.marketIds.length + changes.dateIds.length > MAX_DELTA_RECORDS) return null;
    return { version, delta: await readDelta(tx, kind, changes) };
  },
);

/**
 * The records the logged changes may have touched, as they are now; what is not public now is
 * deleted. A market's publication moves with its dates and its dates' with it (api.md), so a change
 * logged as moving it reads the market and all its dates; other changes read their own record.
 */
async function readDelta(tx: Queryable, kind: ContentKind, changes: LoggedChanges): Promise<ContentDelta> {
  if (kind === 'markets') {
    const found = await marketsAmong(tx, DIRECTORY_START, changes.marketIds);
    const changed = found.filter((row) => row.published).map((row) => marketRecord(row.market));
    return { changed, deletedIds: notAmong(changes.marketIds, changed) };
  }
  const found = await datesAmong(tx, DIRECTORY_START, changes.publicationMarketIds, changes.dateIds);
  const changed = found.filter((row) => row.published).map((row) => dateRecord(row.date, row.gkz));
  // Dates gone since are in the log by id; those still there but no longer public are read above.
  return { changed, deletedIds: notAmong([...changes.dateIds, ...found.map((row) => row.date.id)], changed) };
}

function notAmong(ids: readonly string[], records: readonly ContentRecord[]): string[] {
  const kept = new Set(records.map((record) => record.id));
  return [...new Set(ids)].filter((id) => !kept.has(id)).sort();
}

/** A delta's JSON: `{"data": {"wko_market_dates" | "wko_markets": …, "deleted_ids": […]}}` (docs/api.md). */
export function deltaText(kind: ContentKind, delta: ContentDelta): string {
  const sorted = [...delta.changed].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const members = (group: number) => `{${sorted.map((record) => record.members[group]).join(',')}}`;
  const records =
    kind === 'dates'
      ? `"wko_market_dates":${members(0)}`
      : `"wko_markets":{${GROUP_KEYS.markets.map((key, group) => `${JSON.stringify(key)}:${members(group)}`).join(',')}}`;
  return `{"data":{${records},"deleted_ids":${JSON.stringify(delta.deletedIds)}}}`;
}
