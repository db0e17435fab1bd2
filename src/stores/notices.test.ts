import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let storage: Map<string, string>;

beforeEach(() => {
  vi.resetModules();
  storage = new Map();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('notices', () => {
  it('shows a notice for 3000 ms', async () => {
    const toast = await import('react-hot-toast/headless');
    const success = vi.spyOn(toast.toast, 'success');
    const { notify } = await import('./notices.ts');
    notify('Anmeldung erfolgreich.');
    expect(success).toHaveBeenCalledWith('Anmeldung erfolgreich.', { duration: 3000, id: 'Anmeldung erfolgreich.' });
  });

  it('carries a notice over one page change, and only once', async () => {
    const toast = await import('react-hot-toast/headless');
    const success = vi.spyOn(toast.toast, 'success');
    const { notifyOnNextPage, showNoticeFromLastPage } = await import('./notices.ts');
    notifyOnNextPage('Abmeldung erfolgreich.');
    expect(success).not.toHaveBeenCalled();
    showNoticeFromLastPage();
    showNoticeFromLastPage();
    expect(success).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith('Abmeldung erfolgreich.', { duration: 3000, id: 'Abmeldung erfolgreich.' });
  });
});
