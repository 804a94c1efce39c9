// Temporary: screenshots of the seller's studio (not committed).
import { WIDTHS } from "./a11y/axe";
import { THEMES } from "./a11y/layout";
import { PAGES, pageLabel } from "./a11y/pages";
import { test, visit } from "./a11y/roles";

test.setTimeout(120_000);
for (const entry of PAGES.filter((e) => pageLabel(e).startsWith("/digimanager") && !pageLabel(e).includes("sales"))) {
  test(`shots ${pageLabel(entry)}`, async ({ rolePages, content }) => {
    for (const size of WIDTHS)
      for (const theme of THEMES) {
        const page = await visit(rolePages[entry.as], entry, content, size, theme);
        const name = pageLabel(entry).replace(/[^a-z0-9]+/gi, "_");
        await page.screenshot({ path: `/tmp/seller-shots/${name}-${size.width}-${theme}.png`, fullPage: true });
      }
  });
}
