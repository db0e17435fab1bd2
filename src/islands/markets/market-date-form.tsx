import { parseISO } from 'date-fns/parseISO';
import { useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import type { Locale } from '../../lib/languages.ts';
import type { ContentMarket, MarketDateRecord } from '../../lib/market.ts';
import { isDaySpan, MARKET_CHECK_ORDER, marketDateInputSchema } from '../../lib/market-input.ts';
import { dateSpanErrors, viennaDay } from '../../lib/market-rules.ts';
import { publicHolidays } from '../../lib/holidays.ts';
import { check } from '../../lib/validation.ts';
import { saveMarketDate } from '../../stores/markets.ts';
import { notify } from '../../stores/notices.ts';
import { closedDays, DateField } from '../forms/date-field.tsx';
import { FieldFrame, FormEnd } from '../forms/field.tsx';
import { useFocusOnShow } from '../forms/heading.tsx';
import { ErrorSummary } from '../forms/error-summary.tsx';
import { refusalsWhereTyped } from '../forms/form-cycle.ts';
import { useFormCycle } from '../forms/use-form.ts';
import { useUnsaved } from '../forms/use-unsaved.ts';
import { choiceOf, DATE_CHOICES, fieldsOfChoice, type DateChoice } from './date-choice.ts';
import { seasonAround } from './date-words.ts';

interface MarketDateFormProps {
  locale: Locale;
  market: ContentMarket;
  /** The date changed, or null for a new one. */
  date: MarketDateRecord | null;
  year: number;
  lastMonth: Date;
  /** Saved or cancelled: the form closes. */
  /** Closes the form; after a save with the saved date's id. */
  onDone: (savedId?: string) => void;
  /** One below the date table's heading. */
  level: 4 | 6;
}

/** One date of a market, new or changed: its days, times, status and note, checked as the server checks them. */
export function MarketDateForm({ locale, market, date, year, lastMonth, onDone, level }: MarketDateFormProps) {
  const { t } = useTranslation();
  const stored = {
    date_start: date?.date_start ?? '',
    date_end: date?.date_end ?? '',
    time_from: date?.time_from ?? market.rule?.time_from ?? '',
    time_to: date?.time_to ?? market.rule?.time_to ?? '',
    choice: date ? choiceOf(date) : ('takes_place' as DateChoice),
    note: date?.note ?? '',
  };
  // Beside a rule a new date is an additional one; its kind otherwise stays what the server made it.
  const kind = date?.type ?? (market.schedule === 'regular' ? 'additional' : 'regular');
  const [values, setValues] = useState(stored);
  const { choice, ...rest } = values;
  const fields = {
    ...rest,
    ...fieldsOfChoice(choice, kind),
    date_end: values.date_end || values.date_start,
    wko_market_id: market.id,
    ...(date ? { id: date.id, version: String(date.version) } : {}),
  };
  const checked = check(marketDateInputSchema, fields, MARKET_CHECK_ORDER);
  // The calendar rules the server applies too, once the days are days: this and next year, no
  // past day, inside the season — named beside a wrong time, so the summary lists every refusal.
  const days = { date_start: fields.date_start, date_end: fields.date_end };
  const calendar = isDaySpan(days) ? dateSpanErrors(days, market, viennaDay(new Date())) : {};
  const refused = refusalsWhereTyped(
    { ...calendar, ...(checked.ok ? {} : checked.fields) },
    ['date_start', 'date_end'],
    { start: values.date_start, end: values.date_end, startNeeded: true },
  );
  const cycle = useFormCycle(refused, {
    wording: (_field, code) =>
      code === 'outside_season'
        ? t('errors.outsideSeasonSpan', { season: seasonAround(market, values.date_start, locale, t) })
        : undefined,
  });
  const { idOf, errorOf } = cycle;
  const changed = JSON.stringify(values) !== JSON.stringify(stored);
  const set = (field: keyof typeof values, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const save = () =>
    cycle.submit(async () => {
      const savedId = await saveMarketDate(fields);
      notify(t('notice.saved'));
      withdraw();
      onDone(savedId);
    });
  const withdraw = useUnsaved(changed ? { save, discard: () => onDone() } : null);
  // The form opens where the clerk's focus goes (issue 53): on its heading, read first by a screen reader.
  const heading = useFocusOnShow();

  // One choice where the seed has two fields: "takes place" and "date cancelled" cannot both be said.
  const choose = (
    <FieldFrame
      id={idOf('status')}
      label={t('marketDate.field.status')}
      hint={market.schedule === 'regular' ? t('marketDate.hint.kind') : undefined}
    >
      {(control) => (
        <select {...control} value={values.choice} onChange={(event) => set('choice', event.target.value)}>
          {DATE_CHOICES.map((option) => (
            <option key={option} value={option}>
              {t(`marketDate.status.${option}`)}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
  const time = (field: 'time_from' | 'time_to', label: 'market.rule.timeFrom' | 'market.rule.timeTo') => (
    <FieldFrame id={idOf(field)} label={t(label)} error={errorOf(field)}>
      {(control) => (
        <input {...control} type="time" value={values[field]} onChange={(event) => set(field, event.target.value)} />
      )}
    </FieldFrame>
  );
  const day = (field: 'date_start' | 'date_end', label: 'marketDate.field.dateStart' | 'marketDate.field.dateEnd') => (
    <DateField
      id={idOf(field)}
      label={t(label)}
      value={values[field]}
      onChange={(value) => set(field, value)}
      error={errorOf(field)}
      locale={locale}
      lastMonth={lastMonth}
      disabled={disabledDays}
      marked={holidays}
    />
  );
  const disabledDays = closedDays(market);
  // The picker marks the public holidays of the market's state, this year and next.
  const thisYear = lastMonth.getFullYear() - 1;
  const holidays = [thisYear, thisYear + 1].flatMap((one) =>
    publicHolidays(one, Number(market.gkz.slice(0, 1))).map((holiday) => parseISO(holiday.date)),
  );

  const Heading = level === 4 ? 'h4' : 'h6';
  return (
    <form
      className="date-form"
      noValidate
      aria-labelledby={idOf('heading')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Heading id={idOf('heading')} ref={heading} tabIndex={-1}>
        {date ? t('marketDate.editHeading') : t('marketDate.newHeading', { year })}
      </Heading>
      <ErrorSummary {...cycle.summary} />
      {day('date_start', 'marketDate.field.dateStart')}
      {day('date_end', 'marketDate.field.dateEnd')}
      <div className="field-row">
        {time('time_from', 'market.rule.timeFrom')}
        {time('time_to', 'market.rule.timeTo')}
      </div>
      {choose}
      <FieldFrame id={idOf('note')} label={t('marketDate.field.note')} error={errorOf('note')}>
        {(control) => (
          <input {...control} type="text" value={values.note} onChange={(event) => set('note', event.target.value)} />
        )}
      </FieldFrame>
      <FormEnd
        failure={cycle.failure}
        busy={cycle.busy}
        save={t('marketDate.save')}
        cancel={t('dialog.cancel')}
        onCancel={() => onDone()}
      />
    </form>
  );
}
