// The screenshot tour (see ./playwright.config.ts): one picture per page, state, width and theme,
// and tour/report.md listing every picture with its axe WCAG 2.2 and layout findings.
import { mkdirSync, writeFileSync } from "node:fs";
import { WIDTHS } from "../e2e/a11y/axe";
import { THEMES } from "../e2e/a11y/layout";
import { PAGES, pageLabel } from "../e2e/a11y/pages";
import { pageProblems, test, visit } from "../e2e/a11y/roles";

const OUT = "tour";
const only = process.env.TOUR_ONLY ? new RegExp(process.env.TOUR_ONLY) : null;
const rows: { picture: string; page: string; problems: string[] }[] = [];

/** A file name from a page's label: "/digiprev/:userId (own store…)" → "digiprev-userid-own-store…". */
function slug(text: string) {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "home"
  );
}

test.beforeAll(() => mkdirSync(OUT, { recursive: true }));

test.afterAll(() => {
  const clean = rows.filter((row) => row.problems.length === 0).length;
  const lines = [
    "# Screenshot tour",
    "",
    `${rows.length} pictures, ${clean} without findings. Made by \`npm run tour\` (tests/tour).`,
    "",
    "| Picture | Page | Findings |",
    "| --- | --- | --- |",
    ...rows.map(
      (row) =>
        `| [${row.picture}](${row.picture}) | ${row.page} | ${
          row.problems.length ? row.problems.map((p) => p.replace(/\|/g, "\\|")).join("<br>") : "none"
        } |`,
    ),
    "",
  ];
  writeFileSync(`${OUT}/report.md`, lines.join("\n"));
});

for (const entry of PAGES) {
  const label = pageLabel(entry);
  if (only && !only.test(label)) continue;
  test(`${label} as ${entry.as}`, async ({ rolePages, content }) => {
    const rolePage = rolePages[entry.as];
    for (const size of WIDTHS) {
      for (const theme of THEMES) {
        const picture = `${slug(label)}-${entry.as}-${size.width}-${theme}.png`;
        const page = await visit(rolePage, entry, content, size, theme);
        const problems = await pageProblems(rolePage, entry);
        await page.screenshot({ path: `${OUT}/${picture}`, fullPage: true });
        rows.push({ picture, page: `${label} as ${entry.as}, ${size.width}px ${theme}`, problems });
      }
    }
  });
}
