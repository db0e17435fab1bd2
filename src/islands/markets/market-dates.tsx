import { parseISO } from 'date-fns/parseISO';
import { useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import type { MessageKey } from '../../lib/translate.ts';
import type { Locale } from '../../lib/languages.ts';
import type { ContentMarket, MarketDateRecord } from '../../lib/market.ts';
import { viennaDay } from '../../lib/market-rules.ts';
import type { PublicHoliday } from '../../lib/holidays.ts';
import { regularDays } from '../../lib/recurrence.ts';
import { deleteMarketDate, saveMarketDate } from '../../stores/markets.ts';
import { notify } from '../../stores/notices.ts';
import { Dialog } from '../forms/dialog.tsx';
import { messageOf } from '../forms/use-form.ts';
import { MarketDateForm } from './market-date-form.tsx';

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
            date: deleting ? describeDay(deleting.date_start, locale) : '', // issue 19: no ISO day in a sentence
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
