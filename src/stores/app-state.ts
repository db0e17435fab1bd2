import { deepMap } from '@nanostores/deepmap';
import { appStateOf, type AppState } from '../lib/app-state.ts';
import { viennaYear } from '../lib/market-rules.ts';

/**
 * The client's app state (seed section 3). The visitor store saves every change of it, nested
 * ones too, with update_visitor.
 */
export const $appState = deepMap<AppState>(appStateOf({}));

/** Seed: the selected year defaults to the current year. */
export function selectedYear(state: AppState, today = new Date()): number {
  return state.selectedYear ?? viennaYear(today);
}
