import { parseISO } from 'date-fns/parseISO';
import { useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import type { Locale } from '../../lib/languages.ts';
import type { ContentMarket, MarketDateRecord } from '../../lib/market.ts';
import { MARKET_CHECK_ORDER } from '../../lib/market-input.ts';
import { daysChangeErrors, daysChangeInputSchema, splitDays } from '../../lib/market-days.ts';
import { viennaDay } from '../../lib/market-rules.ts';
import { check } from '../../lib/validation.ts';
import { changeMarketDays } from '../../stores/markets.ts';
import { notify } from '../../stores/notices.ts';
import { DateField } from '../forms/date-field.tsx';
import { FieldFrame, FormEnd } from '../forms/field.tsx';
import { useFocusOnShow } from '../forms/heading.tsx';
import { ErrorSummary } from '../forms/error-summary.tsx';
import { useFormCycle } from '../forms/use-form.ts';
import { useUnsaved } from '../forms/use-unsaved.ts';
import { describeDays, describeTimes } from './date-words.ts';

interface MarketDaysFormProps {
  locale: Locale;
  market: ContentMarket;
  /** A date of several days, maybe running. */
  date: MarketDateRecord;
  lastMonth: Date;
  onDone: () => void;
  level: 4 | 6;
}

/**
 * Issue 53: some days of a date of several days cancelled or given other times — the rest of a
 * running Advent market after a storm, a Jahrmarkt's last day. The days before today stay as they
 * were; what the date becomes is shown before it is saved.
 */
export function MarketDaysForm({ locale, market, date, lastMonth, onDone, level }: MarketDaysFormProps) {
  const { t } = useTranslation();
  const today = viennaDay(new Date());
  const first = date.date_start > today ? date.date_start : today;
  const stored = {
    from: first,
    to: date.date_end,
    status: 'cancelled' as 'cancelled' | 'takes_place',
    time_from: date.time_from ?? '',
    time_to: date.time_to ?? '',
    note: '',
  };
  const [values, setValues] = useState(stored);
  const fields = { ...values, id: date.id, version: String(date.version) };
  const checked = check(daysChangeInputSchema, fields, MARKET_CHECK_ORDER);
  const refused = checked.ok ? daysChangeErrors(date, checked.data, today) : checked.fields;
  const cycle = useFormCycle(refused);
  // What the date becomes, in the clerk's words, once the days chosen are days of the date.
  const parts = checked.ok && Object.keys(refused).length === 0 ? splitDays(date, checked.data) : [];

  const { idOf, errorOf } = cycle;
  const set = (field: keyof typeof values, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const changed = JSON.stringify(values) !== JSON.stringify(stored);

  // The form opens where the clerk's focus is: on its heading, read first by a screen reader.
  const heading = useFocusOnShow();

  const save = () =>
    cycle.submit(async () => {
      const written = await changeMarketDays(market.id, fields);
      notify(t('notice.daysChanged'));
      withdraw();
      onDone();
      // After the save the clerk goes on from the days changed, not from the top of the page.
      const changedId = written[parts.findIndex((part) => part.changed)];
      requestAnimationFrame(() => document.getElementById(`date-${changedId}`)?.focus());
    });
  const withdraw = useUnsaved(changed ? { save, discard: onDone } : null);

  const inDate = [{ before: parseISO(first) }, { after: parseISO(date.date_end) }];
  const day = (field: 'from' | 'to', label: 'marketDate.days.from' | 'marketDate.days.to') => (
    <DateField
      id={idOf(field)}
      label={t(label)}
      value={values[field]}
      onChange={(value) => set(field, value)}
      error={errorOf(field)}
      locale={locale}
      lastMonth={lastMonth}
      disabled={inDate}
    />
  );
  const time = (field: 'time_from' | 'time_to', label: 'market.rule.timeFrom' | 'market.rule.timeTo') => (
    <FieldFrame id={idOf(field)} label={t(label)} error={errorOf(field)}>
      {(control) => (
        <input {...control} type="time" value={values[field]} onChange={(event) => set(field, event.target.value)} />
      )}
    </FieldFrame>
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
        {t('marketDate.days.heading', { date: describeDays(date, locale) })}
      </Heading>
      <ErrorSummary {...cycle.summary} />
      <p className="field-hint">{t('marketDate.days.intro')}</p>
      <div className="field-row">
        {day('from', 'marketDate.days.from')}
        {day('to', 'marketDate.days.to')}
      </div>
      <fieldset>
        <legend>{t('marketDate.days.action')}</legend>
        {(['cancelled', 'takes_place'] as const).map((status) => (
          <div key={status} className="field-check">
            <input
              id={idOf(`status-${status}`)}
              type="radio"
              name={idOf('status')}
              checked={values.status === status}
              onChange={() => set('status', status)}
            />
            <label htmlFor={idOf(`status-${status}`)}>
              {t(status === 'cancelled' ? 'marketDate.days.cancel' : 'marketDate.days.retime')}
            </label>
          </div>
        ))}
      </fieldset>
      {values.status === 'takes_place' && (
        <div className="field-row">
          {time('time_from', 'market.rule.timeFrom')}
          {time('time_to', 'market.rule.timeTo')}
        </div>
      )}
      <FieldFrame id={idOf('note')} label={t('marketDate.days.note')} error={errorOf('note')}>
        {(control) => (
          <input {...control} type="text" value={values.note} onChange={(event) => set('note', event.target.value)} />
        )}
      </FieldFrame>
      {parts.length > 0 && (
        <div className="days-result" aria-live="polite">
          <p>{t('marketDate.days.result')}</p>
          <ul>
            {parts.map((part) => {
              const cancelled = part.changed ? values.status === 'cancelled' : date.status === 'cancelled';
              const times = part.changed && values.status === 'takes_place' ? values : date;
              return (
                <li key={part.date_start} className={cancelled ? 'date-cancelled' : undefined}>
                  {describeDays(part, locale)} {!cancelled && describeTimes(times)} ·{' '}
                  {t(cancelled ? 'marketDate.status.cancelled' : 'marketDate.status.takes_place')}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <FormEnd
        failure={cycle.failure}
        busy={cycle.busy}
        save={t('marketDate.days.save')}
        cancel={t('dialog.cancel')}
        onCancel={onDone}
      />
    </form>
  );
}
