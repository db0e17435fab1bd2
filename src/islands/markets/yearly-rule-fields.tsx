import type { ReactNode } from 'react';
import { useTranslation } from '../i18n.tsx';
import { FEAST_RELATIONS, NTHS, WEEKDAYS, RULE_LIMITS, type Weekday } from '../../lib/market.ts';
import type { MessageKey } from '../../lib/translate.ts';
import { EASTER_DAYS, FEAST_DAYS } from '../../lib/yearly-rules.ts';
import { FieldFrame } from '../forms/field.tsx';
import type { DraftFieldsProps } from './draft-fields.tsx';

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);
const span = ({ min, max }: { min: number; max: number }) =>
  Array.from({ length: max - min + 1 }, (_, index) => min + index);
const KINDS = ['month', 'easter', 'feast'] as const;

/** The option for a value the list does not hold, so that the select shows what is stored; none when it does. */
const listed = (values: readonly string[], value: string, text: string): [string, string][] =>
  values.includes(value) ? [] : [[value, text]];

/**
 * The day of a yearly rule (issue 53): the n-th weekday of a month, a day of Easter, or the
 * weekday beside a feast; then when the date begins beside that day and how many days it lasts.
 */
export function YearlyRuleFields({ draft, set, idOf, errorOf }: DraftFieldsProps) {
  const { t } = useTranslation();
  const month = (number: number) => t(`month.${number}` as MessageKey);
  const select = (
    field: 'nth' | 'month' | 'easter_offset' | 'feast' | 'relation' | 'offset' | 'days',
    label: MessageKey,
    options: [value: string, text: string][],
    onChange: (value: string) => void = (value) => set(field, value as never),
  ): ReactNode => (
    <FieldFrame id={idOf(field)} label={t(label)} error={errorOf(`rule.${field}`)}>
      {(control) => (
        <select {...control} value={String(draft[field])} onChange={(event) => onChange(event.target.value)}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
  // One weekday: the rule's `weekdays` holds it alone (market-draft.ts, ruleFieldsOf).
  const weekday = (
    <FieldFrame id={idOf('weekday')} label={t('market.rule.weekday')} error={errorOf('rule.weekdays')}>
      {(control) => (
        <select
          {...control}
          value={draft.weekdays[0] ?? ''}
          onChange={(event) => set('weekdays', [event.target.value as Weekday])}
        >
          {draft.weekdays.length === 0 && <option value="">–</option>}
          {WEEKDAYS.map((day) => (
            <option key={day} value={day}>
              {t(`weekday.${day}`)}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
  const shift = (count: number) =>
    count === 0
      ? t('market.rule.offset.same')
      : t(count < 0 ? 'market.rule.offset.before' : 'market.rule.offset.after', { count: Math.abs(count) });
  return (
    <>
      <fieldset>
        <legend>{t('market.rule.yearlyBy')}</legend>
        {KINDS.map((kind) => (
          <div key={kind} className="field-check">
            <input
              id={idOf(`yearly-${kind}`)}
              type="radio"
              name={idOf('yearly_by')}
              checked={draft.yearly_by === kind}
              onChange={() => set('yearly_by', kind)}
            />
            <label htmlFor={idOf(`yearly-${kind}`)}>{t(`market.rule.yearlyBy.${kind}`)}</label>
          </div>
        ))}
      </fieldset>
      {draft.yearly_by === 'feast' && (
        <div className="field-row">
          {select('feast', 'market.rule.feast', [
            ...listed(
              FEAST_DAYS,
              draft.feast,
              `${Number(draft.feast.slice(3))}. ${month(Number(draft.feast.slice(0, 2)))}`,
            ),
            ...FEAST_DAYS.map((day): [string, string] => [
              day,
              t('market.rule.feastOption', {
                name: t(`feast.${day}` as MessageKey),
                day: Number(day.slice(3)),
                month: month(Number(day.slice(0, 2))),
              }),
            ]),
          ])}
        </div>
      )}
      <div className="field-row">
        {draft.yearly_by === 'month' && (
          <>
            {select(
              'nth',
              'market.rule.nth',
              NTHS.map((nth) => [String(nth), t(`market.rule.nth.${nth}`)]),
            )}
            {weekday}
            {select(
              'month',
              'market.rule.month',
              MONTHS.map((number) => [String(number), month(number)]),
            )}
          </>
        )}
        {draft.yearly_by === 'easter' &&
          select('easter_offset', 'market.rule.easterDay', [
            ...EASTER_DAYS.map((offset): [string, string] => [String(offset), t(`easter.${offset}` as MessageKey)]),
            // A day given through the API that the list does not name ("Ostersonntag +10").
            ...listed(
              EASTER_DAYS.map(String),
              draft.easter_offset,
              `${t('easter.0')} ${Number(draft.easter_offset) > 0 ? '+' : ''}${draft.easter_offset}`,
            ),
          ])}
        {draft.yearly_by === 'feast' && (
          <>
            {weekday}
            {select(
              'relation',
              'market.rule.relation',
              FEAST_RELATIONS.map((relation) => [relation, t(`market.rule.relation.${relation}`)]),
            )}
          </>
        )}
      </div>
      <div className="field-row">
        {select(
          'offset',
          'market.rule.offset',
          span(RULE_LIMITS.offset).map((count) => [String(count), shift(count)]),
        )}
        {select(
          'days',
          'market.rule.days',
          span(RULE_LIMITS.days).map((count) => [String(count), t('market.rule.days', { count })]),
        )}
      </div>
    </>
  );
}
