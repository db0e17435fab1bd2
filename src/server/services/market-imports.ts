import { randomUUID } from 'node:crypto';
import { ApiError } from '../api-error.ts';
import { findSessionUser, writer, type SessionUser } from '../auth/sessions.ts';
import { viennaDay } from '../../lib/market-rules.ts';
import { procedure, type Queryable } from '../db/database.ts';
import {
  listMarketSources,
  municipalityMarkets,
  saveMarketSource,
  savePreview,
  takePreview,
} from '../db/queries/market-imports.ts';
import { listMarketDates, lockMarket } from '../db/queries/market-edits.ts';
import type { StoredDate } from '../db/queries/markets.ts';
import type { ImportedDate, ImportedMarket, ReadSource, RefusedRow } from '../imports/imported-market.ts';
import {
  COMPARED_FIELDS,
  compare,
  dateOfText,
  dateText,
  portalValues,
  sourceValues,
  type ComparedField,
  type RowStatus,
  type SourceValues,
} from './import-compare.ts';
import { dateInput, inputOf, mergedInput } from './import-input.ts';
import { addMarketDates, answer, deleteMarketDate, saveMarket, type SavedRecords } from './market-saves.ts';

/**
 * Issue 54, the import's two steps on the database's thread. The preview compares each market of
 * the source with the municipality's (found by the key the last import left, else by its title)
 * and keeps what each row would do; applying takes the rows the clerk picked and writes them
 * through the same procedures as the editing calls, in one transaction, each history entry naming
 * the source. A market changed since its preview refuses the whole apply (409): preview again.
 */

export interface PreviewRow {
  row: number;
  status: RowStatus | 'refused';
  title: string;
  /** With `refused`: why (`import.reason.<code>`), and the values its message names. */
  reason?: string;
  values?: Record<string, string>;
  /** With `changed` and `conflict`: old → new per field, as the history has them (dates apart). */
  changes?: Record<string, [unknown, unknown]>;
  conflicts?: ComparedField[];
  /** Dates the row would add and take away (without a rule), or the dates of a new market. */
  dates?: { added: ImportedDate[]; removed: ImportedDate[] };
}

/** A row as the preview keeps it: as the clerk sees it, and what its apply needs (none for a refused one). */
export interface KeptRow {
  shown: PreviewRow;
  /** In an operator's preview, the municipality the row belongs to. */
  gkz?: string;
  apply?: {
    key: string;
    market: ImportedMarket;
    /** The portal's market, at its version then; absent for a new one. */
    found?: { id: string; version: number; take: ComparedField[]; linked: boolean };
  };
}

/**
 * One municipality's rows of an import: each market of the source compared with the
 * municipality's own, found by the key the last import left, else by its title.
 */
export async function comparedRows(tx: Queryable, gkz: string, read: ReadSource, today: string): Promise<KeptRow[]> {
  const { markets, dates } = await municipalityMarkets(tx, gkz, today);
  const links = await listMarketSources(tx, gkz);
  const sources = new Map(links.map((row) => [row.source_key, row]));
  // What a market's last import said, whichever source it came from: a clerk's edit since is told by it.
  const lastImported = new Map(links.map((row) => [row.market_id, row.imported as SourceValues]));
  const byTitle = new Map(markets.map((market) => [market.title.trim().toLowerCase(), market]));
  const byId = new Map(markets.map((market) => [market.id, market]));
  const claimed = new Set<string>();
  const rows: KeptRow[] = read.refused.map(refusedRow);
  const invalid = (imported: ImportedMarket, field: string) =>
    rows.push(refusedRow({ row: imported.row, title: imported.title, reason: 'invalid_field', values: { field } }));
  for (const imported of read.markets) {
    const asNew = mergedInput(imported, null);
    if ('invalid' in asNew) {
      invalid(imported, asNew.invalid);
      continue;
    }
    const source = sourceValues(imported);
    const known = sources.get(imported.key);
    const market =
      (known && byId.get(known.market_id)) ?? byTitle.get(imported.title.trim().toLowerCase()) ?? undefined;
    if (!market || claimed.has(market.id)) {
      // A new market's fields as changes from nothing, so the preview shows its type, place and rule.
      const given = COMPARED_FIELDS.filter((field) => field !== 'title' && field !== 'dates' && source[field]);
      const changes = changesOf(given, NOTHING, source);
      rows.push(kept(imported, { status: 'new', changes, dates: { added: imported.dates, removed: [] } }));
      continue;
    }
    claimed.add(market.id);
    const own = datesOf(dates, market.id);
    const portal = portalValues(market, own, today);
    const { status, take, conflicts } = compare(source, lastImported.get(market.id) ?? null, portal, today);
    const merged = status === 'same' ? null : mergedInput(imported, market, new Set(take));
    if (merged && 'invalid' in merged) {
      invalid(imported, merged.invalid);
      continue;
    }
    // A day the clerk cancelled here stays cancelled: the source's date of that day is not added beside it.
    const cancelled = new Set(own.filter((date) => date.status === 'cancelled').map((date) => date.date_start));
    const changedDates = dateChanges(portal.dates, source.dates);
    const shown = {
      status,
      ...(status === 'same' ? {} : { changes: changesOf(take, portal, source), conflicts }),
      ...(take.includes('dates')
        ? { dates: { ...changedDates, added: changedDates.added.filter((date) => !cancelled.has(date.date_start)) } }
        : {}),
    };
    const linked = lastImported.has(market.id);
    rows.push(kept(imported, shown, { id: market.id, version: market.version, take, linked }));
  }
  return rows.sort((a, b) => a.shown.row - b.shown.row);
}

