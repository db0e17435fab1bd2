import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import type { Locale } from '../../lib/languages.ts';
import { $appState, selectedYear } from '../../stores/app-state.ts';
import { ownMarketsStore, type OwnMarket } from '../../stores/markets.ts';
import { leaveWith } from '../../stores/unsaved.ts';
import { CopyDates } from './copy-dates.tsx';
import { LeaveDialog } from './leave-dialog.tsx';
import { MarketDates } from './market-dates.tsx';
import { MarketForm } from './market-form.tsx';
import { PublishNotice } from './publish-notice.tsx';
import { CampaignBanner } from '../campaign/campaign-banner.tsx';
import { MarketHistory } from './market-history.tsx';

/**
 * `/maerkte`: the municipality's markets, the dates of the selected year (this or next), a
 * keyword filter, and the form of the market being edited. `weekly` limits it to markets with a rule.
 */
/** Market ids are UUIDs, so this never names a stored market. */
const NEW_MARKET = 'new';

export function MarketsScreen({ locale, weekly = false }: { locale: Locale; weekly?: boolean }) {
  const { t } = useTranslation();
  const ownMarkets = useStore(useMemo(() => ownMarketsStore(locale), [locale]));
  const state = useStore($appState);
  /** The id of the market in the form, NEW_MARKET, or null for the list. */
  const [editing, setEditing] = useState<string | null>(null);
  // A new form for each market opened; a new market keeps its form through its first save.
  const [formKey, setFormKey] = useState(0);
  const thisYear = new Date().getFullYear();
  const year = selectedYear(state);
  const lastMonth = new Date(thisYear + 1, 11, 1);

  const keyword = state.keyword.trim().toLocaleLowerCase(locale);
  const shown = ownMarkets
    .filter(({ market }) => !weekly || market.schedule === 'regular')
    .filter(({ market }) =>
      [market.title, market.location, market.event_location, market.type_label].some((text) =>
        text.toLocaleLowerCase(locale).includes(keyword),
      ),
    );
  const inYear = (own: OwnMarket) => own.dates.filter((date) => date.date_start.startsWith(`${year}-`));
  const withDates = shown.filter((own) => inYear(own).length > 0);
  const withoutDates = shown.filter((own) => inYear(own).length === 0);
  const editedMarket =
    editing && editing !== NEW_MARKET ? ownMarkets.find(({ market }) => market.id === editing) : undefined;

  const open = (id: string | null) =>
    leaveWith(() => {
      setEditing(id);
      setFormKey((key) => key + 1);
    });
  const toggle = (id: string) => $appState.setKey(`expandedMarkets.${id}`, !state.expandedMarkets[id]);

  const list = (markets: OwnMarket[]) => (
    <ul className="market-list">
      {markets.map((own) => {
        const { market } = own;
        const expanded = state.expandedMarkets[market.id] ?? false;
        return (
          <li key={market.id}>
            <article aria-labelledby={`market-${market.id}`}>
              <h4 id={`market-${market.id}`}>{market.title}</h4>
              <p className="muted">
                {[market.type_label, market.location].filter(Boolean).join(' · ')}
                {market.hidden && <span className="badge">{t('market.hiddenBadge')}</span>}
                {market.status === 'inactive' && <span className="badge">{market.status_label}</span>}
              </p>
              <div className="form-actions">
                <button
                  type="button"
                  onClick={() => open(market.id)}
                  aria-label={`${t('market.edit')}: ${market.title}`}
                >
                  {t('market.edit')}
                </button>
                <button
                  type="button"
                  className="button-secondary"
                  aria-expanded={expanded}
                  onClick={() => toggle(market.id)}
                  aria-label={`${t('market.showDates', { count: inYear(own).length, year })}: ${market.title}`}
                >
                  {t('market.showDates', { count: inYear(own).length, year })}
                </button>
              </div>
              {expanded && (
                <MarketDates
                  locale={locale}
                  market={market}
                  dates={inYear(own)}
                  heading={t('marketDate.heading', { years: year })}
                  year={year}
                  lastMonth={lastMonth}
                />
              )}
            </article>
          </li>
        );
      })}
    </ul>
  );

  return (
    <section aria-labelledby="markets-heading" className="markets">
      <h2 id="markets-heading">{weekly ? t('markets.weeklyHeading') : t('markets.heading')}</h2>
      {!weekly && <CampaignBanner locale={locale} />}
      <div className="markets-toolbar">
        <fieldset className="year-switch">
          <legend>{t('markets.year')}</legend>
          {[thisYear, thisYear + 1].map((one) => (
            <span key={one} className="field-check">
              <input
                id={`year-${one}`}
                type="radio"
                name="year"
                checked={year === one}
                onChange={() => leaveWith(() => $appState.setKey('selectedYear', one))}
              />
              <label htmlFor={`year-${one}`}>{one}</label>
            </span>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="market-keyword">{t('markets.keyword')}</label>
          <input
            id="market-keyword"
            type="search"
            value={state.keyword}
            onChange={(event) => $appState.setKey('keyword', event.target.value)}
          />
        </div>
        <button type="button" onClick={() => open(NEW_MARKET)}>
          {t('markets.new')}
        </button>
      </div>
      {state.lastUpdated && (
        <p className="muted">
          {t('markets.lastUpdated', {
            time: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
              new Date(state.lastUpdated),
            ),
          })}
        </p>
      )}
      <PublishNotice locale={locale} />
      {editing && (
        <div className="market-editor">
          <p>
            <button type="button" className="button-link" onClick={() => open(null)}>
              {t('markets.backToList')}
            </button>
          </p>
          <MarketForm
            key={formKey}
            locale={locale}
            market={editedMarket?.market ?? null}
            lastMonth={lastMonth}
            onSaved={(id) => setEditing(id)}
            onDeleted={() => setEditing(null)}
          />
          {editedMarket && (
            <MarketHistory
              marketId={editedMarket.market.id}
              revision={[
                editedMarket.market.version,
                ...editedMarket.dates.map((date) => `${date.id}:${date.version}`),
              ].join()}
              locale={locale}
            />
          )}
          {editedMarket?.market.schedule === 'dates' && (
            <CopyDates locale={locale} marketId={editedMarket.market.id} dates={editedMarket.dates} year={thisYear} />
          )}
          {editedMarket && (
            <MarketDates
              locale={locale}
              market={editedMarket.market}
              dates={editedMarket.dates.filter((date) => Number(date.date_start.slice(0, 4)) >= thisYear)}
              heading={t('marketDate.heading', { years: `${thisYear}–${thisYear + 1}` })}
              year={year}
              lastMonth={lastMonth}
            />
          )}
        </div>
      )}
      {!editing && ownMarkets.length === 0 && <p className="empty-state">{t('markets.empty')}</p>}
      {!editing && ownMarkets.length > 0 && shown.length === 0 && (
        <p className="empty-state">{t('markets.noMatch', { keyword: state.keyword })}</p>
      )}
      {!editing && withDates.length > 0 && (
        <section aria-labelledby="markets-in-year">
          <h3 id="markets-in-year">{t('markets.inYear', { year })}</h3>
          {list(withDates)}
        </section>
      )}
      {!editing && withoutDates.length > 0 && (
        <section aria-labelledby="markets-without-dates">
          <h3 id="markets-without-dates">{t('markets.withoutDates', { year })}</h3>
          {list(withoutDates)}
        </section>
      )}
      <LeaveDialog />
    </section>
  );
}
