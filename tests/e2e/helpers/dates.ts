import type { Locator } from '@playwright/test';

/**
 * The lines of a market's date table that stand for a day (a date, or a holiday the rule leaves
 * out): each has its day as row header; the column headers and an open date form do not.
 */
export function dateRows(dates: Locator): Locator {
  return dates.getByRole('row').filter({ has: dates.page().getByRole('rowheader') });
}