/**
 * The rows of a source one municipality imports (a clerk's preview, the nightly run): a line of the
 * operator's spreadsheet that names another municipality is not its to import.
 */
export async function municipalityRows(
  tx: Queryable,
  gkz: string,
  read: ReadSource,
  today: string,
): Promise<KeptRow[]> {
  const isForeign = (market: ImportedMarket) => market.gkz !== undefined && market.gkz !== gkz;
  const foreign = read.markets.filter(isForeign);
  const own = { markets: read.markets.filter((market) => !isForeign(market)), refused: read.refused };
  const refused = foreign.map(({ row, title }) => refusedRow({ row, title, reason: 'other_municipality' }));
  return [...(await comparedRows(tx, gkz, own, today)), ...refused].sort((a, b) => a.shown.row - b.shown.row);
}

interface PreviewRequest {
  session: string;
  label: string;
  read: ReadSource;
  now: Date;
}

export const previewImport = procedure(
  import.meta.url,
  'previewImport',
  async (tx, { session, label, read, now }: PreviewRequest): Promise<{ id: string; rows: PreviewRow[] }> => {
    const user = writer(await findSessionUser(tx, session));
    // A line of the operator's spreadsheet that names another municipality is not this clerk's to import.
    const rows = await municipalityRows(tx, user.gkz, read, viennaDay(now));
    const id = randomUUID();
    await savePreview(tx, { id, userId: user.userId, gkz: user.gkz, label, at: now, rows });
    return { id, rows: rows.map((row) => row.shown) };
  },
);

interface ApplyRequest {
  session: string;
  id: string;
  rows: readonly number[];
  now: Date;
}

export const applyImport = procedure(
  import.meta.url,
  'applyImport',
  async (tx, { session, id, rows: chosen, now }: ApplyRequest): Promise<SavedRecords> => {
    const user = writer(await findSessionUser(tx, session));
    const preview = await takePreview(tx, { id, userId: user.userId, at: now });
    if (!preview || preview.gkz !== user.gkz) throw new ApiError('import_not_found');
    return applyRows(
      tx,
      preview.rows as KeptRow[],
      new Set(chosen),
      { session, now, source: preview.source },
      () => user,
    );
  },
);

/**
 * Writes the rows picked, each through the editing procedures as the user `writerOf` names for the
 * row's municipality (the clerk; the operator in each; the nightly run's clerk), and remembers
 * what the source said.
 */
export async function applyRows(
  tx: Queryable,
  rows: readonly KeptRow[],
  chosen: ReadonlySet<number>,
  edit: ImportEdit,
  writerOf: (gkz: string | undefined) => SessionUser,
): Promise<SavedRecords> {
  const written: SavedRecords = { wko_markets: {}, wko_market_dates: {} };
  for (const { shown, apply, gkz } of rows) {
    const picked = chosen.has(shown.row);
    // A market the same as its source is linked to it even unpicked: the next import then tells the
    // clerk's later edits from the source's (a market found by its title had no link yet).
    const linkOnly = !picked && shown.status === 'same' && apply?.found !== undefined;
    if (!apply || (!picked && !linkOnly)) continue;
    // A market deleted since the preview is no longer there to link.
    if (linkOnly && !(await lockMarket(tx, apply.found!.id))) continue;
    const actor = writerOf(gkz);
    const saved = linkOnly
      ? { wko_markets: {}, wko_market_dates: {} }
      : await applyRow(tx, shown, apply, { ...edit, actor });
    for (const [group, markets] of Object.entries(saved.wko_markets))
      Object.assign((written.wko_markets[group] ??= {}), markets);
    Object.assign(written.wko_market_dates, saved.wko_market_dates);
    await saveMarketSource(tx, {
      marketId: apply.found?.id ?? Object.keys(Object.values(saved.wko_markets)[0] ?? {})[0]!,
      gkz: actor.gkz,
      key: apply.key,
      label: edit.source,
      imported: sourceValues(apply.market),
      at: edit.now,
    });
  }
  return written;
}

