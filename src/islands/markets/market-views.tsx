import { useTranslation } from '../i18n.tsx';
import { MARKET_VIEWS, type MarketView } from '../../stores/market-route.ts';
import { ViewLink } from './view-link.tsx';

/** The views of a saved market as links to their addresses, the one shown marked (issue 53). */
export function MarketViews({ market, view }: { market: string; view: MarketView }) {
  const { t } = useTranslation();
  return (
    <nav className="market-views" aria-label={t('market.views')}>
      <ul>
        {(Object.keys(MARKET_VIEWS) as MarketView[]).map((each) => (
          <li key={each}>
            <ViewLink market={market} view={each} className="market-view" current={each === view}>
              {t(`market.view.${each}`)}
            </ViewLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
