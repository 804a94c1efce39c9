import { describe, expect, it } from "vitest";
import { ACCENT_COLOURS, accentTokens, contrast, DEFAULT_THEME, systemAccentCss } from "./theme";

const LIGHT_BACKGROUNDS = ["#ffffff", "#f7f7fa", "#efeff5"];
const DARK_BACKGROUNDS = ["#1c1b24", "#121117", "#25242f"];

describe("contrast", () => {
  it("is the WCAG ratio, whichever colour comes first", () => {
    expect(contrast("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrast("#ffffff", "#ffffff")).toBe(1);
    // The fault issue 28 measured: the old link colour on the old dark surface.
    expect(contrast("#1b2027", "#0047ab")).toBeCloseTo(1.94, 1);
  });
});

describe("accentTokens", () => {
  for (const accentColor of ACCENT_COLOURS) {
    for (const isDarkMode of [false, true]) {
      it(`${accentColor} in ${isDarkMode ? "dark" : "light"} mode reads at AA as text and on a filled button`, () => {
        const tokens = accentTokens({ ...DEFAULT_THEME, accentColor, isDarkMode });
        if (!tokens) throw new Error("a chosen colour has tokens");
        for (const bg of isDarkMode ? DARK_BACKGROUNDS : LIGHT_BACKGROUNDS) {
          expect(contrast(tokens["--accent-text"], bg)).toBeGreaterThanOrEqual(4.5);
          // A filled control stands out from the page (WCAG 1.4.11, 3:1).
          expect(contrast(tokens["--accent-fill"], bg)).toBeGreaterThanOrEqual(3);
        }
        expect(contrast(tokens["--on-accent"], tokens["--accent-fill"])).toBeGreaterThanOrEqual(4.5);
      });
    }
  }

  it("leaves the seed's default #FFF to the brand's tokens (tokens.css)", () => {
    expect(accentTokens(DEFAULT_THEME)).toBeNull();
    expect(accentTokens({ ...DEFAULT_THEME, isDarkMode: true })).toBeNull();
  });

  it("makes the white swatch a visible choice in both themes", () => {
    const light = accentTokens({ ...DEFAULT_THEME, accentColor: "#ffffff" });
    const dark = accentTokens({ ...DEFAULT_THEME, accentColor: "#ffffff", isDarkMode: true });
    expect(light?.["--accent-text"]).not.toBe("#ffffff");
    expect(dark?.["--accent-text"]).toBe("#ffffff");
  });

  it("keeps a chosen blue saturated as a dark-mode button instead of pale", () => {
    const dark = accentTokens({ ...DEFAULT_THEME, accentColor: "#0047AB", isDarkMode: true });
    expect(dark?.["--on-accent"]).toBe("#ffffff");
    expect(contrast("#ffffff", dark?.["--accent-fill"] ?? "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });
});

describe("a member's accent under 'System'", () => {
  it("adds the dark shades for a dark device, and nothing for a saved mode or the default accent", () => {
    const css = systemAccentCss({ ...DEFAULT_THEME, accentColor: "#0047AB", followsSystem: true });
    const dark = accentTokens({ ...DEFAULT_THEME, accentColor: "#0047AB", isDarkMode: true })!;
    expect(css).toContain("@media (prefers-color-scheme: dark){html:not(.light){");
    expect(css).toContain(`--accent-text:${dark["--accent-text"]} !important`);
    expect(systemAccentCss({ ...DEFAULT_THEME, accentColor: "#0047AB" })).toBeNull();
    expect(systemAccentCss({ ...DEFAULT_THEME, followsSystem: true })).toBeNull();
  });
});
