import { atom } from 'nanostores';
import { $unsavedWork, leaveWith } from './unsaved.ts';

/** The query parameter naming the market in the form: `/maerkte?markt=<id>` (issue 19). */
export const MARKET_PARAM = 'markt';
/** Market ids are UUIDs, so this never names a stored market. */
export const NEW_MARKET = 'neu';
/** Issue 54: the import of markets from a calendar or a spreadsheet, a view of the screen of its own. */
export const IMPORT_MARKETS = 'importieren';
/** The query parameter naming the view of a market: `/maerkte?markt=<id>&ansicht=termine` (issue 53). */
export const VIEW_PARAM = 'ansicht';

/**
 * The views of a saved market, each with its address in the address's language (German, like
 * `markt`): its details (the form and "Markt löschen"), its dates, its history. The details are
 * the market's address without a view.
 */
export const MARKET_VIEWS = { details: 'angaben', dates: 'termine', history: 'verlauf' } as const;
export type MarketView = keyof typeof MARKET_VIEWS;

/**
 * Which view of the markets screen shows: the list (market null), or one view of one market (its
 * id, or NEW_MARKET). `visit` counts the clerk's ways there, so each one opens a fresh view, while
 * a new market keeps its form through its first save (`settleMarket`). `withinMarket`: the clerk
 * went from one view of a market to another, so the focus goes to the view, not the market's heading.
 */
export interface MarketRoute {
  market: string | null;
  view: MarketView;
  visit: number;
  withinMarket: boolean;
}

/** The view the page opens with is the first visit (followAddress). */
export const $marketRoute = atom<MarketRoute>({ market: null, view: 'details', visit: 1, withinMarket: false });

/** The market an address names; anything that cannot be an id (too long, odd characters) is the list. */
export function marketOf(search: string): string | null {
  const market = new URLSearchParams(search).get(MARKET_PARAM);
  return market && /^[A-Za-z0-9-]{1,64}$/.test(market) ? market : null;
}

/** The view of a market an address names; the details when it names none (or none there is). */
export function viewOf(search: string): MarketView {
  const named = new URLSearchParams(search).get(VIEW_PARAM);
  const views = Object.entries(MARKET_VIEWS) as [MarketView, string][];
  return views.find(([, word]) => word === named)?.[0] ?? 'details';
}

/** The address of a view: the page's own, with or without the market and its view, other parameters kept. */
export function addressOf(href: string, market: string | null, view: MarketView = 'details'): string {
  const url = new URL(href);
  if (market) url.searchParams.set(MARKET_PARAM, market);
  else url.searchParams.delete(MARKET_PARAM);
  if (market && view !== 'details') url.searchParams.set(VIEW_PARAM, MARKET_VIEWS[view]);
  else url.searchParams.delete(VIEW_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

function show(market: string | null, view: MarketView): void {
  const current = $marketRoute.get();
  const withinMarket = market !== null && market === current.market;
  $marketRoute.set({ market, view, visit: current.visit + 1, withinMarket });
}

/** The clerk goes to a view: a new history entry, after the unsaved-changes question if work is open. */
export function openMarket(market: string | null, view: MarketView = 'details'): void {
  // The view shown, asked for again (its link, marked current): nothing to leave, nothing to make anew.
  const current = $marketRoute.get();
  if (market !== null && market === current.market && view === current.view) return;
  leaveWith(() => {
    const shown = $marketRoute.get();
    if (market !== shown.market || view !== shown.view) {
      history.pushState(null, '', addressOf(location.href, market, view));
    }
    show(market, view);
  });
}

/** A new market got its id, or the one in the form was deleted: the address says so, the form stays. */
export function settleMarket(market: string | null): void {
  history.replaceState(null, '', addressOf(location.href, market));
  if (market === null) show(null, 'details');
  else $marketRoute.set({ ...$marketRoute.get(), market, view: 'details' });
}

/**
 * Follows the address: at start (a reload or a shared link opens the same view) and on back and
 * forward. With unsaved work the address goes back to the form until the clerk has answered.
 */
export function followAddress(): () => void {
  // Not a new visit: the list the server rendered stays as it is, not made again (issue 50).
  const market = marketOf(location.search);
  // A new market has only its details until its first save, whatever view the address names.
  const view = market === NEW_MARKET ? 'details' : viewOf(location.search);
  $marketRoute.set({ ...$marketRoute.get(), market, view });
  const onPopState = () => {
    const wanted = { market: marketOf(location.search), view: viewOf(location.search) };
    const current = $marketRoute.get();
    if (wanted.market === current.market && wanted.view === current.view) return;
    if (!$unsavedWork.get()) return show(wanted.market, wanted.view);
    history.pushState(null, '', addressOf(location.href, current.market, current.view));
    openMarket(wanted.market, wanted.view);
  };
  window.addEventListener('popstate', onPopState);
  return () => window.removeEventListener('popstate', onPopState);
}
