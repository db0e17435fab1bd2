import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import { FORMAT_TAGS, type Locale } from '../../lib/languages.ts';
import type { MessageKey } from '../../lib/translate.ts';
import type { ContentMarket, MarketDateRecord } from '../../lib/market.ts';
import { MARKET_TEXT_FIELDS } from '../../lib/market-fields.ts';
import { MARKET_CHECK_ORDER, marketInputSchema, type MarketInput } from '../../lib/market-input.ts';
import { dateSpanErrors, datesKeepingTimes, viennaDay } from '../../lib/market-rules.ts';
import { check, type FieldErrors } from '../../lib/validation.ts';
import { publicHolidays } from '../../lib/holidays.ts';
import { $account } from '../../stores/account.ts';
import { ApiRequestError } from '../../stores/api-client.ts';
import { refreshContent } from '../../stores/content.ts';
import { saveMarket } from '../../stores/markets.ts';
import { notify } from '../../stores/notices.ts';
import { runtimeConfig } from '../../stores/runtime-config.ts';
import { ErrorSummary } from '../forms/error-summary.tsx';
import { refusalsWhereTyped } from '../forms/form-cycle.ts';
import { messageOf, useFormCycle } from '../forms/use-form.ts';
import { useUnsaved } from '../forms/use-unsaved.ts';
import { FormSection } from '../forms/form-section.tsx';
import { FreeTextField, LineField, TypeField, type DraftFieldsProps } from './draft-fields.tsx';
import { describeDays, describeTimes, seasonAround } from './date-words.ts';
import { draftOf, fieldsOf, isChanged, rebase, type MarketDraft } from './market-draft.ts';
import { RuleFields, ruleControlOf } from './rule-fields.tsx';
import { FirstDateFields, SeasonFields } from './season-fields.tsx';
import { VisibilityFields } from './visibility-fields.tsx';

/**
 * The photo section's code (upload, preview, focal point) comes when a market's form is first shown,
 * not with the markets list: the editing pages stay under their 120 kB on the wire (issues 17, 19).
 */
const ImageFields = lazy(() => import('./image-fields.tsx').then((module) => ({ default: module.ImageFields })));

interface MarketFormProps {
  locale: Locale;
  /** The stored market, or null for a new one. */
  market: ContentMarket | null;
  /** Its dates: a change of the rule's times says which of them keep their own. */
  dates: readonly MarketDateRecord[];
  /** After the first save of a new market: its id, so the form goes on with it (dates can be added now). */
  onSaved: (id: string) => void;
  lastMonth: Date;
  /** The editor's heading, which names the form. */
  labelledBy: string;
}

