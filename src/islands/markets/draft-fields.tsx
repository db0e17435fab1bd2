import type { ReactNode } from 'react';
import { useTranslation } from '../i18n.tsx';
import type { MessageKey } from '../../lib/translate.ts';
import { MARKET_STATUSES, MARKET_TYPES } from '../../lib/market.ts';
import { TEXT_MAX, type MarketTextField, type MarketTextFieldName } from '../../lib/market-fields.ts';
import { FieldFrame } from '../forms/field.tsx';
import type { MarketDraft } from './market-draft.ts';

/** What every part of the market form gets: the draft, how to change it, and its checks' messages. */
export interface DraftFieldsProps {
  draft: MarketDraft;
  set: <K extends keyof MarketDraft>(key: K, value: MarketDraft[K]) => void;
  idOf: (field: string) => string;
  /** A refused field's message (`title`, `rule.weekdays`, `image.alt`, …), once it is shown. */
  errorOf: (field: string) => string | undefined;
  leave: (field: string) => () => void;
}

interface LineFieldProps extends DraftFieldsProps {
  field: 'title' | 'website' | 'phone' | 'email';
  label: MessageKey;
  /** Counts the characters against the limit (the title's). */
  counter?: boolean;
  required?: boolean;
  hint?: ReactNode;
  type?: 'text' | 'url' | 'tel' | 'email';
}

/** One line of text: the title, or a way to reach the organizers. */
export function LineField(props: LineFieldProps) {
  const { draft, set, idOf, errorOf, leave, field, label, counter, required, hint, type } = props;
  const { t } = useTranslation();
  return (
    <FieldFrame
      id={idOf(field)}
      label={t(label)}
      error={errorOf(field)}
      hint={hint}
      required={required}
      counter={counter ? { count: draft[field].length, max: TEXT_MAX } : undefined}
    >
      {(control) => (
        <input
          {...control}
          type={type ?? 'text'}
          value={draft[field]}
          onChange={(event) => set(field, event.target.value)}
          onBlur={leave(field)}
        />
      )}
    </FieldFrame>
  );
}

/** A declared free-text field (market-fields.ts): with its hint, and several lines with a counter. */
export function FreeTextField({
  draft,
  set,
  idOf,
  errorOf,
  leave,
  field,
}: DraftFieldsProps & { field: MarketTextField }) {
  const { t } = useTranslation();
  const name = field.name as MarketTextFieldName;
  const control = (props: object) =>
    field.multiline ? (
      <textarea
        {...props}
        rows={3}
        value={draft[name]}
        onChange={(event) => set(name, event.target.value)}
        onBlur={leave(name)}
      />
    ) : (
      <input
        {...props}
        type="text"
        value={draft[name]}
        onChange={(event) => set(name, event.target.value)}
        onBlur={leave(name)}
      />
    );
  return (
    <FieldFrame
      id={idOf(name)}
      label={t(field.label)}
      error={errorOf(name)}
      hint={field.hint ? t(field.hint) : undefined}
      counter={field.multiline ? { count: draft[name].length, max: field.max } : undefined}
    >
      {control}
    </FieldFrame>
  );
}

/** The kind of market; none is chosen for a new one, so the check asks for it. */
export function TypeField({ draft, set, idOf, errorOf, leave }: DraftFieldsProps) {
  const { t } = useTranslation();
  return (
    <FieldFrame id={idOf('type')} label={t('market.field.type')} error={errorOf('type')} required>
      {(control) => (
        <select
          {...control}
          required
          value={draft.type}
          onChange={(event) => set('type', event.target.value as MarketDraft['type'])}
          onBlur={leave('type')}
        >
          <option value="">{t('market.choose')}</option>
          {MARKET_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`market.type.${type}`)}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** Whether the market is held; every choice is valid, so it has no message. */
export function StatusField({ draft, set, idOf }: DraftFieldsProps) {
  const { t } = useTranslation();
  return (
    <FieldFrame id={idOf('status')} label={t('market.field.status')} hint={t('market.hint.status')}>
      {(control) => (
        <select
          {...control}
          value={draft.status}
          onChange={(event) => set('status', event.target.value as MarketDraft['status'])}
        >
          {MARKET_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`market.status.${status}`)}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