const NOTHING: SourceValues = {
  title: '',
  type: '',
  description: '',
  event_location: '',
  website: '',
  rule: null,
  date_start: null,
  date_end: null,
  dates: [],
};

type ImportEdit = { session: string; now: Date; source: string; actor?: SessionUser };
type InvalidRow = Omit<RefusedRow, 'reason'> & { reason: 'invalid_field' };

async function applyRow(
  tx: Queryable,
  shown: PreviewRow,
  { market: imported, found }: NonNullable<KeptRow['apply']>,
  edit: ImportEdit,
): Promise<SavedRecords> {
  if (!found) {
    const saved = (await saveMarket.work(tx, { ...edit, input: { input: inputOf(imported, null) } })).saved;
    const marketId = Object.keys(Object.values(saved.wko_markets)[0] ?? {})[0]!;
    if (imported.dates.length === 0) return saved;
    const dates = imported.dates.map((date) => dateInput(marketId, date));
    const dated = await addMarketDates.work(tx, { ...edit, input: { input: { marketId, dates } } });
    return { ...dated, wko_markets: saved.wko_markets };
  }
  const market = await lockMarket(tx, found.id);
  if (!market || market.version !== found.version) throw new ApiError('conflict');
  const take = new Set(found.take);
  // A row picked though the same: nothing to write, and the market is answered as it is.
  let saved: SavedRecords = answer(market, []);
  if (found.take.some((field) => field !== 'dates')) {
    saved = (await saveMarket.work(tx, { ...edit, input: { input: inputOf(imported, market, take) } })).saved;
  }
  if (!take.has('dates') || !shown.dates) return saved;
  const { added, removed } = shown.dates;
  const stored = await listMarketDates(tx, market.id);
  // A market that has a rule now keeps its dates: the rule's own are derived, and deleting one is refused.
  const ruled = (take.has('rule') ? imported.rule : market.rule) !== null;
  for (const date of ruled ? [] : removed) {
    const match = stored.find((candidate) => dateText(candidate) === dateText(date));
    if (match) await deleteMarketDate.work(tx, { ...edit, input: { input: match.id } });
  }
  if (added.length === 0) return saved;
  const dates = added.map((date) => dateInput(market.id, date));
  const dated = await addMarketDates.work(tx, { ...edit, input: { input: { marketId: market.id, dates } } });
  return { wko_markets: { ...dated.wko_markets, ...saved.wko_markets }, wko_market_dates: dated.wko_market_dates };
}

function datesOf(dates: readonly StoredDate[], marketId: string): StoredDate[] {
  return dates.filter((date) => date.wko_market_id === marketId);
}

function kept(
  imported: ImportedMarket,
  shown: Omit<PreviewRow, 'row' | 'title'>,
  found?: NonNullable<KeptRow['apply']>['found'],
): KeptRow {
  const apply = { key: imported.key, market: imported, ...(found ? { found } : {}) };
  return { shown: { row: imported.row, title: imported.title, ...shown }, apply };
}

function refusedRow({ row, title, reason, values }: RefusedRow | InvalidRow): KeptRow {
  return { shown: { row, status: 'refused', title, reason, ...(values ? { values } : {}) } };
}

function changesOf(take: readonly ComparedField[], portal: SourceValues, source: SourceValues) {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of take) {
    if (field === 'dates') continue;
    const shownValue = (values: SourceValues) =>
      field === 'rule' && values.rule ? (JSON.parse(values.rule) as unknown) : values[field];
    changes[field] = [shownValue(portal), shownValue(source)];
  }
  return changes;
}

function dateChanges(portal: readonly string[], source: readonly string[]) {
  return {
    added: source.filter((date) => !portal.includes(date)).map(dateOfText),
    removed: portal.filter((date) => !source.includes(date)).map(dateOfText),
  };
}
