// Issue 28's layout and accessibility check: every page and state of tests/e2e/a11y/pages.ts, at 390
// and 1280 px, in the light and the dark theme, as the role that uses it, with the run's realistic
// content (./a11y/content.ts): axe's WCAG 2.2 A/AA rules (contrast, target size), no sideways scroll,
// nothing past the right edge, no text squeezed into a narrow column, no native dialog, cumulative
// layout shift ≤ 0.1. One page per role is reused for every check, to keep the suite's time down: a
// page is loaded once per width and checked in both themes, the second by switching its theme in place
// (./a11y/roles.ts `visit`). Loaded light at 1280 px and dark at 390 px, so each theme's first paint
// (layout shift, the server's theme) is measured too.
//
// KNOWN lists what a page still gets wrong, with the reason: such a test is expected to fail
// (test.fail), so it turns red the day the page is fixed and the entry must go. Never add to it to
// land a change; only remove.
import { WIDTHS } from "./a11y/axe";
import { THEMES } from "./a11y/layout";
import { PAGES, pageLabel } from "./a11y/pages";
import { expect, pageProblems, test, visit } from "./a11y/roles";

// A failure lists what is wrong and where; a trace of ~170 checks with axe injected in each would
// cost more time than the checks themselves.
test.use({ trace: "off", screenshot: "off" });
// axe on a long page (the auction's, the dashboard) takes several seconds on a loaded machine.
test.setTimeout(60_000);

const KNOWN: Record<string, string> = {};

for (const entry of PAGES) {
  for (const size of WIDTHS) {
    for (const theme of size.width === WIDTHS[0].width ? THEMES : [...THEMES].reverse()) {
      const title = `${pageLabel(entry)} as ${entry.as} at ${size.width}px, ${theme}: sound layout and WCAG 2.2 AA`;
      test(title, async ({ rolePages, content }) => {
        const known = KNOWN[title];
        test.fail(known !== undefined, known);
        const rolePage = rolePages[entry.as];
        const page = await visit(rolePage, entry, content, size, theme);
        expect(await pageProblems(rolePage, entry), `layout and accessibility problems on ${page.url()}`).toEqual([]);
      });
    }
  }
}
