import type { MouseEvent, ReactNode } from 'react';
import { addressOf, openMarket, type MarketView } from '../../stores/market-route.ts';

interface ViewLinkProps {
  market: string;
  view?: MarketView;
  label?: string;
  className?: string;
  /** The view shown now: its link says so (aria-current) and stays a link to itself. */
  current?: boolean;
  children: ReactNode;
}

/**
 * A view of the markets screen as a link with its address (issues 50, 53): the server renders the
 * list, so it works before the scripts have run (the page opens at that address), a new tab opens
 * it, and once they run a plain click changes the view in place (after the unsaved-changes question).
 */
export function ViewLink({ market, view = 'details', label, className = 'button', current, children }: ViewLinkProps) {
  const follow = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    openMarket(market, view);
  };
  // Relative to the page, as the server renders it: the same address whichever page holds the screen.
  const href = addressOf('http://page/', market, view).slice(1);
  return (
    <a
      className={className}
      href={href}
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      onClick={follow}
      data-view-link
    >
      {children}
    </a>
  );
}
