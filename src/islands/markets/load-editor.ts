/**
 * The code of a market's form and of its dates (rules, calendar, validation) comes apart from the
 * list's, so "Meine Märkte" shows before it has loaded (issue 50); once the list is there it is
 * fetched while the browser is idle, so opening a market does not wait for it.
 */
export const loadEditor = () => import('./market-editor.tsx');
export const loadDates = () => import('./market-dates.tsx');

/** Fetches both when the browser is idle (a timeout where it has no idle callback, as Safari). */
export function preloadEditorWhenIdle(): () => void {
  const load = () => void Promise.all([loadEditor(), loadDates()]);
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(load, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(load, 1000);
  return () => clearTimeout(id);
}
