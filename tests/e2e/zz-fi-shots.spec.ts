import { PAGES } from "./a11y/pages";
import { test, visit } from "./a11y/roles";

test.use({ trace: "off", screenshot: "off" });
test.setTimeout(120_000);

const entry = PAGES.find((p) => p.name === "/projects/:projectId")!;
for (const width of [1280, 390]) {
  for (const theme of ["light", "dark"] as const) {
    test(`shot ${width} ${theme}`, async ({ rolePages, content }) => {
      const page = await visit(rolePages[entry.as], entry, content, { width, height: 900 }, theme);
      if (width === 390) await page.getByRole("button", { name: "Library", exact: true }).click();
      const select = page.locator(".file-select").first();
      await select.click();
      await select.click();
      if (width === 390) await page.getByRole("button", { name: "Inspector", exact: true }).click();
      const sizes = await page.evaluate(() =>
        [".workspace-library", ".workspace-timeline", ".workspace-inspector", "main"].map((s) => {
          const r = document.querySelector(s)?.getBoundingClientRect();
          return `${s}: x=${Math.round(r?.x ?? -1)} w=${Math.round(r?.width ?? -1)}`;
        }),
      );
      console.log(width, theme, sizes.join(" | "));
      await page.screenshot({ path: `/tmp/fi-shots/project-${width}-${theme}.png`, fullPage: true });
      await page.locator(".workspace-grid").screenshot({ path: `/tmp/fi-shots/grid-${width}-${theme}.png` });
    });
  }
}
