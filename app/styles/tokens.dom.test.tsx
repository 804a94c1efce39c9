// The brand's colour pairs (ADR 118) hold WCAG AA in both themes: every pair a component uses, read
// from tokens.css itself, so a changed token that breaks one fails here before the layout check.
// A DOM-project test because it runs in Node, where it can read the stylesheet's text (a `?raw` CSS
// import is empty under vitest).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { contrast } from "../kernel/theme";

const tokensCss = readFileSync(resolve(import.meta.dirname, "tokens.css"), "utf8");

function block(selector: string) {
  const start = tokensCss.indexOf(`${selector} {`);
  const body = tokensCss.slice(start, tokensCss.indexOf("\n}", start));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1], m[2]]));
}
const light = block(".theme-light");
const themes = { light, dark: { ...light, ...block("html.dark,\n.theme-dark") } };

const TEXT = [
  "--text",
  "--muted",
  "--danger",
  "--success",
  "--warning",
  "--info",
  "--brand-text",
  "--highlight-text",
  "--accent-text",
];
const BACKGROUNDS = ["--bg", "--surface", "--surface-2"];

describe.each(Object.entries(themes))("the %s theme", (_, t) => {
  it.each(TEXT)("%s reads at 4.5:1 on every background", (text) => {
    for (const bg of BACKGROUNDS) expect(contrast(t[text], t[bg]), `${text} on ${bg}`).toBeGreaterThanOrEqual(4.5);
  });
  it.each(["danger", "success", "warning", "info"])("--%s reads on its own tint", (tone) => {
    expect(contrast(t[`--${tone}`], t[`--${tone}-bg`])).toBeGreaterThanOrEqual(4.5);
  });
  it("fills primary buttons with a saturated colour that carries its text", () => {
    expect(contrast(t["--on-accent"], t["--accent-fill"])).toBeGreaterThanOrEqual(4.5);
    for (const bg of BACKGROUNDS) expect(contrast(t["--accent-fill"], t[bg])).toBeGreaterThanOrEqual(3);
  });
  it("draws control edges at 3:1", () => {
    for (const bg of BACKGROUNDS) expect(contrast(t["--border-strong"], t[bg])).toBeGreaterThanOrEqual(3);
  });
});

describe("the device's dark mode", () => {
  it("applies the same dark values as a saved choice when none was saved", () => {
    const declarations = (body: string) => body.match(/(--[\w-]+|color-scheme):[^;]+;/g)?.join("\n");
    const saved = tokensCss.slice(tokensCss.indexOf("html.dark,\n.theme-dark {"));
    const system = tokensCss.slice(tokensCss.indexOf("  html:not(.light) {"));
    const dark = declarations(saved.slice(0, saved.indexOf("\n}")));
    expect(dark).toContain("--bg: #121117;");
    expect(declarations(system.slice(0, system.indexOf("\n  }")))).toBe(dark);
  });
});

describe("generated covers", () => {
  it.each([1, 2, 3, 4, 5, 6])("--cover-%i carries white initials at 4.5:1 at both ends", (n) => {
    const stops = tokensCss.match(new RegExp(`--cover-${n}: (#[0-9a-f]{6}), (#[0-9a-f]{6});`, "i"));
    expect(stops).not.toBeNull();
    for (const stop of stops?.slice(1) ?? []) expect(contrast("#ffffff", stop)).toBeGreaterThanOrEqual(4.5);
  });
});

describe("the member's accent", () => {
  it("is read against the page backgrounds tokens.css sets (app/kernel/theme.ts BACKGROUNDS)", () => {
    const theme = readFileSync(resolve(import.meta.dirname, "../kernel/theme.ts"), "utf8");
    for (const t of Object.values(themes)) for (const bg of BACKGROUNDS) expect(theme).toContain(`"${t[bg]}"`);
  });
});
