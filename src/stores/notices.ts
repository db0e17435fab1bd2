import { toast } from 'react-hot-toast/headless';

/** Seed: notices show for 3000 ms (bottom right, paused while the pointer is on them). */
export const NOTICE_MS = 3000;
/** A notice for the next page, kept for the tab only (sessionStorage). */
const NEXT_PAGE_KEY = 'marktverzeichnis.notice';

/** The same message again (a second save within 3 seconds) renews the notice instead of stacking a copy. */
export function notify(message: string, kind: 'success' | 'error' = 'success'): void {
  const options = { duration: NOTICE_MS, id: message };
  if (kind === 'error') toast.error(message, options);
  else toast.success(message, options);
}

/** For an action that ends in a page change (login leads to the markets list): shown once the next page is up. */
export function notifyOnNextPage(message: string): void {
  sessionStorage.setItem(NEXT_PAGE_KEY, message);
}

export function showNoticeFromLastPage(): void {
  const message = sessionStorage.getItem(NEXT_PAGE_KEY);
  if (message === null) return;
  sessionStorage.removeItem(NEXT_PAGE_KEY);
  notify(message);
}