/** Every market field of the seed in sections, checked inline with the server's schema, with its save area. */
export function MarketForm({ locale, market, dates, onSaved, lastMonth, labelledBy }: MarketFormProps) {
  const { t } = useTranslation();
  const stored = useMemo(() => draftOf(market), [market]);
  const [draft, setDraft] = useState(stored);
  const account = useStore($account);
  const changed = isChanged(draft, stored);
  const checked = check(marketInputSchema, fieldsOf(draft), MARKET_CHECK_ORDER);
  const refused = refusalsWhereTyped(
    checked.ok ? firstDateErrors(checked.data) : checked.fields,
    ['first_date.date_start', 'first_date.date_end'],
    { start: draft.first_start, end: draft.first_end, startNeeded: false },
  );
  const cycle = useFormCycle(refused, {
    controlOf,
    wording: (field, code) =>
      code === 'outside_season' && field.startsWith('first_date')
        ? t('errors.outsideSeasonSpan', {
            season: seasonAround(checked.ok ? checked.data : SEASONLESS, draft.first_start, locale, t),
          })
        : undefined,
  });
  const { idOf } = cycle;

  // Unlike a login form's, the failure stays while the clerk edits: a conflict offers the reload until it is done.
  const set = <K extends keyof MarketDraft>(key: K, value: MarketDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const save = () =>
    cycle.submit(async () => {
      const savedId = await saveMarket(fieldsOf(draft));
      notify(t('notice.saved'));
      withdraw();
      onSaved(savedId);
    }, saveFailure);
  const saveFailure = (error: unknown) =>
    error instanceof ApiRequestError && error.code === 'conflict'
      ? t('errors.conflict')
      : error instanceof ApiRequestError && error.status < 500
        ? messageOf(error, t)
        : t('errors.save_failed', { email: runtimeConfig().supportEmail });

  // The save bar and the leave confirmation follow what is unsaved.
  const withdraw = useUnsaved(changed ? { save, discard: () => setDraft(stored) } : null);
  // A newer stored version (after a save, or a reload after a conflict) becomes the form's base;
  // what the clerk changed stays, everything else follows the stored market.
  const base = useRef(stored);
  useEffect(() => {
    setDraft((current) => rebase(current, base.current, stored));
    base.current = stored;
  }, [stored]);

  const reload = async () => {
    await refreshContent();
    cycle.clearFailure();
    notify(t('market.reloaded'));
  };

  const fields: DraftFieldsProps = { draft, set, idOf, errorOf: cycle.errorOf, leave: cycle.leave };
  const section = (name: string) => ({ id: idOf(`section-${name}`), title: t(`market.section.${name}` as MessageKey) });
  return (
    <form
      className="market-form"
      noValidate
      aria-labelledby={labelledBy}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <ErrorSummary {...cycle.summary} />
      <FormSection {...section('basics')}>
        <LineField {...fields} field="title" label="market.field.title" counter required />
        {MARKET_TEXT_FIELDS.filter((field) => field.shown === 'lead').map((field) => (
          <FreeTextField key={field.name} {...fields} field={field} />
        ))}
        <TypeField {...fields} />
      </FormSection>
      <FormSection {...section('schedule')}>
        <RuleFields
          {...fields}
          locale={locale}
          stateHolidays={stateHolidaysOf(market?.gkz ?? account?.municipality.gkz, locale)}
        />
        <SeasonFields {...fields} locale={locale} lastMonth={lastMonth} />
      </FormSection>
      <FormSection {...section('place')}>
        {MARKET_TEXT_FIELDS.filter((field) => field.shown !== 'lead').map((field) => (
          <FreeTextField key={field.name} {...fields} field={field} />
        ))}
        <LineField
          {...fields}
          field="website"
          label="market.field.website"
          type="url"
          hint={t('market.hint.website')}
        />
        <LineField {...fields} field="phone" label="market.field.phone" type="tel" hint={t('market.hint.phone')} />
        <LineField {...fields} field="email" label="market.field.email" type="email" />
      </FormSection>
      <FormSection {...section('image')}>
        <Suspense fallback={null}>
          <ImageFields {...fields} />
        </Suspense>
      </FormSection>
      <FormSection {...section('visibility')}>
        <VisibilityFields {...fields} />
      </FormSection>
      {!market && (
        <FormSection {...section('firstDate')}>
          <FirstDateFields {...fields} locale={locale} lastMonth={lastMonth} />
        </FormSection>
      )}
      <div role="alert" className="form-failure">
        {cycle.failure?.message}
        {cycle.failure?.code === 'conflict' && (
          <>
            {' '}
            <button type="button" className="button-link" onClick={() => void reload()}>
              {t('market.reload')}
            </button>
          </>
        )}
      </div>
      {/* In the flow at the form's end, never over it: a sticky bar would hide the field being typed
          into on a phone (WCAG 2.2, 2.4.11 Focus Not Obscured); and only once there is something to save. */}
      {changed && (
        <div className="save-area" role="region" aria-label={t('saveBar.label')}>
          <p>{t('saveBar.text')}</p>
          <KeptTimes draft={draft} stored={stored} dates={dates} locale={locale} />
          <div className="form-actions">
            <button type="submit" disabled={cycle.busy}>
              {t('saveBar.save')}
            </button>
            <button type="button" className="button-secondary" onClick={() => setDraft(stored)}>
              {t('saveBar.discard')}
            </button>
          </div>
        </div>
      )}
    </form>
  );
}

/**
 * Issue 53: new times of the rule reach its own dates; the added and changed ones keep theirs,
 * and the clerk reads which before saving.
 */
function KeptTimes(props: {
  draft: MarketDraft;
  stored: MarketDraft;
  dates: readonly MarketDateRecord[];
  locale: Locale;
}) {
  const { t } = useTranslation();
  const { draft, stored } = props;
  const retimed =
    draft.schedule === 'regular' &&
    stored.schedule === 'regular' &&
    (draft.time_from !== stored.time_from || draft.time_to !== stored.time_to);
  if (!retimed) return null;
  const kept = datesKeepingTimes(props.dates, draft, viennaDay(new Date()));
  if (kept.length === 0) return null;
  const listed = kept.map((date) => `${describeDays(date, props.locale)} (${describeTimes(date) || '–'})`);
  return <p className="field-hint">{t('market.rule.keptTimes', { count: kept.length, dates: listed.join(', ') })}</p>;
}

const SEASONLESS = { date_start: null, date_end: null, season_repeats: false };

/** The calendar's checks of a new market's first date, as the server makes them, before sending (issue 53). */
function firstDateErrors(market: MarketInput): FieldErrors {
  if (!market.first_date) return {};
  const errors = dateSpanErrors(market.first_date, market, viennaDay(new Date()));
  return Object.fromEntries(Object.entries(errors).map(([field, code]) => [`first_date.${field}`, code]));
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
  const day = new Intl.DateTimeFormat(FORMAT_TAGS[locale], { day: 'numeric', month: 'long', timeZone: 'UTC' });
  return publicHolidays(2000, Number(gkz?.slice(0, 1) ?? 0))
    .filter((holiday) => holiday.kind === 'state')
    .map((holiday) => `${holiday.name[locale]} (${day.format(new Date(`${holiday.date}T00:00:00Z`))})`)
    .join(', ');
}
