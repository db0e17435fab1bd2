import { parseISO } from 'date-fns/parseISO';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import type { MessageKey } from '../../lib/translate.ts';
import type { Locale } from '../../lib/languages.ts';
import {
  MARKET_DATE_STATUSES,
  MARKET_DATE_TYPES,
  type ContentMarket,
  type MarketDateRecord,
} from '../../lib/market.ts';
import { MARKET_CHECK_ORDER, marketDateInputSchema } from '../../lib/market-input.ts';
import { dateSpanErrors, viennaDay } from '../../lib/market-rules.ts';
import type { PublicHoliday } from '../../lib/holidays.ts';
import { regularDays } from '../../lib/recurrence.ts';
import { publicHolidays } from '../../lib/holidays.ts';
import { check } from '../../lib/validation.ts';
import { deleteMarketDate, saveMarketDate } from '../../stores/markets.ts';
import { notify } from '../../stores/notices.ts';
import { reportUnsaved } from '../../stores/unsaved.ts';
import { closedDays, DateField } from '../forms/date-field.tsx';
import { Dialog } from '../forms/dialog.tsx';
import { FieldFrame } from '../forms/field.tsx';
import { messageOf } from '../forms/use-form.ts';

interface MarketDatesProps {
  locale: Locale;
  market: ContentMarket;
  /** The dates shown: those of the selected year in the list, of this and next year in the form. */
  dates: MarketDateRecord[];
  heading: string;
  /** The year a new date is suggested for. */
  year: number;
  lastMonth: Date;
}

/** The dates of a saved market in the selected year: add, change, cancel or delete them. */
export function MarketDates({ locale, market, dates, heading, year, lastMonth }: MarketDatesProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<MarketDateRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MarketDateRecord | null>(null);
  const today = viennaDay(new Date());
  // Holidays the rule leaves out show among the dates, and can be added back as additional dates.
  const shownYears = [...new Set(dates.map((date) => date.date_start.slice(0, 4)))];
  const skipped = market.rule
    ? regularDays(market.rule, market, Number(market.gkz.slice(0, 1)), today).skipped.filter(
        (holiday) =>
          shownYears.includes(holiday.date.slice(0, 4)) && !dates.some((date) => date.date_start === holiday.date),
      )
    : [];
  // One list in the order of the calendar: the dates, and the holidays the rule leaves out.
  const entries: Array<{ day: string; date: MarketDateRecord } | { day: string; holiday: PublicHoliday }> = [
    ...dates.map((date) => ({ day: date.date_start, date })),
    ...skipped.map((holiday) => ({ day: holiday.date, holiday })),
  ].sort((a, b) => a.day.localeCompare(b.day));
  const addBack = async (day: string) => {
    try {
      await saveMarketDate({
        wko_market_id: market.id,
        date_start: day,
        date_end: day,
        time_from: market.rule?.time_from ?? '',
        time_to: market.rule?.time_to ?? '',
        type: 'additional',
      });
      notify(t('notice.saved'));
    } catch (error) {
      notify(messageOf(error, t), 'error');
    }
  };

  const remove = async () => {
    const date = deleting;
    setDeleting(null);
    if (!date) return;
    try {
      await deleteMarketDate(date.id);
      notify(t('notice.dateDeleted'));
    } catch (error) {
      notify(messageOf(error, t), 'error');
    }
  };

  return (
    <section className="market-dates" aria-label={heading}>
      <h4>{heading}</h4>
      {dates.length === 0 && skipped.length === 0 ? (
        <p>{t('marketDate.none')}</p>
      ) : (
        <ul>
          {entries.map((entry) =>
            'holiday' in entry ? (
              <li key={entry.day} className="date-skipped">
                <span>
                  {t(entry.holiday.kind === 'state' ? 'marketDate.skippedStateHoliday' : 'marketDate.skippedHoliday', {
                    day: describeDay(entry.day, locale),
                    holiday: entry.holiday.name[locale],
                  })}
                </span>
                <span className="date-actions">
                  <button
                    type="button"
                    className="button-link"
                    onClick={() => void addBack(entry.day)}
                    aria-label={`${t('marketDate.addBack')} ${entry.day}`}
                  >
                    {t('marketDate.addBack')}
                  </button>
                </span>
              </li>
            ) : (
              <li key={entry.date.id} className={entry.date.status === 'cancelled' ? 'date-cancelled' : undefined}>
                <span>{describeDate(entry.date, locale, t)}</span>
                {entry.day >= today && (
                  <span className="date-actions">
                    <button
                      type="button"
                      className="button-link"
                      onClick={() => setEditing(entry.date)}
                      aria-label={`${t('marketDate.edit')} ${entry.day}`}
                    >
                      {t('marketDate.edit')}
                    </button>
                    {/* The rule would bring a deleted regular date back: it is cancelled in its form instead. */}
                    {!(market.rule && entry.date.type === 'regular') && (
                      <button
                        type="button"
                        className="button-link"
                        onClick={() => setDeleting(entry.date)}
                        aria-label={`${t('marketDate.delete')} ${entry.day}`}
                      >
                        {t('marketDate.delete')}
                      </button>
                    )}
                  </span>
                )}
              </li>
            ),
          )}
        </ul>
      )}
      {editing ? (
        <MarketDateForm
          locale={locale}
          market={market}
          date={editing === 'new' ? null : editing}
          year={year}
          lastMonth={lastMonth}
          onDone={() => setEditing(null)}
        />
      ) : (
        <button type="button" className="button-secondary" onClick={() => setEditing('new')}>
          {t('marketDate.add')}
        </button>
      )}
      <Dialog
        open={deleting !== null}
        title={t('marketDate.deleteTitle')}
        onCancel={() => setDeleting(null)}
        actions={[
          { label: t('marketDate.deleteConfirm'), onClick: () => void remove(), danger: true },
          { label: t('dialog.cancel'), onClick: () => setDeleting(null), primary: true },
        ]}
      >
        <p>
          {t('marketDate.deleteText', {
            date: deleting?.date_start ?? '',
            year: deleting?.date_start.slice(0, 4) ?? '',
          })}
        </p>
      </Dialog>
    </section>
  );
}

function describeDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(parseISO(day));
}

function describeDate(date: MarketDateRecord, locale: Locale, t: (key: MessageKey) => string): string {
  const day = new Intl.DateTimeFormat(locale, { weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric' });
  const days =
    date.date_end === date.date_start
      ? day.format(parseISO(date.date_start))
      : `${day.format(parseISO(date.date_start))} – ${day.format(parseISO(date.date_end))}`;
  const times = date.time_from && date.time_to ? `, ${date.time_from}–${date.time_to}` : '';
  return `${days}${times} · ${t(`marketDate.status.${date.status}`)} · ${t(`marketDate.type.${date.type}`)}`;
}

interface MarketDateFormProps {
  locale: Locale;
  market: ContentMarket;
  date: MarketDateRecord | null;
  year: number;
  lastMonth: Date;
  onDone: () => void;
}

function MarketDateForm({ locale, market, date, year, lastMonth, onDone }: MarketDateFormProps) {
  const { t } = useTranslation();
  const prefix = useId();
  const stored = {
    date_start: date?.date_start ?? '',
    date_end: date?.date_end ?? '',
    time_from: date?.time_from ?? market.rule?.time_from ?? '',
    time_to: date?.time_to ?? market.rule?.time_to ?? '',
    status: date?.status ?? 'takes_place',
    type: date?.type ?? (market.schedule === 'regular' ? 'additional' : 'regular'),
    note: date?.note ?? '',
  };
  const [values, setValues] = useState(stored);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fields = {
    ...values,
    date_end: values.date_end || values.date_start,
    wko_market_id: market.id,
    ...(date ? { id: date.id, version: String(date.version) } : {}),
  };
  const checked = check(marketDateInputSchema, fields, MARKET_CHECK_ORDER);
  // The calendar rules the server applies too: this and next year, no past day, inside the season.
  const calendarErrors = checked.ok ? dateSpanErrors(checked.data, market, viennaDay(new Date())) : {};
  const valid = checked.ok && Object.keys(calendarErrors).length === 0;
  const changed = JSON.stringify(values) !== JSON.stringify(stored);
  const errorOf = (field: string) => {
    const code = !shown ? undefined : checked.ok ? calendarErrors[field] : checked.fields[field];
    return code && t(`errors.${code}` as MessageKey);
  };
  const set = (field: keyof typeof values, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const save = async (): Promise<boolean> => {
    setShown(true);
    if (!valid) return false;
    setBusy(true);
    try {
      await saveMarketDate(fields);
      notify(t('notice.saved'));
      reportUnsaved(prefix, null);
      onDone();
      return true;
    } catch (error) {
      setFailure(messageOf(error, t));
      return false;
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    reportUnsaved(prefix, changed ? { save, discard: onDone } : null);
  });
  useEffect(() => () => reportUnsaved(prefix, null), []);

  const id = (field: string) => `${prefix}-${field}`;
  const select = (field: 'status' | 'type', options: readonly string[]) => (
    <FieldFrame id={id(field)} label={t(`marketDate.field.${field}`)}>
      {(control) => (
        <select {...control} value={values[field]} onChange={(event) => set(field, event.target.value)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {t(`marketDate.${field}.${option}` as MessageKey)}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
  const disabledDays = closedDays(market);
  // The picker marks the public holidays of the market's state, this year and next.
  const thisYear = lastMonth.getFullYear() - 1;
  const holidays = [thisYear, thisYear + 1].flatMap((one) =>
    publicHolidays(one, Number(market.gkz.slice(0, 1))).map((holiday) => parseISO(holiday.date)),
  );

  return (
    <form
      className="date-form"
      noValidate
      aria-labelledby={`${prefix}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h5 id={`${prefix}-heading`}>{date ? t('marketDate.editHeading') : t('marketDate.newHeading', { year })}</h5>
      <DateField
        id={id('date_start')}
        label={t('marketDate.field.dateStart')}
        value={values.date_start}
        onChange={(value) => set('date_start', value)}
        error={errorOf('date_start')}
        locale={locale}
        lastMonth={lastMonth}
        disabled={disabledDays}
        marked={holidays}
      />
      <DateField
        id={id('date_end')}
        label={t('marketDate.field.dateEnd')}
        value={values.date_end}
        onChange={(value) => set('date_end', value)}
        error={errorOf('date_end')}
        locale={locale}
        lastMonth={lastMonth}
        disabled={disabledDays}
        marked={holidays}
      />
      <div className="field-row">
        <FieldFrame id={id('time_from')} label={t('market.rule.timeFrom')} error={errorOf('time_from')}>
          {(control) => (
            <input
              {...control}
              type="time"
              value={values.time_from}
              onChange={(event) => set('time_from', event.target.value)}
            />
          )}
        </FieldFrame>
        <FieldFrame id={id('time_to')} label={t('market.rule.timeTo')} error={errorOf('time_to')}>
          {(control) => (
            <input
              {...control}
              type="time"
              value={values.time_to}
              onChange={(event) => set('time_to', event.target.value)}
            />
          )}
        </FieldFrame>
      </div>
      {select('status', MARKET_DATE_STATUSES)}
      {market.schedule === 'regular' && select('type', MARKET_DATE_TYPES)}
      <FieldFrame id={id('note')} label={t('marketDate.field.note')} error={errorOf('note')}>
        {(control) => (
          <input {...control} type="text" value={values.note} onChange={(event) => set('note', event.target.value)} />
        )}
      </FieldFrame>
      <div role="alert" className="form-failure">
        {failure}
      </div>
      <div className="form-actions">
        <button type="submit" disabled={busy}>
          {t('marketDate.save')}
        </button>
        <button type="button" className="button-secondary" onClick={onDone}>
          {t('dialog.cancel')}
        </button>
      </div>
    </form>
  );
}
