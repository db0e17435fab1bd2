import { format } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { lazy, Suspense, useState } from 'react';
import type { Matcher } from 'react-day-picker';
// The calendar's small stylesheet goes with the page's styles; its code comes when a clerk opens it.
import 'react-day-picker/style.css';
import type { Locale } from '../../lib/languages.ts';
import { viennaDay } from '../../lib/market-rules.ts';
import { derivationWindow } from '../../lib/recurrence.ts';
import { seasonSpanOf, type Season } from '../../lib/seasons.ts';
import { useTranslation } from '../i18n.tsx';
import { FieldFrame } from './field.tsx';

const Calendar = lazy(() => import('./calendar.tsx'));

/**
 * Days a new date cannot take, greyed out in the picker: before today, outside the season, after
 * next year — the span the rule's dates are derived for, which the server's checks accept.
 */
export function closedDays(season: Season): Matcher[] {
  const typed = (day: string | null) => (day && isValid(parseISO(day)) ? day : null);
  const given = { ...season, date_start: typed(season.date_start), date_end: typed(season.date_end) };
  const { from, to } = derivationWindow(given, viennaDay(new Date()));
  // A season that repeats closes the months between its spans too.
  const betweenSpans = (date: Date) => seasonSpanOf(given, format(date, 'yyyy-MM-dd')) === null;
  return [{ before: parseISO(from) }, { after: parseISO(to) }, ...(given.season_repeats ? [betweenSpans] : [])];
}

interface DateFieldProps {
  id: string;
  label: string;
  /** YYYY-MM-DD, or '' while not given. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  locale: Locale;
  /** Days that cannot be chosen (locked past days, outside the season). */
  disabled?: Matcher[];
  /** Days marked in the calendar, e.g. public holidays. */
  marked?: Date[];
  lastMonth: Date;
}

/**
 * A day typed as YYYY-MM-DD (seed format), or chosen in a calendar that opens below the field
 * (seed: Monday first, years from 1990, above everything at z-index 9999).
 */
export function DateField({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  locale,
  disabled,
  marked,
  lastMonth,
}: DateFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const day = parseISO(value);
  const selected = isValid(day) ? day : undefined;
  return (
    <FieldFrame id={id} label={label} error={error} hint={t('date.format')}>
      {(control) => (
        <div
          className="date-field"
          onBlur={(event) => {
            // The picker closes once the focus moves on to another control (issue 53): it never
            // covers the field the clerk is in (WCAG 2.2, 2.4.11). A click on its own face keeps it.
            const next = event.relatedTarget;
            if (open && next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
          }}
        >
          <input
            {...control}
            type="text"
            inputMode="numeric"
            placeholder={t('date.placeholder')}
            value={value}
            onChange={(event) => onChange(event.target.value.trim())}
            onBlur={onBlur}
          />
          <button
            type="button"
            className="button-secondary"
            aria-expanded={open}
            aria-controls={`${id}-calendar`}
            onClick={() => setOpen(!open)}
          >
            {t('date.choose')}
          </button>
          {open && (
            <div
              id={`${id}-calendar`}
              className="date-picker"
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  event.stopPropagation();
                  setOpen(false);
                  document.getElementById(id)?.focus();
                }
              }}
            >
              <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
                <Calendar
                  locale={locale}
                  selected={selected}
                  lastMonth={lastMonth}
                  disabled={disabled}
                  marked={marked}
                  onChoose={(chosen) => {
                    if (chosen) onChange(chosen);
                    setOpen(false);
                    document.getElementById(id)?.focus();
                  }}
                />
              </Suspense>
            </div>
          )}
        </div>
      )}
    </FieldFrame>
  );
}
