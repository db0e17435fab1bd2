import { atom } from 'nanostores';
import { $unsavedWork, leaveWith } from './unsaved.ts';

/** The query parameter naming the market in the form: `/maerkte?markt=<id>` (issue 19). */
export const MARKET_PARAM = 'markt';
/** Market ids are UUIDs, so this never names a stored market. */
export const NEW_MARKET = 'neu';

/**
 * Which view of the markets screen shows: the list (market null), or the form of one market (its
 * id, or NEW_MARKET). `visit` counts the clerk's ways there, so each one opens a fresh form, while
 * a new market keeps its form through its first save (`settleMarket`).
 */
export interface MarketRoute {
  market: string | null;
  visit: number;
}

/** The view the page opens with is the first visit (followAddress). */
export const $marketRoute = atom<MarketRoute>({ market: null, visit: 1 });

/** The market an address names; anything that cannot be an id (too long, odd characters) is the list. */
export function marketOf(search: string): string | null {
  const market = new URLSearchParams(search).get(MARKET_PARAM);
  return market && /^[A-Za-z0-9-]{1,64}$/.test(market) ? market : null;
}

/** The address of a view: the page's own, with or without the market, other parameters kept. */
export function addressOf(href: string, market: string | null): string {
  const url = new URL(href);
  if (market) url.searchParams.set(MARKET_PARAM, market);
  else url.searchParams.delete(MARKET_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

function show(market: string | null): void {
  $marketRoute.set({ market, visit: $marketRoute.get().visit + 1 });
}

/** The clerk goes to a view: a new history entry, after the unsaved-changes question if work is open. */
export function openMarket(market: string | null): void {
  leaveWith(() => {
    if (market !== $marketRoute.get().market) history.pushState(null, '', addressOf(location.href, market));
    show(market);
  });
}

/** A new market got its id, or the one in the form was deleted: the address says so, the form stays. */
export function settleMarket(market: string | null): void {
  history.replaceState(null, '', addressOf(location.href, market));
  if (market === null) show(null);
  else $marketRoute.set({ market, visit: $marketRoute.get().visit });
}

/**
 * Follows the address: at start (a reload or a shared link opens the same view) and on back and
 * forward. With unsaved work the address goes back to the form until the clerk has answered.
 */
export function followAddress(): () => void {
  // Not a new visit: the list the server rendered stays as it is, not made again (issue 50).
  $marketRoute.set({ market: marketOf(location.search), visit: $marketRoute.get().visit });
  const onPopState = () => {
    const wanted = marketOf(location.search);
    const current = $marketRoute.get().market;
    if (wanted === current) return;
    if (!$unsavedWork.get()) return show(wanted);
    history.pushState(null, '', addressOf(location.href, current));
    openMarket(wanted);
  };
  window.addEventListener('popstate', onPopState);
  return () => window.removeEventListener('popstate', onPopState);
}
