import { randomUUID } from 'node:crypto';
import { ApiError } from '../api-error.ts';
import { findSessionUser, writer, type SessionUser } from '../auth/sessions.ts';
import { viennaDay } from '../../lib/market-rules.ts';
import { procedure, type Queryable } from '../db/database.ts';
import { namesOf, savePreview, takePreview } from '../db/queries/market-imports.ts';
import { insertOperatorAction } from '../db/queries/operator-actions.ts';
import {
  readSubscription,
  saveOutcome,
  subscriptionWriter,
  type SubscriptionOutcome,
} from '../db/queries/calendar-subscriptions.ts';
import type { ImportedMarket, ReadSource } from '../imports/imported-market.ts';
import { applyRows, comparedRows, type KeptRow, type PreviewRow } from './market-imports.ts';

/**
 * Issue 54, the imports no clerk's session makes: the operator's one spreadsheet for many
 * municipalities (a gkz column), previewed per municipality and applied in one transaction, each
 * change recorded as the operator's; and the nightly run's import of a municipality's subscribed
 * calendar, which applies what needs no decision and keeps the rest for the clerk.
 */

export interface MunicipalityRow extends PreviewRow {
  gkz: string | null;
  municipality: string | null;
}

interface OperatorPreviewRequest {
  session: string;
  label: string;
  read: ReadSource;
  now: Date;
}

export const previewMunicipalitiesImport = procedure(
  import.meta.url,
  'previewMunicipalitiesImport',
  async (tx, { session, label, read, now }: OperatorPreviewRequest) => {
    const operator = await operatorOf(tx, session);
    const names = await municipalityNames(tx, read.markets);
    const rows: (KeptRow & { gkz?: string })[] = read.refused.map((row) => ({ shown: { ...row, status: 'refused' } }));
    const byMunicipality = new Map<string, ImportedMarket[]>();
    for (const market of read.markets) {
      const { row, title, gkz } = market;
      if (!gkz) rows.push({ shown: { row, title, status: 'refused', reason: 'no_municipality' } });
      else if (!names.has(gkz))
        rows.push({ shown: { row, title, status: 'refused', reason: 'unknown_municipality', values: { given: gkz } } });
      else if (byMunicipality.has(gkz)) byMunicipality.get(gkz)!.push(market);
      else byMunicipality.set(gkz, [market]);
    }
    const today = viennaDay(now);
    for (const [gkz, markets] of byMunicipality) {
      for (const row of await comparedRows(tx, gkz, { markets, refused: [] }, today)) rows.push({ ...row, gkz });
    }
    rows.sort((a, b) => a.shown.row - b.shown.row);
    const id = randomUUID();
    await savePreview(tx, { id, userId: operator.userId, gkz: null, label, at: now, rows });
    const shown: MunicipalityRow[] = rows.map(({ shown, gkz }) => ({
      ...shown,
      gkz: gkz ?? null,
      municipality: gkz ? names.get(gkz)! : null,
    }));
    return { id, rows: shown };
  },
);

interface OperatorApplyRequest {
  session: string;
  id: string;
  rows: readonly number[];
  now: Date;
}

/** Applies the rows the operator picked; answers how many markets of how many municipalities were written. */
export const applyMunicipalitiesImport = procedure(
  import.meta.url,
  'applyMunicipalitiesImport',
  async (tx, { session, id, rows: chosen, now }: OperatorApplyRequest) => {
    const operator = await operatorOf(tx, session);
    const preview = await takePreview(tx, { id, userId: operator.userId, at: now });
    if (!preview || preview.gkz !== null) throw new ApiError('import_not_found');
    const rows = preview.rows as KeptRow[];
    const picked = new Set(chosen);
    const edit = { session, now, source: preview.source };
    // The operator writes in each municipality as itself: the history names the operator.
    const written = await applyRows(tx, rows, picked, edit, (gkz) => ({ ...operator, gkz: gkz! }));
    const markets = new Set(Object.values(written.wko_markets).flatMap((group) => Object.keys(group)));
    const municipalities = new Set(rows.filter((row) => picked.has(row.shown.row) && row.apply).map((row) => row.gkz));
    const counts = { markets: markets.size, municipalities: municipalities.size };
    await insertOperatorAction(tx, {
      at: now,
      actor: operator.email,
      action: 'import_markets',
      gkz: null,
      email: null,
      details: { source: preview.source, ...counts },
    });
    return counts;
  },
);

interface SubscribedRequest {
  gkz: string;
  url: string;
  /** The calendar as read, or why it could not be (`import.error.<code>`). */
  read: ReadSource | { error: string };
  now: Date;
}

/**
 * The nightly import of one municipality's subscribed calendar: new and changed markets are
 * written, as the clerk who subscribed; a conflict waits for a clerk, who decides in a preview of
 * the same address. The outcome stays on the subscription until a clerk has seen it.
 */
export const importSubscribedCalendar = procedure(
  import.meta.url,
  'importSubscribedCalendar',
  async (tx, { gkz, url, read, now }: SubscribedRequest): Promise<SubscriptionOutcome | null> => {
    const subscription = await readSubscription(tx, gkz);
    // Ended or moved to another address while the calendar was being read: nothing to do with it.
    if (subscription?.url !== url) return null;
    const clerk = await subscriptionWriter(tx, gkz);
    const outcome = 'error' in read ? failed(read.error) : clerk ? await applyUndecided(tx, read) : failed('no_clerk');
    await saveOutcome(tx, { gkz, url, outcome, at: now });
    return outcome;

    async function applyUndecided(tx: Queryable, source: ReadSource): Promise<SubscriptionOutcome> {
      const rows = await comparedRows(tx, gkz, source, viennaDay(now));
      const undecided = rows.filter((row) => row.shown.status === 'new' || row.shown.status === 'changed');
      const actor: SessionUser = { ...clerk!, gkz, emailConfirmed: true, operator: false };
      const edit = { session: '', now, source: url };
      await applyRows(tx, rows, new Set(undecided.map((row) => row.shown.row)), edit, () => actor);
      return {
        applied: undecided.map((row) => row.shown.title),
        waiting: rows.filter((row) => row.shown.status === 'conflict').map((row) => row.shown.title),
        refused: rows.filter((row) => row.shown.status === 'refused').length,
      };
    }
  },
);

function failed(error: string): SubscriptionOutcome {
  return { applied: [], waiting: [], refused: 0, error };
}

async function operatorOf(tx: Queryable, session: string): Promise<SessionUser> {
  const user = writer(await findSessionUser(tx, session));
  if (!user.operator) throw new ApiError('forbidden');
  return user;
}

function municipalityNames(tx: Queryable, markets: readonly ImportedMarket[]): Promise<Map<string, string>> {
  return namesOf(tx, [...new Set(markets.flatMap((market) => market.gkz ?? []))]);
}
