import { useTranslation } from '../i18n.tsx';
import { ruleInWords } from '../../lib/directory/rule-words.ts';
import type { Locale } from '../../lib/languages.ts';
import { viennaDay } from '../../lib/market-rules.ts';
import { HOLIDAY_SHIFTS, NTHS, WEEKDAYS } from '../../lib/market.ts';
import { recurrenceRuleInputSchema } from '../../lib/rule-input.ts';
import { seasonDays } from '../../lib/recurrence.ts';
import { CheckField, FieldFrame } from '../forms/field.tsx';
import type { DraftFieldsProps } from './draft-fields.tsx';
import { describeDay } from './date-words.ts';
import { ruleFieldsOf, type MarketDraft } from './market-draft.ts';
import { YearlyRuleFields } from './yearly-rule-fields.tsx';

interface RuleFieldsProps extends DraftFieldsProps {
  /** The patron days of the market's state, named where the clerk may choose to leave them out too. */
  stateHolidays: string;
  locale: Locale;
}

const INTERVALS = Array.from({ length: 12 }, (_, index) => index + 1);

/** The element a refused rule field is shown and focused at: the first weekday for the weekdays. */
export function ruleControlOf(field: string): string | null {
  if (field === 'rule.weekdays') return `day-${WEEKDAYS[0]}`;
  const match = /^rule\.(freq|interval|nth|month|easter_offset|feast|relation|offset|days|time_from|time_to)$/.exec(
    field,
  );
  return match ? match[1]! : field === 'rule' ? 'rule' : null;
}

