import { useTranslation } from '../i18n.tsx';
import { WEEKDAYS } from '../../lib/market.ts';
import type { MarketDraft } from './market-draft.ts';

interface RuleFieldsProps {
  draft: MarketDraft;
  set: <K extends keyof MarketDraft>(key: K, value: MarketDraft[K]) => void;
  idOf: (field: string) => string;
  error: string | undefined;
}

const NTHS = ['1', '2', '3', '4', '-1'] as const;

/** Single dates, or a rule: weekly on weekdays, or monthly on the n-th weekday, with its times. */
export function RuleFields({ draft, set, idOf, error }: RuleFieldsProps) {
  const { t } = useTranslation();
  const toggleDay = (day: (typeof WEEKDAYS)[number], on: boolean) =>
    set(
      'weekdays',
      on
        ? WEEKDAYS.filter((one) => one === day || draft.weekdays.includes(one))
        : draft.weekdays.filter((one) => one !== day),
    );
  return (
    <fieldset>
      <legend>{t('market.field.rule')}</legend>
      {(['dates', 'regular'] as const).map((schedule) => (
        <div key={schedule} className="field-check">
          <input
            id={idOf(`schedule-${schedule}`)}
            type="radio"
            name={idOf('schedule')}
            checked={draft.schedule === schedule}
            onChange={() => set('schedule', schedule)}
          />
          <label htmlFor={idOf(`schedule-${schedule}`)}>{t(`market.schedule.${schedule}`)}</label>
        </div>
      ))}
      {draft.schedule === 'regular' && (
        <div className="rule-fields" id={idOf('rule')} tabIndex={-1}>
          <div className="field">
            <label htmlFor={idOf('freq')}>{t('market.rule.freq')}</label>
            <select
              id={idOf('freq')}
              value={draft.freq}
              onChange={(event) => set('freq', event.target.value as MarketDraft['freq'])}
            >
              <option value="weekly">{t('market.rule.weekly')}</option>
              <option value="monthly">{t('market.rule.monthly')}</option>
            </select>
          </div>
          {draft.freq === 'monthly' && (
            <div className="field">
              <label htmlFor={idOf('nth')}>{t('market.rule.nth')}</label>
              <select id={idOf('nth')} value={draft.nth} onChange={(event) => set('nth', event.target.value)}>
                {NTHS.map((nth) => (
                  <option key={nth} value={nth}>
                    {t(`market.rule.nth.${nth}`)}
                  </option>
                ))}
              </select>
            </div>
          )}
          <fieldset aria-describedby={error ? `${idOf('rule')}-error` : undefined}>
            <legend>{t('market.rule.weekdays')}</legend>
            <div className="weekdays">
              {WEEKDAYS.map((day) => (
                <span key={day} className="field-check">
                  <input
                    id={idOf(`day-${day}`)}
                    type="checkbox"
                    checked={draft.weekdays.includes(day)}
                    onChange={(event) => toggleDay(day, event.target.checked)}
                  />
                  <label htmlFor={idOf(`day-${day}`)}>{t(`weekday.${day}`)}</label>
                </span>
              ))}
            </div>
          </fieldset>
          <div className="field-row">
            <div className="field">
              <label htmlFor={idOf('time_from')}>{t('market.rule.timeFrom')}</label>
              <input
                id={idOf('time_from')}
                type="time"
                value={draft.time_from}
                onChange={(event) => set('time_from', event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={idOf('time_to')}>{t('market.rule.timeTo')}</label>
              <input
                id={idOf('time_to')}
                type="time"
                value={draft.time_to}
                onChange={(event) => set('time_to', event.target.value)}
              />
            </div>
          </div>
          <div className="field-check">
            <input
              id={idOf('skip_holidays')}
              type="checkbox"
              checked={draft.skip_holidays}
              onChange={(event) => set('skip_holidays', event.target.checked)}
            />
            <label htmlFor={idOf('skip_holidays')}>{t('market.rule.skipHolidays')}</label>
          </div>
          {error && (
            <p id={`${idOf('rule')}-error`} className="field-error">
              {error}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
