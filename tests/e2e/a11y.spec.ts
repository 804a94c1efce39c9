// Accessibility scan: every page in tests/e2e/a11y/pages.ts, at a desktop and
// a phone width, as the role that uses it, must pass axe's WCAG 2.1 A/AA rules
// and must not scroll sideways.
import { expectAccessible, WIDTHS } from "./a11y/axe";
import { PAGES } from "./a11y/pages";
import { test } from "./a11y/roles";

for (const entry of PAGES) {
  for (const size of WIDTHS) {
    const label = entry.name ?? (typeof entry.path === "string" ? entry.path : "page");
    test(`${label} as ${entry.as} at ${size.width}px passes WCAG 2.1 A/AA`, async ({ browser, roleStates }) => {
      const context = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        storageState: roleStates[entry.as],
        viewport: { width: size.width, height: size.height },
      });
      try {
        const page = await context.newPage();
        const path = typeof entry.path === "string" ? entry.path : await entry.path(context.request);
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        if (entry.ready) await entry.ready(page);
        await expectAccessible(page, entry.exclude);
      } finally {
        await context.close();
      }
    });
  }
}