/** Single dates, or a rule: weekly on weekdays, or monthly on the n-th weekday, every n weeks or months, with its times. */
export function RuleFields(props: RuleFieldsProps) {
  const { draft, set, idOf, errorOf, leave, stateHolidays, locale } = props;
  const { t } = useTranslation();
  const toggleDay = (day: (typeof WEEKDAYS)[number], on: boolean) =>
    set(
      'weekdays',
      on
        ? WEEKDAYS.filter((one) => one === day || draft.weekdays.includes(one))
        : draft.weekdays.filter((one) => one !== day),
    );
  const weekdaysError = errorOf('rule.weekdays');
  const time = (field: 'time_from' | 'time_to', label: 'market.rule.timeFrom' | 'market.rule.timeTo') => (
    <FieldFrame id={idOf(field)} label={t(label)} error={errorOf(`rule.${field}`)}>
      {(control) => (
        <input
          {...control}
          type="time"
          value={draft[field]}
          onChange={(event) => set(field, event.target.value)}
          onBlur={leave(`rule.${field}`)}
        />
      )}
    </FieldFrame>
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
          <div className="field-row">
            <FieldFrame id={idOf('freq')} label={t('market.rule.freq')}>
              {(control) => (
                <select
                  {...control}
                  value={draft.freq}
                  onChange={(event) => set('freq', event.target.value as MarketDraft['freq'])}
                >
                  <option value="weekly">{t('market.rule.weekly')}</option>
                  <option value="monthly">{t('market.rule.monthly')}</option>
                  <option value="yearly">{t('market.rule.yearly')}</option>
                </select>
              )}
            </FieldFrame>
            <FieldFrame id={idOf('interval')} label={t('market.rule.interval')} error={errorOf('rule.interval')}>
              {(control) => (
                <select {...control} value={draft.interval} onChange={(event) => set('interval', event.target.value)}>
                  {INTERVALS.map((count) => (
                    <option key={count} value={String(count)}>
                      {t(`market.rule.interval.${draft.freq}`, { count })}
                    </option>
                  ))}
                </select>
              )}
            </FieldFrame>
            {draft.freq === 'monthly' && (
              <FieldFrame id={idOf('nth')} label={t('market.rule.nth')} error={errorOf('rule.nth')}>
                {(control) => (
                  <select {...control} value={draft.nth} onChange={(event) => set('nth', event.target.value)}>
                    {NTHS.map((nth) => (
                      <option key={nth} value={String(nth)}>
                        {t(`market.rule.nth.${nth}`)}
                      </option>
                    ))}
                  </select>
                )}
              </FieldFrame>
            )}
          </div>
          {draft.freq === 'yearly' && <YearlyRuleFields {...props} />}
          {draft.freq !== 'yearly' && (
            <fieldset
              className={weekdaysError ? 'field-invalid' : undefined}
              aria-describedby={weekdaysError ? idOf('weekdays-error') : undefined}
            >
              <legend>
                {t('market.rule.weekdays')}
                <span className="field-required"> ({t('form.required')})</span>
              </legend>
              <div className="weekdays">
                {WEEKDAYS.map((day) => (
                  <span key={day} className="field-check">
                    <input
                      id={idOf(`day-${day}`)}
                      type="checkbox"
                      checked={draft.weekdays.includes(day)}
                      onChange={(event) => toggleDay(day, event.target.checked)}
                      onBlur={leave('rule.weekdays')}
                      {...(weekdaysError ? { 'aria-invalid': true } : {})}
                    />
                    <label htmlFor={idOf(`day-${day}`)}>{t(`weekday.${day}`)}</label>
                  </span>
                ))}
              </div>
              {weekdaysError && (
                <p id={idOf('weekdays-error')} className="field-error">
                  {weekdaysError}
                </p>
              )}
            </fieldset>
          )}
          <div className="field-row">
            {time('time_from', 'market.rule.timeFrom')}
            {time('time_to', 'market.rule.timeTo')}
          </div>
          <CheckField
            id={idOf('skip_holidays')}
            label={t('market.rule.skipHolidays')}
            checked={draft.skip_holidays}
            onChange={(checked) => set('skip_holidays', checked)}
          />
          <CheckField
            id={idOf('skip_state_holidays')}
            label={t('market.rule.skipStateHolidays', { days: stateHolidays })}
            checked={draft.skip_state_holidays}
            onChange={(checked) => set('skip_state_holidays', checked)}
          />
          {(draft.skip_holidays || draft.skip_state_holidays) && (
            <FieldFrame id={idOf('holiday_shift')} label={t('market.rule.holidayShift')}>
              {(control) => (
                <select
                  {...control}
                  value={draft.holiday_shift}
                  onChange={(event) => set('holiday_shift', event.target.value as MarketDraft['holiday_shift'])}
                >
                  {(['', ...HOLIDAY_SHIFTS] as const).map((shift) => (
                    <option key={shift} value={shift}>
                      {t(`market.rule.holidayShift.${shift || ('none' as const)}`)}
                    </option>
                  ))}
                </select>
              )}
            </FieldFrame>
          )}
          <RulePreview draft={draft} locale={locale} />
          {errorOf('rule') && <p className="field-error">{errorOf('rule')}</p>}
        </div>
      )}
    </fieldset>
  );
}

/**
 * The rule as the directory will say it, and its next three dates, while the clerk sets it up:
 * "jährlich am Sonntag nach Martini" is checked before it is saved (issue 53).
 */
function RulePreview({ draft, locale }: { draft: MarketDraft; locale: Locale }) {
  const { t } = useTranslation();
  const parsed = recurrenceRuleInputSchema.safeParse(ruleFieldsOf(draft));
  if (!parsed.success) return null;
  const today = viennaDay(new Date());
  const season = {
    date_start: draft.date_start || null,
    date_end: draft.date_end || null,
    season_repeats: draft.season_repeats,
  };
  const next = seasonDays({ ...parsed.data, dtstart: season.date_start ?? today }, season, today).slice(0, 3);
  return (
    <p className="field-hint">
      {t('market.rule.preview', { rule: ruleInWords(parsed.data, t) })}{' '}
      {next.length > 0 && t('market.rule.nextDates', { dates: next.map((day) => describeDay(day, locale)).join(', ') })}
    </p>
  );
}
