import { useId, useState } from 'react';
import '../../styles/imports.css';
import type { Locale } from '../../lib/languages.ts';
import type { ImportedDate, ImportRow } from '../../stores/market-imports.ts';
import { useFocusOnShow } from '../forms/heading.tsx';
import { messageOf } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';
import { describeDays, describeTimes } from './date-words.ts';
import { changeLines } from './history-words.ts';

interface ImportPreviewProps {
  locale: Locale;
  /** The file's name or the calendar's address. */
  source: string;
  rows: ImportRow[];
  onApply: (rows: number[]) => Promise<void>;
  onDiscard: () => void;
  /** The operator's import (issue 54): the rows under a heading per municipality, named by this. */
  groupOf?: (row: ImportRow) => string;
}

const STATUSES = ['new', 'changed', 'conflict', 'same', 'refused'] as const;

/** Dates shown of a row before "and 12 more": a calendar's daily market has hundreds. */
const DATES_SHOWN = 6;

/**
 * An import's preview (issue 54): one entry per market of the source, what it would do in words —
 * new with its fields and dates, changed old → new, a conflict marked, or why it cannot be taken —
 * and a box to tick for each that can. New and changed ones are ticked; a conflict is the clerk's
 * to decide. A list, not a table: it reads the same on a phone.
 */
export function ImportPreview({ locale, source, rows, onApply, onDiscard, groupOf }: ImportPreviewProps) {
  const { t } = useTranslation();
  const id = useId();
  const heading = useFocusOnShow();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(
    () => new Set(rows.filter((row) => row.status === 'new' || row.status === 'changed').map((row) => row.row)),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const count = (status: ImportRow['status']) => rows.filter((row) => row.status === status).length;
  const choosable = rows.filter((row) => row.status !== 'refused');
  const toggle = (row: number, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(row);
      else next.delete(row);
      return next;
    });
  const item = (row: ImportRow) => (
    <li key={row.row} className={`import-row import-${row.status}`}>
      {row.status === 'refused' ? (
        <p className="import-title">{row.title || t('import.rowOf', { row: row.row })}</p>
      ) : (
        <div className="field-check">
          <input
            id={`${id}-row-${row.row}`}
            type="checkbox"
            checked={chosen.has(row.row)}
            onChange={(event) => toggle(row.row, event.target.checked)}
          />
          <label htmlFor={`${id}-row-${row.row}`} className="import-title">
            {t('import.choose', { title: row.title })}
          </label>
        </div>
      )}
      <p className="muted">
        {t('import.rowOf', { row: row.row })} ·{' '}
        <span className={`badge badge-import-${row.status}`}>{t(`import.status.${row.status}`)}</span>
      </p>
      <RowDetails row={row} locale={locale} />
    </li>
  );
  const apply = async () => {
    setError(null);
    if (chosen.size === 0) return setError(t('import.nothingChosen'));
    setBusy(true);
    try {
      await onApply([...chosen]);
    } catch (failure) {
      setError(messageOf(failure, t));
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="import-preview">
      <h3 id={`${id}-heading`} tabIndex={-1} ref={heading}>
        {t('import.previewHeading', { source })}
      </h3>
      <p>
        {STATUSES.filter((status) => count(status) > 0)
          .map((status) => t('form.namedLine', { name: t(`import.status.${status}`), text: String(count(status)) }))
          .join(' · ')}
      </p>
      {choosable.length > 0 ? <p className="muted">{t('import.previewIntro')}</p> : <p>{t('import.nothingToTake')}</p>}
      {groupOf ? (
        groupsOf(rows, groupOf).map(([name, group]) => (
          <section key={name} aria-labelledby={`${id}-${group[0]!.row}`}>
            <h4 id={`${id}-${group[0]!.row}`}>{name}</h4>
            <ol className="import-rows">{group.map(item)}</ol>
          </section>
        ))
      ) : (
        <ol className="import-rows">{rows.map(item)}</ol>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        {choosable.length > 0 && (
          <button type="button" disabled={busy} onClick={() => void apply()}>
            {t('import.apply', { count: chosen.size })}
          </button>
        )}
        <button type="button" className="button-secondary" disabled={busy} onClick={onDiscard}>
          {t('import.cancel')}
        </button>
        {busy && <span role="status">{t('app.loading')}</span>}
      </div>
    </section>
  );
}

/** Rows by group, the groups in the order of their first row. */
function groupsOf(rows: readonly ImportRow[], groupOf: (row: ImportRow) => string): [string, ImportRow[]][] {
  const groups = new Map<string, ImportRow[]>();
  for (const row of rows) {
    const name = groupOf(row);
    const group = groups.get(name);
    if (group) group.push(row);
    else groups.set(name, [row]);
  }
  return [...groups];
}

/** What a row would do, in the history's words: fields old → new (a new market's only new), dates, or why not. */
function RowDetails({ row, locale }: { row: ImportRow; locale: Locale }) {
  const { t } = useTranslation();
  if (row.status === 'refused') return <p className="field-error">{row.message}</p>;
  const change = { market_date_id: null, user_email: '', changed_at: '', action: 'updated' as const };
  const lines = changeLines({ ...change, changes: row.changes ?? {} }, t, locale);
  const dates = (list: ImportedDate[]) => {
    const shown = list
      .slice(0, DATES_SHOWN)
      .map((date) => `${describeDays(date, locale)} ${describeTimes(date)}`.trim());
    if (list.length > DATES_SHOWN) shown.push(t('import.moreDates', { count: list.length - DATES_SHOWN }));
    return shown.join('; ');
  };
  return (
    <>
      {row.status === 'conflict' && <p className="field-hint">{t('import.conflictHint')}</p>}
      <ul className="import-changes">
        {lines.map((line) => {
          const text =
            row.status === 'new'
              ? t('form.namedLine', { name: line.label, text: line.after })
              : t('form.namedLine', { name: line.label, text: `${line.before} → ${line.after}` });
          return (
            <li key={line.field}>
              {row.conflicts?.includes(line.field) ? t('import.conflictField', { line: text }) : text}
            </li>
          );
        })}
        {row.dates && row.dates.added.length > 0 && (
          <li>{t('import.datesAdded', { dates: dates(row.dates.added) })}</li>
        )}
        {row.dates && row.dates.removed.length > 0 && (
          <li>{t('import.datesRemoved', { dates: dates(row.dates.removed) })}</li>
        )}
      </ul>
    </>
  );
}
