import { format } from 'date-fns/format';
import { DayPicker, type Matcher } from 'react-day-picker';
import { deAT, enGB, fr } from 'react-day-picker/locale';
import type { Locale } from '../../lib/languages.ts';

/** Austrian German: "Jänner", as the portal writes the month everywhere (issue 19). */
const PICKER_LOCALES = { de: deAT, en: enGB, fr } as const;
/** Seed: the year dropdown starts at 1990. */
const FIRST_MONTH = new Date(1990, 0, 1);

export interface CalendarProps {
  locale: Locale;
  selected: Date | undefined;
  lastMonth: Date;
  disabled?: Matcher[] | undefined;
  marked?: Date[] | undefined;
  /** The chosen day as YYYY-MM-DD, or null when the choice was cleared. */
  onChoose: (day: string | null) => void;
}

/**
 * The month calendar of a date field (seed: Monday first, years from 1990). Loaded only when a
 * clerk opens it, so the editing pages stay within their JavaScript budget.
 */
export default function Calendar({ locale, selected, lastMonth, disabled, marked, onChoose }: CalendarProps) {
  return (
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
      onSelect={(chosen) => onChoose(chosen ? format(chosen, 'yyyy-MM-dd') : null)}
    />
  );
}
