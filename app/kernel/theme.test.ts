import { describe, expect, it } from "vitest";
import { ACCENT_COLOURS, accentTokens, contrast, DEFAULT_THEME } from "./theme";

const LIGHT_BACKGROUNDS = ["#ffffff", "#f6f7f9"];
const DARK_BACKGROUNDS = ["#1b2027", "#111418", "#232a33"];

describe("contrast", () => {
  it("is the WCAG ratio, whichever colour comes first", () => {
    expect(contrast("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrast("#ffffff", "#ffffff")).toBe(1);
    // The fault issue 28 measured: the old link colour on the dark surface.
    expect(contrast("#1b2027", "#0047ab")).toBeCloseTo(1.94, 1);
  });
});

describe("accentTokens", () => {
  for (const accentColor of [...ACCENT_COLOURS, DEFAULT_THEME.accentColor]) {
    for (const isDarkMode of [false, true]) {
      it(`${accentColor} in ${isDarkMode ? "dark" : "light"} mode reads at AA as text and on a filled button`, () => {
        const tokens = accentTokens({ ...DEFAULT_THEME, accentColor, isDarkMode });
        for (const bg of isDarkMode ? DARK_BACKGROUNDS : LIGHT_BACKGROUNDS) {
          expect(contrast(tokens["--accent-text"], bg)).toBeGreaterThanOrEqual(4.5);
        }
        expect(contrast(tokens["--on-accent"], tokens["--accent-text"])).toBeGreaterThanOrEqual(4.5);
      });
    }
  }

  it("keeps the product blue for the seed's default #FFF", () => {
    expect(accentTokens(DEFAULT_THEME)["--accent"]).toBe("#0047ab");
  });

  it("makes the white swatch a visible choice in both themes", () => {
    const light = accentTokens({ ...DEFAULT_THEME, accentColor: "#ffffff" });
    const dark = accentTokens({ ...DEFAULT_THEME, accentColor: "#ffffff", isDarkMode: true });
    expect(light["--accent-text"]).not.toBe(accentTokens(DEFAULT_THEME)["--accent-text"]);
    expect(dark["--accent-text"]).toBe("#ffffff");
  });

  it("lightens the default blue in dark mode instead of keeping it at 1.94:1", () => {
    const dark = accentTokens({ ...DEFAULT_THEME, isDarkMode: true });
    expect(contrast(dark["--accent-text"], "#1b2027")).toBeGreaterThanOrEqual(4.5);
  });
});
