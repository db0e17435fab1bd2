import { deepMap } from '@nanostores/deepmap';
import { appStateOf, type AppState } from '../lib/app-state.ts';
import { planningYear, viennaYear } from '../lib/market-rules.ts';

/**
 * The client's app state (seed section 3). The visitor store saves every change of it, nested
 * ones too, with update_visitor.
 */
export const $appState = deepMap<AppState>(appStateOf({}));

/**
 * Seed: the selected year defaults to the current year; in December that is the next (issue 53:
 * the year with dates ahead). A year stored last year that is no longer this or next is not chosen.
 */
export function selectedYear(state: AppState, today = new Date()): number {
  const thisYear = viennaYear(today);
  const stored = state.selectedYear;
  return stored === thisYear || stored === thisYear + 1 ? stored : planningYear(today);
}
