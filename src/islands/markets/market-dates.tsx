import { useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import type { Locale } from '../../lib/languages.ts';
import type { ContentMarket, MarketDateRecord } from '../../lib/market.ts';
import { viennaDay } from '../../lib/market-rules.ts';
import { regularDays } from '../../lib/recurrence.ts';
import { deleteMarketDate, saveMarketDate } from '../../stores/markets.ts';
import { notify } from '../../stores/notices.ts';
import { Dialog } from '../forms/dialog.tsx';
import { useFocusOnShow } from '../forms/heading.tsx';
import { messageOf } from '../forms/use-form.ts';
import { DateTable, type DateEntry } from './date-rows.tsx';
import { describeDays } from './date-words.ts';
import { MarketDateForm } from './market-date-form.tsx';
import { MarketDaysForm } from './market-days-form.tsx';

interface MarketDatesProps {
  locale: Locale;
  market: ContentMarket;
  /** The dates shown: those of the selected year in the list, of this and next year in the form. */
  dates: MarketDateRecord[];
  heading: string;
  /** The heading's level where the table stands: under a market of the list, or a part of the form's page. */
  level: 3 | 5;
  /** The year a new date is suggested for. */
  year: number;
  lastMonth: Date;
  /** The clerk came from another view of the market: the focus moves to the heading (issue 53). */
  focusOnShow?: boolean;
}

/**
 * The dates of a saved market: upcoming ones first in a table, to add, change, cancel or delete;
 * past ones collapsed below, locked (issue 19).
 */
export function MarketDates(props: MarketDatesProps) {
  const { locale, market, dates, heading, level, year, lastMonth, focusOnShow = false } = props;
  const { t } = useTranslation();
  const headingRef = useFocusOnShow(focusOnShow);
  const [editing, setEditing] = useState<MarketDateRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MarketDateRecord | null>(null);
  /** Issue 53: a date of several days whose single days change, also while it runs. */
  const [changingDays, setChangingDays] = useState<MarketDateRecord | null>(null);
  const today = viennaDay(new Date());
  const entries = entriesOf(market, dates, today);
  const upcoming = entries.filter((entry) => ('date' in entry ? entry.date.date_end : entry.day) >= today);
  const past = entries.filter((entry) => !upcoming.includes(entry));
  const Heading = level === 3 ? 'h3' : 'h5';

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
  const form = (date: MarketDateRecord | null) => (
    <MarketDateForm
      locale={locale}
      market={market}
      date={date}
      year={year}
      lastMonth={lastMonth}
      onDone={(savedId) => close(savedId ?? date?.id)}
      level={level === 3 ? 4 : 6}
    />
  );
  // Issue 53: the focus goes on from the date saved (or left), its row named by its days; from
  // "Termin hinzufügen" when that row is not shown here.
  const close = (dateId: string | undefined) => {
    setEditing(null);
    requestAnimationFrame(() =>
      ((dateId && document.getElementById(`date-${dateId}`)) || document.getElementById(addId))?.focus(),
    );
  };
  const addId = `add-date-${market.id}`;
  // A date that has begun is locked whole (the server refuses changes); its days from today on can
  // still be cancelled or given other times (issue 53), as can single days of a coming one.
  const daysButton = (date: MarketDateRecord) =>
    date.date_end > date.date_start &&
    date.date_end >= today && (
      <button
        type="button"
        className="button-secondary"
        onClick={() => {
          setEditing(null);
          setChangingDays(date);
        }}
        aria-expanded={changingDays === date}
        aria-label={`${t('marketDate.days.open')} ${describeDays(date, locale)}`}
      >
        {t('marketDate.days.open')}
      </button>
    );
  const actions = (entry: DateEntry) =>
    'holiday' in entry ? (
      entry.day < today ? null : (
        <button
          type="button"
          className="button-secondary"
          onClick={() => void addBack(entry.day)}
          aria-label={`${t('marketDate.addBack')} ${entry.day}`}
        >
          {t('marketDate.addBack')}
        </button>
      )
    ) : entry.day < today ? (
      daysButton(entry.date) || null
    ) : (
      <>
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            setChangingDays(null);
            setEditing(entry.date);
          }}
          aria-expanded={editing === entry.date}
          aria-label={`${t('marketDate.edit')} ${entry.day}`}
        >
          {t('marketDate.edit')}
        </button>
        {daysButton(entry.date)}
        {/* The rule would bring a deleted regular date back: it is cancelled in its form instead. */}
        {!(market.rule && entry.date.type === 'regular') && (
          <button
            type="button"
            className="button-secondary"
            onClick={() => setDeleting(entry.date)}
            aria-label={`${t('marketDate.delete')} ${entry.day}`}
          >
            {t('marketDate.delete')}
          </button>
        )}
      </>
    );
  const below = (entry: DateEntry) =>
    'date' in entry &&
    (editing === entry.date
      ? form(entry.date)
      : changingDays === entry.date && (
          <MarketDaysForm
            locale={locale}
            market={market}
            date={entry.date}
            lastMonth={lastMonth}
            onDone={() => setChangingDays(null)}
            level={level === 3 ? 4 : 6}
          />
        ));

  return (
    <section className="market-dates" aria-label={heading}>
      <Heading ref={headingRef} tabIndex={-1}>
        {heading}
      </Heading>
      {editing === 'new' ? (
        form(null)
      ) : (
        <p>
          <button type="button" id={addId} className="button-secondary" onClick={() => setEditing('new')}>
            {t('marketDate.add')}
          </button>
        </p>
      )}
      {upcoming.length === 0 ? (
        <p>{t(entries.length === 0 ? 'marketDate.none' : 'markets.noNextDate')}</p>
      ) : (
        <DateTable
          locale={locale}
          entries={upcoming}
          caption={heading}
          ruled={market.schedule === 'regular'}
          actions={actions}
          below={below}
        />
      )}
      {past.length > 0 && (
        <details className="past-dates">
          <summary>{t('marketDate.past', { count: past.length })}</summary>
          <DateTable
            locale={locale}
            entries={past}
            caption={t('marketDate.past', { count: past.length })}
            ruled={market.schedule === 'regular'}
          />
        </details>
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
            date: deleting ? describeDays(deleting, locale) : '',
            year: deleting?.date_start.slice(0, 4) ?? '',
          })}
        </p>
      </Dialog>
    </section>
  );
}

/** The dates and the holidays the rule leaves out (in the years shown), in the calendar's order. */
function entriesOf(market: ContentMarket, dates: MarketDateRecord[], today: string): DateEntry[] {
  const shownYears = [...new Set(dates.map((date) => date.date_start.slice(0, 4)))];
  const derived = market.rule ? regularDays(market.rule, market, Number(market.gkz.slice(0, 1)), today) : null;
  const skipped = (derived?.skipped ?? []).filter(
    (holiday) =>
      shownYears.includes(holiday.date.slice(0, 4)) && !dates.some((date) => date.date_start === holiday.date),
  );
  return [
    ...dates.map((date) => ({ day: date.date_start, date })),
    ...skipped.map((holiday) => ({ day: holiday.date, holiday, movedTo: derived?.moved.get(holiday.date) })),
  ].sort((a, b) => a.day.localeCompare(b.day));
}
