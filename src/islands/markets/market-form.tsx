import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n.tsx';
import type { MessageKey } from '../../lib/translate.ts';
import type { Locale } from '../../lib/languages.ts';
import { MARKET_STATUSES, MARKET_TYPES, type ContentMarket } from '../../lib/market.ts';
import {
  MARKET_TEXT_FIELDS,
  TEXT_MAX,
  type MarketTextField,
  type MarketTextFieldName,
} from '../../lib/market-fields.ts';
import { MARKET_CHECK_ORDER, marketInputSchema } from '../../lib/market-input.ts';
import { check } from '../../lib/validation.ts';
import { publicHolidays } from '../../lib/holidays.ts';
import { $account } from '../../stores/account.ts';
import { ApiRequestError } from '../../stores/api-client.ts';
import { refreshContent } from '../../stores/content.ts';
import { deleteMarket, saveMarket } from '../../stores/markets.ts';
import { notify } from '../../stores/notices.ts';
import { reportUnsaved } from '../../stores/unsaved.ts';
import { runtimeConfig } from '../../stores/runtime-config.ts';
import { closedDays, DateField } from '../forms/date-field.tsx';
import { Dialog } from '../forms/dialog.tsx';
import { FieldFrame } from '../forms/field.tsx';
import { messageOf } from '../forms/use-form.ts';
import { ImageFields } from './image-fields.tsx';
import { draftOf, fieldsOf, isChanged, rebase, type MarketDraft } from './market-draft.ts';
import { RuleFields, ruleControlOf } from './rule-fields.tsx';

interface MarketFormProps {
  locale: Locale;
  /** The stored market, or null for a new one. */
  market: ContentMarket | null;
  /** After the first save of a new market: its id, so the form goes on with it (dates can be added now). */
  onSaved: (id: string) => void;
  onDeleted: () => void;
  lastMonth: Date;
}

