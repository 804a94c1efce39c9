// The axe part of the layout and accessibility check (tests/e2e/layout.spec.ts): axe-core's WCAG
// A/AA rules; reflow (1.4.10) and the other layout rules axe cannot see are in ./layout.ts.

import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import axeCore from "axe-core";

/** axe itself, injected once into a page without frames (the same source AxeBuilder injects). */
const axeSource = axeCore.source;

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/** WCAG 2.2 A/AA (adds target size, 2.5.8), for the layout check of both themes (issue 28). */
export const WCAG22_TAGS = [...WCAG_TAGS, "wcag22a", "wcag22aa"];

/** The widths every page is checked at: a desktop and a phone (390 px, an iPhone 12–15). */
export const WIDTHS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** One line per violation and per node, so a failure says what to fix and where. */
function describeViolations(violations: AxeResults["violations"]) {
  return violations.flatMap((violation) => [
    `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.length} node(s), ${violation.helpUrl}`,
    ...violation.nodes
      .slice(0, 5)
      .map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.split("\n").join(" ")}`),
  ]);
}

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/**
 * The page's axe violations of `tags`, one readable line per violation and node. A page without
 * frames runs axe in itself: what AxeBuilder's run gives, without the blank page it opens to finish a
 * run across frames, and axe stays injected for the page's next check (the other theme).
 */
export async function axeProblems(page: Page, exclude: string[] = [], tags = WCAG_TAGS) {
  // Only the violations are read: axe skips building the (much longer) lists of what passed.
  const options = { runOnly: { type: "tag" as const, values: tags }, resultTypes: ["violations" as const] };
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).options({ resultTypes: options.resultTypes }).withTags(tags);
    for (const selector of exclude) builder.exclude(selector);
    return describeViolations((await builder.analyze()).violations);
  }
  const injected = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object");
  if (!injected) await page.evaluate(axeSource);
  const results = await page.evaluate(
    ({ exclude, options }) => {
      const { axe } = window as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> };
      };
      return axe.run(exclude.length ? { exclude } : document, options);
    },
    { exclude, options },
  );
  return describeViolations(results.violations);
}
