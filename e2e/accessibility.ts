import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The two sizes every page is checked at: a laptop and a phone. */
export const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** WCAG 2.2 A and AA, as axe tags them. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * What is wrong with the page as it is now, each line naming `label`: every serious or critical
 * axe violation of WCAG 2.2 A/AA (the rule and the element), and a page wider than the window.
 * `include` limits axe to part of the page (a dialog). An open Base UI menu brackets itself with
 * focus guards, hidden spans that pass focus straight on, which nobody ever rests on (axe cannot
 * know that), so they are left out.
 */
export async function accessibilityProblems(
  page: Page,
  label: string,
  options: { include?: string } = {},
): Promise<string[]> {
  // Only violations are read: axe then skips recording every node that passed, most of its time on a long page.
  let axe = new AxeBuilder({ page })
    .withTags(WCAG)
    .options({ resultTypes: ['violations'] })
    .exclude('[data-base-ui-focus-guard]');
  if (options.include) axe = axe.include(options.include);
  const results = await axe.analyze();
  const problems = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${label}: ${v.id} (${v.impact}) at ${n.target.join(' ')}`));
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  if (scrollWidth > width) problems.push(`${label}: scrolls sideways (${scrollWidth}px wide in ${width}px)`);
  return problems;
}
