import { expect, type Locator, type Page } from '@playwright/test';
import type { Text } from './messages.ts';

/**
 * The lines of a market's date table that stand for a day (a date, or a holiday the rule leaves
 * out): each has its day as row header; the column headers and an open date form do not.
 */
export function dateRows(dates: Locator): Locator {
  return dates.getByRole('row').filter({ has: dates.page().getByRole('rowheader') });
}

/**
 * Goes to a view of the market open in the editor (issue 53: details, dates and history each have
 * their own address) through its link under the market's heading.
 */
export async function showMarketView(page: Page, text: Text, view: 'details' | 'dates' | 'history'): Promise<void> {
  const views = page.getByRole('navigation', { name: text('market.views') });
  const link = views.getByRole('link', { name: text(`market.view.${view}`), exact: true });
  await link.click();
  await expect(link).toHaveAttribute('aria-current', 'page');
}
