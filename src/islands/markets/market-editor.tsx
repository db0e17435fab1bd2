import { useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import type { Locale } from '../../lib/languages.ts';
import { planningYear, viennaYear } from '../../lib/market-rules.ts';
import { NEW_MARKET, openMarket, settleMarket, type MarketRoute } from '../../stores/market-route.ts';
import type { OwnMarket } from '../../stores/markets.ts';
import { SectionHeading } from '../forms/heading.tsx';
import { CopyDates } from './copy-dates.tsx';
import { DeleteMarket } from './delete-market.tsx';
import { MarketDates } from './market-dates.tsx';
import { MarketForm } from './market-form.tsx';
import { MarketHistory } from './market-history.tsx';
import { MarketViews } from './market-views.tsx';
import { PublishNotice } from './publish-notice.tsx';

interface MarketEditorProps {
  locale: Locale;
  /** The market named in the address (a market id or NEW_MARKET) and its view. */
  route: MarketRoute & { market: string };
  ownMarkets: OwnMarket[];
  lastMonth: Date;
  focusOnShow: boolean;
}

const HEADING = 'market-editor-heading';

/**
 * The editing of one market (`/maerkte?markt=<id>`) in views of their own address (issue 53): its
 * details (the form in sections, and apart from them "Markt löschen"), its dates (`&ansicht=termine`),
 * its history (`&ansicht=verlauf`). One view at a time keeps each page short and "Termin hinzufügen"
 * a few Tab stops from the heading; a new market has only its details until its first save.
 */
export function MarketEditor({ locale, route, ownMarkets, lastMonth, focusOnShow }: MarketEditorProps) {
  const { t } = useTranslation();
  const own = route.market === NEW_MARKET ? undefined : ownMarkets.find(({ market }) => market.id === route.market);
  const back = (
    <p>
      <button type="button" className="button-link" onClick={() => openMarket(null)}>
        {t('markets.backToList')}
      </button>
    </p>
  );
  // An address of a deleted market, or of none of this municipality's: nothing to edit.
  if (route.market !== NEW_MARKET && !own) {
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
  const view = own ? route.view : 'details';
  // From one view of the market to another, the focus goes where the view starts: its own heading.
  const focusOnView = focusOnShow && route.withinMarket && view !== 'details';
  return (
    <div className="market-editor">
      {back}
      <SectionHeading id={HEADING} focusOnShow={focusOnShow && !focusOnView}>
        {own ? t('market.editHeading', { title: own.market.title }) : t('market.newHeading')}
      </SectionHeading>
      {own && <MarketViews market={own.market.id} view={view} />}
      <PublishNotice locale={locale} />
      {view === 'details' && (
        <>
          <MarketForm
            locale={locale}
            market={own?.market ?? null}
            dates={own?.dates ?? []}
            lastMonth={lastMonth}
            labelledBy={HEADING}
            onSaved={(id) => settleMarket(id)}
          />
          {own && <DangerZone own={own} />}
        </>
      )}
      {own && view === 'dates' && (
        <DatesView locale={locale} own={own} lastMonth={lastMonth} focusOnShow={focusOnView} />
      )}
      {own && view === 'history' && (
        <MarketHistory
          marketId={own.market.id}
          revision={[own.market.version, ...own.dates.map((date) => `${date.id}:${date.version}`)].join()}
          dates={own.dates}
          locale={locale}
          focusOnShow={focusOnView}
        />
      )}
    </div>
  );
}

function DatesView({
  locale,
  own,
  lastMonth,
  focusOnShow,
}: {
  locale: Locale;
  own: OwnMarket;
  lastMonth: Date;
  focusOnShow: boolean;
}) {
  const { t } = useTranslation();
  const thisYear = viennaYear(new Date());
  return (
    <>
      <MarketDates
        locale={locale}
        market={own.market}
        dates={own.dates.filter((date) => Number(date.date_start.slice(0, 4)) >= thisYear)}
        heading={t('marketDate.heading', { years: `${thisYear}–${thisYear + 1}` })}
        level={3}
        year={planningYear(new Date())}
        lastMonth={lastMonth}
        focusOnShow={focusOnShow}
      />
      {own.market.schedule === 'dates' && (
        <CopyDates locale={locale} marketId={own.market.id} dates={own.dates} year={thisYear} />
      )}
    </>
  );
}

/** "Markt löschen", apart from the form, after a confirmation. */
function DangerZone({ own }: { own: OwnMarket }) {
  const { t } = useTranslation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <>
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
  );
}
