import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from '../i18n.tsx';
import { FORMAT_TAGS, type Locale } from '../../lib/languages.ts';
import { viennaDay, viennaYear } from '../../lib/market-rules.ts';
import { $appState, selectedYear } from '../../stores/app-state.ts';
import { IMPORT_MARKETS, NEW_MARKET } from '../../stores/market-route.ts';
import type { OwnMarket } from '../../stores/markets.ts';
import { leaveWith } from '../../stores/unsaved.ts';
import { SectionHeading } from '../forms/heading.tsx';
import { describeDays } from './date-words.ts';
import { loadDates, preloadEditorWhenIdle } from './load-editor.ts';
import { CalendarNotice } from './calendar-notice.tsx';
import { PublishNotice } from './publish-notice.tsx';
import { ViewLink } from './view-link.tsx';
import { CampaignBanner } from '../campaign/campaign-banner.tsx';

const MarketDates = lazy(() => loadDates().then((module) => ({ default: module.MarketDates })));

interface MarketListProps {
  locale: Locale;
  weekly: boolean;
  ownMarkets: OwnMarket[];
  lastMonth: Date;
  /** The clerk came back from a market: the focus moves to the list's heading. */
  focusOnShow: boolean;
}

/**
 * The list view of `/maerkte`: the municipality's markets with the dates of the selected year
 * (this or next), a keyword filter, and the way to a new market. `weekly` limits it to markets with a
 * weekly or monthly rule (a yearly Kirtag is not a weekly market).
 */
export function MarketList({ locale, weekly, ownMarkets, lastMonth, focusOnShow }: MarketListProps) {
  const { t } = useTranslation();
  // The server rendered the list with the initial state: the visitor's own (stored) follows.
  const state = useStore($appState, { ssr: 'initial' });
  const thisYear = viennaYear(new Date());
  const year = selectedYear(state);
  const today = viennaDay(new Date());

  const keyword = state.keyword.trim().toLocaleLowerCase(locale);
  const shown = ownMarkets
    .filter(({ market }) => !weekly || (market.schedule === 'regular' && market.rule?.freq !== 'yearly'))
    .filter(({ market }) =>
      [market.title, market.location, market.event_location, market.type_label].some((text) =>
        text.toLocaleLowerCase(locale).includes(keyword),
      ),
    );
  const inYear = (own: OwnMarket) => own.dates.filter((date) => date.date_start.startsWith(`${year}-`));
  const withDates = shown.filter((own) => inYear(own).length > 0);
  const withoutDates = shown.filter((own) => inYear(own).length === 0);
  useEffect(() => preloadEditorWhenIdle(), []);
  // The list is in the server's HTML: on a slow machine a clerk may choose a year or type a word
  // before the script has run. Hydration keeps what the page shows; the state takes it over
  // before the next render would put the server's choice back.
  useLayoutEffect(() => {
    const checked = (id: string) => (document.getElementById(id) as HTMLInputElement | null)?.checked;
    const shownYear = [thisYear, thisYear + 1].find((one) => checked(`year-${one}`));
    if (shownYear !== undefined && shownYear !== year) $appState.setKey('selectedYear', shownYear);
    const typed = (document.getElementById('market-keyword') as HTMLInputElement | null)?.value;
    if (typed && typed !== state.keyword) $appState.setKey('keyword', typed);
    // Once, at the first render: later the inputs show the state.
  }, []);
  const toggle = (id: string) => $appState.setKey(`expandedMarkets.${id}`, !state.expandedMarkets[id]);

  const list = (markets: OwnMarket[]) => (
    <ul className="own-markets">
      {markets.map((own) => {
        const { market } = own;
        const expanded = state.expandedMarkets[market.id] ?? false;
        const next = own.dates.find((date) => date.date_end >= today && date.status !== 'cancelled');
        return (
          <li key={market.id}>
            <article aria-labelledby={`market-${market.id}`}>
              <h4 id={`market-${market.id}`}>{market.title}</h4>
              <p className="muted">
                {[market.type_label, market.location].filter(Boolean).join(' · ')}
                {market.hidden && <span className="badge">{t('market.hiddenBadge')}</span>}
                {market.status === 'inactive' && <span className="badge">{market.status_label}</span>}
              </p>
              <p>{next ? t('markets.nextDate', { date: describeDays(next, locale) }) : t('markets.noNextDate')}</p>
              <div className="form-actions">
                <ViewLink market={market.id} label={`${t('market.edit')}: ${market.title}`}>
                  {t('market.edit')}
                </ViewLink>
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
                <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
                  <MarketDates
                    locale={locale}
                    market={market}
                    dates={inYear(own)}
                    heading={t('marketDate.heading', { years: year })}
                    level={5}
                    year={year}
                    lastMonth={lastMonth}
                  />
                </Suspense>
              )}
            </article>
          </li>
        );
      })}
    </ul>
  );

  return (
    <>
      <SectionHeading id="markets-heading" focusOnShow={focusOnShow}>
        {weekly ? t('markets.weeklyHeading') : t('markets.heading')}
      </SectionHeading>
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
        <ViewLink market={NEW_MARKET}>{t('markets.new')}</ViewLink>
        {!weekly && (
          <ViewLink market={IMPORT_MARKETS} className="button button-secondary">
            {t('markets.import')}
          </ViewLink>
        )}
      </div>
      {state.lastUpdated && (
        <p className="muted">
          {t('markets.lastUpdated', {
            time: new Intl.DateTimeFormat(FORMAT_TAGS[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(
              new Date(state.lastUpdated),
            ),
          })}
        </p>
      )}
      <PublishNotice locale={locale} />
      {!weekly && <CalendarNotice />}
      {ownMarkets.length === 0 && <p className="empty-state">{t('markets.empty')}</p>}
      {ownMarkets.length > 0 && shown.length === 0 && (
        <p className="empty-state">{t('markets.noMatch', { keyword: state.keyword })}</p>
      )}
      {withDates.length > 0 && (
        <section aria-labelledby="markets-in-year">
          <h3 id="markets-in-year">{t('markets.inYear', { year })}</h3>
          {list(withDates)}
        </section>
      )}
      {withoutDates.length > 0 && (
        <section aria-labelledby="markets-without-dates">
          <h3 id="markets-without-dates">{t('markets.withoutDates', { year })}</h3>
          {list(withoutDates)}
        </section>
      )}
    </>
  );
}
