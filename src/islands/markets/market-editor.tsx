import { useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import type { Locale } from '../../lib/languages.ts';
import { planningYear, viennaYear } from '../../lib/market-rules.ts';
import { NEW_MARKET, openMarket, settleMarket } from '../../stores/market-route.ts';
import type { OwnMarket } from '../../stores/markets.ts';
import { SectionHeading } from '../forms/heading.tsx';
import { CopyDates } from './copy-dates.tsx';
import { DeleteMarket } from './delete-market.tsx';
import { MarketDates } from './market-dates.tsx';
import { MarketForm } from './market-form.tsx';
import { MarketHistory } from './market-history.tsx';
import { PublishNotice } from './publish-notice.tsx';

interface MarketEditorProps {
  locale: Locale;
  /** The market named in the address: a market id or NEW_MARKET. */
  route: string;
  ownMarkets: OwnMarket[];
  lastMonth: Date;
  focusOnShow: boolean;
}

/**
 * The editing view of one market (`/maerkte?markt=<id>`): its form in sections, its dates, its
 * history, and apart from all of them the danger zone with "Markt löschen" (issue 19).
 */
export function MarketEditor({ locale, route, ownMarkets, lastMonth, focusOnShow }: MarketEditorProps) {
  const { t } = useTranslation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const thisYear = viennaYear(new Date());
  const own = route === NEW_MARKET ? undefined : ownMarkets.find(({ market }) => market.id === route);
  const back = (
    <p>
      <button type="button" className="button-link" onClick={() => openMarket(null)}>
        {t('markets.backToList')}
      </button>
    </p>
  );
  // An address of a deleted market, or of none of this municipality's: nothing to edit.
  if (route !== NEW_MARKET && !own) {
    return (
      <>
        {back}
        <SectionHeading id="market-missing" focusOnShow={focusOnShow}>
          {t('markets.notFound')}
        </SectionHeading>
        <p>{t('markets.notFoundText')}</p>
      </>
    );
  }
  return (
    <div className="market-editor">
      {back}
      <PublishNotice locale={locale} />
      <MarketForm
        locale={locale}
        market={own?.market ?? null}
        dates={own?.dates ?? []}
        lastMonth={lastMonth}
        focusOnShow={focusOnShow}
        onSaved={(id) => settleMarket(id)}
      />
      {own && (
        <>
          <MarketDates
            locale={locale}
            market={own.market}
            dates={own.dates.filter((date) => Number(date.date_start.slice(0, 4)) >= thisYear)}
            heading={t('marketDate.heading', { years: `${thisYear}–${thisYear + 1}` })}
            level={3}
            year={planningYear(new Date())}
            lastMonth={lastMonth}
          />
          {own.market.schedule === 'dates' && (
            <CopyDates locale={locale} marketId={own.market.id} dates={own.dates} year={thisYear} />
          )}
          <MarketHistory
            marketId={own.market.id}
            revision={[own.market.version, ...own.dates.map((date) => `${date.id}:${date.version}`)].join()}
            dates={own.dates}
            locale={locale}
          />
          <section className="danger-zone" aria-labelledby="danger-zone">
            <h3 id="danger-zone">{t('market.dangerZone')}</h3>
            <p>{t('market.deleteHint')}</p>
            <button type="button" className="button-danger" onClick={() => setConfirmDelete(true)}>
              {t('market.delete')}
            </button>
          </section>
          <DeleteMarket
            market={own.market}
            open={confirmDelete}
            onClose={() => setConfirmDelete(false)}
            onDeleted={() => settleMarket(null)}
          />
        </>
      )}
    </div>
  );
}
