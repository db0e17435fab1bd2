import { useTranslation } from '../i18n.tsx';
import type { Locale } from '../../lib/languages.ts';
import { closedDays, DateField } from '../forms/date-field.tsx';
import { CheckField } from '../forms/field.tsx';
import type { DraftFieldsProps } from './draft-fields.tsx';

interface CalendarProps extends DraftFieldsProps {
  locale: Locale;
  lastMonth: Date;
}

/** The season: the first and last day the market's dates may fall on, once or every year (issue 53). */
export function SeasonFields({ draft, set, idOf, errorOf, leave, locale, lastMonth }: CalendarProps) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend>{t('market.season')}</legend>
      <DateField
        id={idOf('date_start')}
        label={t('market.field.dateStart')}
        value={draft.date_start}
        onChange={(value) => set('date_start', value)}
        onBlur={leave('date_start')}
        error={errorOf('date_start')}
        locale={locale}
        lastMonth={lastMonth}
      />
      <DateField
        id={idOf('date_end')}
        label={t('market.field.dateEnd')}
        value={draft.date_end}
        onChange={(value) => set('date_end', value)}
        onBlur={leave('date_end')}
        error={errorOf('date_end')}
        locale={locale}
        lastMonth={lastMonth}
      />
      <CheckField
        id={idOf('season_repeats')}
        label={t('market.field.seasonRepeats')}
        checked={draft.season_repeats}
        onChange={(checked) => set('season_repeats', checked)}
      />
    </fieldset>
  );
}

/** A new market's optional first date, saved with it; later dates are added in the date list. */
export function FirstDateFields({ draft, set, idOf, errorOf, locale, lastMonth }: CalendarProps) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend>{t('market.firstDate')}</legend>
      <DateField
        id={idOf('first_start')}
        label={t('marketDate.field.dateStart')}
        value={draft.first_start}
        onChange={(value) => set('first_start', value)}
        error={errorOf('first_date.date_start') ?? errorOf('first_date')}
        locale={locale}
        lastMonth={lastMonth}
        disabled={closedDays(draft)}
      />
      <DateField
        id={idOf('first_end')}
        label={t('marketDate.field.dateEnd')}
        value={draft.first_end}
        onChange={(value) => set('first_end', value)}
        error={errorOf('first_date.date_end')}
        locale={locale}
        lastMonth={lastMonth}
        disabled={closedDays(draft)}
      />
    </fieldset>
  );
}