/** Every market field of the seed, checked inline with the server's schema, with the save bar. */
export function MarketForm({ locale, market, onSaved, onDeleted, lastMonth }: MarketFormProps) {
  const { t } = useTranslation();
  const prefix = useId();
  const stored = useMemo(() => draftOf(market), [market]);
  const [draft, setDraft] = useState(stored);
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ conflict: boolean; message: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const account = useStore($account);
  const changed = isChanged(draft, stored);
  const checked = check(marketInputSchema, fieldsOf(draft), MARKET_CHECK_ORDER);

  const set = <K extends keyof MarketDraft>(key: K, value: MarketDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const leave = (field: string) => () => setShown((current) => new Set(current).add(field));
  const errorOf = (field: string) => {
    const code = checked.ok || !shown.has(field) ? undefined : checked.fields[field];
    return code && t(`errors.${code}` as MessageKey);
  };
  const id = (field: string) => `${prefix}-${field}`;

  const save = async (): Promise<boolean> => {
    if (!checked.ok) {
      setShown(new Set(Object.keys(checked.fields)));
      const first = Object.keys(checked.fields)[0];
      const control = first && controlOf(first);
      if (control) document.getElementById(id(control))?.focus();
      return false;
    }
    setBusy(true);
    setFailure(null);
    try {
      const savedId = await saveMarket(fieldsOf(draft));
      notify(t('notice.saved'));
      reportUnsaved(prefix, null);
      onSaved(savedId);
      return true;
    } catch (error) {
      const conflict = error instanceof ApiRequestError && error.code === 'conflict';
      setFailure({ conflict, message: conflict ? t('errors.conflict') : saveFailure(error) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const saveFailure = (error: unknown) =>
    error instanceof ApiRequestError && error.status < 500
      ? messageOf(error, t)
      : t('errors.save_failed', { email: runtimeConfig().supportEmail });

  // The save bar and the leave confirmation follow what is unsaved.
  useEffect(() => {
    reportUnsaved(prefix, changed ? { save, discard: () => setDraft(stored) } : null);
  });
  useEffect(() => () => reportUnsaved(prefix, null), []);
  // A newer stored version (after a save, or a reload after a conflict) becomes the form's base;
  // what the clerk changed stays, everything else follows the stored market.
  const base = useRef(stored);
  useEffect(() => {
    setDraft((current) => rebase(current, base.current, stored));
    base.current = stored;
  }, [stored]);

  const reload = async () => {
    await refreshContent({ includeHidden: true });
    setFailure(null);
    notify(t('market.reloaded'));
  };
  const remove = async () => {
    setConfirmDelete(false);
    if (!market) return;
    try {
      await deleteMarket(market.id);
      reportUnsaved(prefix, null);
      notify(t('notice.marketDeleted'));
      onDeleted();
    } catch (error) {
      notify(messageOf(error, t), 'error');
    }
  };

  const text = (
    field: keyof MarketDraft,
    label: MessageKey,
    extra: { counter?: boolean; hint?: ReactNode; type?: string } = {},
  ) => (
    <FieldFrame
      id={id(field)}
      label={t(label)}
      error={errorOf(field)}
      hint={extra.counter ? t('market.counter', { count: String(draft[field]).length, max: TEXT_MAX }) : extra.hint}
    >
      {(control) => (
        <input
          {...control}
          type={extra.type ?? 'text'}
          value={String(draft[field])}
          onChange={(event) => set(field, event.target.value as never)}
          onBlur={leave(field)}
        />
      )}
    </FieldFrame>
  );

  /** A declared free-text field (market-fields.ts): several lines with a counter, or one line with its hint. */
  const freeText = (field: MarketTextField) => {
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
        key={name}
        id={id(name)}
        label={t(field.label)}
        error={errorOf(name)}
        hint={
          field.hint
            ? t(field.hint)
            : field.multiline
              ? t('market.counter', { count: draft[name].length, max: field.max })
              : undefined
        }
      >
        {control}
      </FieldFrame>
    );
  };

  return (
    <>
      <form
        className="market-form"
        noValidate
        aria-labelledby={`${prefix}-heading`}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <h3 id={`${prefix}-heading`}>
          {market ? t('market.editHeading', { title: market.title }) : t('market.newHeading')}
        </h3>
        {text('title', 'market.field.title', { counter: true })}
        {MARKET_TEXT_FIELDS.filter((field) => field.shown === 'lead').map(freeText)}
        <FieldFrame id={id('type')} label={t('market.field.type')} error={errorOf('type')}>
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
        <RuleFields
          draft={draft}
          set={set}
          idOf={id}
          errorOf={errorOf}
          leave={leave}
          stateHolidays={stateHolidaysOf(market?.gkz ?? account?.municipality.gkz, locale)}
        />
        {MARKET_TEXT_FIELDS.filter((field) => field.shown !== 'lead').map(freeText)}
        <FieldFrame id={id('status')} label={t('market.field.status')}>
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
        <fieldset>
          <legend>{t('market.season')}</legend>
          <DateField
            id={id('date_start')}
            label={t('market.field.dateStart')}
            value={draft.date_start}
            onChange={(value) => set('date_start', value)}
            onBlur={leave('date_start')}
            error={errorOf('date_start')}
            locale={locale}
            lastMonth={lastMonth}
          />
          <DateField
            id={id('date_end')}
            label={t('market.field.dateEnd')}
            value={draft.date_end}
            onChange={(value) => set('date_end', value)}
            onBlur={leave('date_end')}
            error={errorOf('date_end')}
            locale={locale}
            lastMonth={lastMonth}
          />
        </fieldset>
        {text('website', 'market.field.website', { type: 'url', hint: t('market.hint.website') })}
        {text('phone', 'market.field.phone', { type: 'tel', hint: t('market.hint.phone') })}
        {text('email', 'market.field.email', { type: 'email' })}
        <ImageFields draft={draft} set={set} idOf={id} errorOf={errorOf} leave={leave} />
        <div className="field field-check">
          <input
            id={id('hidden')}
            type="checkbox"
            checked={draft.hidden}
            onChange={(event) => set('hidden', event.target.checked)}
          />
          <label htmlFor={id('hidden')}>{t('market.field.hidden')}</label>
        </div>
        {!market && (
          <fieldset>
            <legend>{t('market.firstDate')}</legend>
            <DateField
              id={id('first_start')}
              label={t('marketDate.field.dateStart')}
              value={draft.first_start}
              onChange={(value) => set('first_start', value)}
              error={errorOf('first_date.date_start') ?? errorOf('first_date')}
              locale={locale}
              lastMonth={lastMonth}
              disabled={closedDays(draft)}
            />
            <DateField
              id={id('first_end')}
              label={t('marketDate.field.dateEnd')}
              value={draft.first_end}
              onChange={(value) => set('first_end', value)}
              error={errorOf('first_date.date_end')}
              locale={locale}
              lastMonth={lastMonth}
              disabled={closedDays(draft)}
            />
          </fieldset>
        )}
        <div role="alert" className="form-failure">
          {failure?.message}
          {failure?.conflict && (
            <>
              {' '}
              <button type="button" className="button-link" onClick={() => void reload()}>
                {t('market.reload')}
              </button>
            </>
          )}
        </div>
        {(changed || !market) && (
          <div className="save-bar" role="region" aria-label={t('saveBar.label')}>
            <span>{t('saveBar.text')}</span>
            <button type="submit" disabled={busy}>
              {t('saveBar.save')}
            </button>
            {market && (
              <button type="button" className="button-secondary" onClick={() => setDraft(stored)}>
                {t('saveBar.discard')}
              </button>
            )}
          </div>
        )}
        {market && (
          <p>
            <button type="button" className="button-danger" onClick={() => setConfirmDelete(true)}>
              {t('market.delete')}
            </button>
          </p>
        )}
      </form>
      <Dialog
        open={confirmDelete}
        title={t('market.deleteTitle')}
        onCancel={() => setConfirmDelete(false)}
        actions={[
          { label: t('market.deleteConfirm'), onClick: () => void remove(), danger: true },
          { label: t('dialog.cancel'), onClick: () => setConfirmDelete(false), primary: true },
        ]}
      >
        <p>{t('market.deleteText', { title: market?.title ?? '' })}</p>
      </Dialog>
    </>
  );
}

/**
 * The form control a refused field is shown and focused at: nested values name their part
 * ("image.alt", "first_date.date_end", "rule.weekdays"), the form's controls are flat.
 */
function controlOf(field: string): string | null {
  if (field.startsWith('rule')) return ruleControlOf(field);
  if (field === 'first_date.date_end') return 'first_end';
  if (field.startsWith('first_date')) return 'first_start';
  return field.replace('image.', 'image_');
}

/** The patron days of a municipality's state in words: "Josefstag (19. März)"; they fall on the same day every year. */
function stateHolidaysOf(gkz: string | undefined, locale: Locale): string {
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' });
  return publicHolidays(2000, Number(gkz?.slice(0, 1) ?? 0))
    .filter((holiday) => holiday.kind === 'state')
    .map((holiday) => `${holiday.name[locale]} (${day.format(new Date(`${holiday.date}T00:00:00Z`))})`)
    .join(', ');
}
