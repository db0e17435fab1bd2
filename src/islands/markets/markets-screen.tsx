import { useStore } from '@nanostores/react';
import { lazy, Suspense, useLayoutEffect } from 'react';
import type { Locale } from '../../lib/languages.ts';
import { viennaYear } from '../../lib/market-rules.ts';
import { $marketRoute, followAddress, IMPORT_MARKETS } from '../../stores/market-route.ts';
import '../../styles/editing.css';
import { useTranslation } from '../i18n.tsx';
import { LeaveDialog } from './leave-dialog.tsx';
import { loadEditor } from './load-editor.ts';
import { MarketList } from './market-list.tsx';
import { useOwnMarkets } from './own-markets.ts';

const MarketEditor = lazy(() => loadEditor().then((module) => ({ default: module.MarketEditor })));
const ImportMarkets = lazy(() => import('./import-markets.tsx').then((module) => ({ default: module.ImportMarkets })));

/**
 * `/maerkte` (and `/wochenmaerkte` with `weekly`): the list of the municipality's markets, or the
 * editing of one, each view with its own address, so back, forward and reload keep the clerk's
 * place (issue 19).
 */
export function MarketsScreen({ locale, weekly = false }: { locale: Locale; weekly?: boolean }) {
  const { t } = useTranslation();
  const ownMarkets = useOwnMarkets(locale);
  const route = useStore($marketRoute);
  // Before the first paint: a reload of a market's address shows its form, not the list for a moment.
  useLayoutEffect(() => followAddress(), []);
  const lastMonth = new Date(viennaYear(new Date()) + 1, 11, 1);
  // The first view of the page keeps the focus where the browser put it; a change of view moves it to its heading.
  const focusOnShow = route.visit > 1;
  return (
    <section aria-labelledby={route.market === null ? 'markets-heading' : undefined} className="markets">
      {route.market === null ? (
        <MarketList
          key={route.visit}
          locale={locale}
          weekly={weekly}
          ownMarkets={ownMarkets}
          lastMonth={lastMonth}
          focusOnShow={focusOnShow}
        />
      ) : route.market === IMPORT_MARKETS ? (
        <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
          <ImportMarkets key={route.visit} locale={locale} focusOnShow={focusOnShow} />
        </Suspense>
      ) : (
        <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
          <MarketEditor
            key={route.visit}
            locale={locale}
            route={{ ...route, market: route.market }}
            ownMarkets={ownMarkets}
            lastMonth={lastMonth}
            focusOnShow={focusOnShow}
          />
        </Suspense>
      )}
      <LeaveDialog />
    </section>
  );
}
