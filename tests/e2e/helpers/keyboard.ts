import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Moves the focus with the Tab key alone until it is on the target, as a keyboard user does;
 * fails when the target cannot be reached that way.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  maxPresses = 40,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
): Promise<void> {
  for (let press = 0; press < maxPresses; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `reachable with Tab within ${maxPresses} presses`).toBeFocused();
}

/** Tabs to a field and types into it. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}
