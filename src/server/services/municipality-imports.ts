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
import { applyRows, comparedRows, municipalityRows, type KeptRow, type PreviewRow } from './market-imports.ts';

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
    const names = await namesOf(tx, [...new Set([...read.markets, ...read.refused].flatMap((line) => line.gkz ?? []))]);
    // A line refused for itself stays under its municipality, when it names one there is.
    const rows: KeptRow[] = read.refused.map(({ gkz, ...row }) => ({
      shown: { ...row, status: 'refused' },
      ...(gkz && names.has(gkz) ? { gkz } : {}),
    }));
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
    await applyRows(tx, rows, picked, edit, (gkz) => ({ ...operator, gkz: gkz! }));
    // A row picked though the same writes nothing, and is not counted.
    const writing = rows.filter((row) => picked.has(row.shown.row) && row.apply && row.shown.status !== 'same');
    const counts = { markets: writing.length, municipalities: new Set(writing.map((row) => row.gkz)).size };
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
  /** The calendar as read, or why it could not be (`errors.<code>`). */
  read: ReadSource | { error: string };
  now: Date;
}

/** What a night did with one subscription: its outcome, or why there was none. */
export type SubscribedNight = { outcome: SubscriptionOutcome } | { skipped: 'ended' | 'no_clerk' };

/**
 * The nightly import of one municipality's subscribed calendar, as the clerk who subscribed. Only
 * what needs no decision is written: a new market whose title no other market here or in the
 * calendar has, and a change to a market an earlier import linked to its source (so the clerk's own
 * edits since are told from the calendar's). Conflicts, changes to a market typed here by hand and
 * found by its title, and new markets whose title repeats wait for a clerk, who decides in a preview
 * of the same address. The outcome stays on the subscription until a clerk has seen it.
 */
export const importSubscribedCalendar = procedure(
  import.meta.url,
  'importSubscribedCalendar',
  async (tx, { gkz, url, read, now }: SubscribedRequest): Promise<SubscribedNight> => {
    const subscription = await readSubscription(tx, gkz);
    // Ended or moved to another address while the calendar was being read: nothing to do with it.
    if (subscription?.url !== url) return { skipped: 'ended' };
    const clerk = await subscriptionWriter(tx, gkz);
    if (!clerk) return { skipped: 'no_clerk' };
    const outcome = 'error' in read ? failed(read.error) : await applyUndecided(tx, read);
    await saveOutcome(tx, { gkz, url, outcome, at: now });
    return { outcome };

    async function applyUndecided(tx: Queryable, source: ReadSource): Promise<SubscriptionOutcome> {
      const rows = await municipalityRows(tx, gkz, source, viennaDay(now));
      // A refused row (a past date, a concert) does not make a market's title repeat.
      const titles = new Map<string, number>();
      for (const { shown } of rows.filter((row) => row.shown.status !== 'refused'))
        titles.set(shown.title.toLowerCase(), (titles.get(shown.title.toLowerCase()) ?? 0) + 1);
      const undecided = rows.filter(
        ({ shown, apply }) =>
          (shown.status === 'new' && titles.get(shown.title.toLowerCase()) === 1) ||
          (shown.status === 'changed' && apply?.found?.linked === true),
      );
      const actor: SessionUser = { ...clerk!, gkz, emailConfirmed: true, operator: false };
      const edit = { session: '', now, source: url };
      await applyRows(tx, rows, new Set(undecided.map((row) => row.shown.row)), edit, () => actor);
      return {
        applied: undecided.map((row) => row.shown.title),
        waiting: rows
          .filter((row) => row.shown.status !== 'same' && row.shown.status !== 'refused' && !undecided.includes(row))
          .map((row) => row.shown.title),
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
