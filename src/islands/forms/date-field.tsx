import { format, isValid, parseISO } from 'date-fns';
import { useState } from 'react';
import { DayPicker, type Matcher } from 'react-day-picker';
import { de, enGB, fr } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../lib/languages.ts';
import { FieldFrame } from './field.tsx';

const PICKER_LOCALES = { de, en: enGB, fr } as const;
/** Seed: the year dropdown starts at 1990. */
const FIRST_MONTH = new Date(1990, 0, 1);

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
        <div className="date-field">
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
              <DayPicker
                mode="single"
                autoFocus
                locale={PICKER_LOCALES[locale]}
                weekStartsOn={1}
                captionLayout="dropdown"
                startMonth={FIRST_MONTH}
                endMonth={lastMonth}
                {...(selected ? { selected, defaultMonth: selected } : {})}
                {...(disabled ? { disabled } : {})}
                modifiers={{ holiday: marked ?? [] }}
                modifiersClassNames={{ holiday: 'day-holiday' }}
                onSelect={(chosen) => {
                  if (chosen) onChange(format(chosen, 'yyyy-MM-dd'));
                  setOpen(false);
                  document.getElementById(id)?.focus();
                }}
              />
            </div>
          )}
        </div>
      )}
    </FieldFrame>
  );
}
