import { useStore } from '@nanostores/react';
import { useLayoutEffect, useMemo } from 'react';
import type { Locale } from '../../lib/languages.ts';
import { $marketRoute, followAddress } from '../../stores/market-route.ts';
import { ownMarketsStore } from '../../stores/markets.ts';
import '../../styles/editing.css';
import { LeaveDialog } from './leave-dialog.tsx';
import { MarketEditor } from './market-editor.tsx';
import { MarketList } from './market-list.tsx';

/**
 * `/maerkte` (and `/wochenmaerkte` with `weekly`): the list of the municipality's markets, or the
 * editing of one, each view with its own address, so back, forward and reload keep the clerk's
 * place (issue 19).
 */
export function MarketsScreen({ locale, weekly = false }: { locale: Locale; weekly?: boolean }) {
  const ownMarkets = useStore(useMemo(() => ownMarketsStore(locale), [locale]));
  const route = useStore($marketRoute);
  // Before the first paint: a reload of a market's address shows its form, not the list for a moment.
  useLayoutEffect(() => followAddress(), []);
  const lastMonth = new Date(new Date().getFullYear() + 1, 11, 1);
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
      ) : (
        <MarketEditor
          key={route.visit}
          locale={locale}
          route={route.market}
          ownMarkets={ownMarkets}
          lastMonth={lastMonth}
          focusOnShow={focusOnShow}
        />
      )}
      <LeaveDialog />
    </section>
  );
}
