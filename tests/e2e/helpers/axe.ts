import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type * as Axe from 'axe-core';

/** WCAG 2.2 A and AA rules and best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/**
 * Every rule runs on every element; only the violations are listed in full, as they are all this
 * asserts (axe's `resultTypes`: the passing and inapplicable elements are counted by one each),
 * which took a check of a public page from 0.89 to 0.70 s (issue 51).
 */
const OPTIONS: Axe.RunOptions = { runOnly: { type: 'tag', values: TAGS }, resultTypes: ['violations'] };
/** axe-core's minified build: the same rules, 0.58 MB to parse instead of 1.3 MB. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

declare global {
  interface Window {
    axe?: typeof Axe;
  }
}

interface Violation {
  id: string;
  help: string;
  nodes: string[];
}

/**
 * axe-core's rules on the page as it is now. A page without frames is checked in place, with
 * axe-core put into the page once per document: @axe-core/playwright put its 1.3 MB into the page
 * twice for every check, half of a check's 1.05 s of the page's time (issue 51). Only a page with
 * frames, which may be another site's, needs @axe-core/playwright, which runs axe in each frame and
 * collects the results in a blank page.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const found = page.frames().length === 1 ? await inPlace(page) : await throughFrames(page);
  expect(found).toEqual([]);
}

async function inPlace(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(AXE_SOURCE);
  // Runs in the page: only what is asserted comes back.
  return page.evaluate(async (options) => {
    const { violations } = await window.axe!.run(document, options);
    return violations.map(({ id, help, nodes }) => ({ id, help, nodes: nodes.map((node) => node.target.join(' ')) }));
  }, OPTIONS);
}

async function throughFrames(page: Page): Promise<Violation[]> {
  const { violations } = await new AxeBuilder({ page }).options(OPTIONS).analyze();
  return violations.map(({ id, help, nodes }) => ({ id, help, nodes: nodes.map((node) => node.target.join(' ')) }));
}
