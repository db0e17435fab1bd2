import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core (WCAG 2.2 A and AA rules and best practices) on the page as it is now. A page without
 * frames is checked in place ("legacy mode": the same rules on the same document); only a page
 * with frames, which may be another site's, needs the blank page axe collects their results in,
 * and that page costs about 0.6 s a check on two cores (issue 51). Every rule runs on every
 * element; only the violations are listed in full, as they are all this asserts (axe's
 * `resultTypes`: the passing and inapplicable elements are counted by one each), which took a
 * check of a public page from 0.89 to 0.70 s here.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode(page.frames().length === 1)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const found = results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(found).toEqual([]);
}
