import type { ReactNode } from 'react';
import { useTranslation } from '../i18n.tsx';
import type { Locale } from '../../lib/languages.ts';
import type { MarketDateRecord } from '../../lib/market.ts';
import type { PublicHoliday } from '../../lib/holidays.ts';
import { choiceOf } from './date-choice.ts';
import { describeDay, describeDays, describeTimes } from './date-words.ts';

/** A line of the date table: a stored date, or a holiday the market's rule leaves out. */
/** A date, or a holiday the rule leaves out, and the day its date moved to when the rule moves it (issue 53). */
export type DateEntry =
  { day: string; date: MarketDateRecord } | { day: string; holiday: PublicHoliday; movedTo: string | undefined };

interface DateTableProps {
  locale: Locale;
  entries: DateEntry[];
  caption: string;
  /** Whether the market has a rule: then an additional or changed date says so in a badge. */
  ruled: boolean;
  /** The actions of a line; none for past dates, which are locked. */
  actions?: (entry: DateEntry) => ReactNode;
  /** A line under a date, e.g. its open form. */
  below?: (entry: DateEntry) => ReactNode;
}

/** Dates as a table: day and hours, status and kind as badges, the actions with big targets. */
export function DateTable({ locale, entries, caption, ruled, actions, below }: DateTableProps) {
  const { t } = useTranslation();
  const columns = actions ? 3 : 2;
  return (
    <table className="date-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('marketDate.column.date')}</th>
          <th scope="col">{t('marketDate.column.status')}</th>
          {actions && <th scope="col">{t('marketDate.column.actions')}</th>}
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const extra = below?.(entry);
          return [
            <tr key={entry.day + ('date' in entry ? entry.date.id : 'holiday')} className={classOf(entry)}>
              {/* A row a change lands on takes the focus (issue 53), so it can be focused by script. */}
              <th scope="row" id={'date' in entry ? `date-${entry.date.id}` : undefined} tabIndex={-1}>
                {'date' in entry ? describeDays(entry.date, locale) : describeDay(entry.day, locale)}
                {'date' in entry && describeTimes(entry.date) && (
                  <span className="date-times">{describeTimes(entry.date)}</span>
                )}
              </th>
              <td>
                {'holiday' in entry ? (
                  <span className="badge badge-muted">
                    {entry.movedTo
                      ? t('marketDate.movedHoliday', {
                          day: describeDay(entry.movedTo, locale),
                          holiday: entry.holiday.name[locale],
                        })
                      : t(
                          entry.holiday.kind === 'state'
                            ? 'marketDate.skippedStateHoliday'
                            : 'marketDate.skippedHoliday',
                          { holiday: entry.holiday.name[locale] },
                        )}
                  </span>
                ) : (
                  <DateBadges date={entry.date} ruled={ruled} />
                )}
              </td>
              {actions && <td className="date-actions">{actions(entry)}</td>}
            </tr>,
            extra && (
              <tr key={`${entry.day}-below`} className="date-below">
                <td colSpan={columns}>{extra}</td>
              </tr>
            ),
          ];
        })}
      </tbody>
    </table>
  );
}

function DateBadges({ date, ruled }: { date: MarketDateRecord; ruled: boolean }) {
  const { t } = useTranslation();
  const choice = choiceOf(date);
  return (
    <>
      <span className={`badge badge-${choice}`}>{t(`marketDate.status.${choice}`)}</span>
      {/* Only a kind that differs from the rule is news: an additional or a changed date. */}
      {ruled && (date.type === 'additional' || date.type === 'changed') && (
        <span className="badge">{t(`marketDate.type.${date.type}`)}</span>
      )}
      {date.note && <span className="date-note">{date.note}</span>}
    </>
  );
}

function classOf(entry: DateEntry): string | undefined {
  if ('holiday' in entry) return 'date-skipped';
  return choiceOf(entry.date) === 'cancelled' ? 'date-cancelled' : undefined;
}
