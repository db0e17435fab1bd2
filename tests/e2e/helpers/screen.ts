import { expect, type Page } from '@playwright/test';

/**
 * An editing screen has loaded and can be used (src/islands/app-root/app-root.tsx marks it). Its h1
 * is no sign of that: the server's HTML has it already (issue 21).
 */
export async function screenReady(page: Page): Promise<void> {
  await expect(page.locator('html[data-screen="ready"]')).toBeAttached();
}
