// app/styles/fonts.css keeps the fallback faces scripts/font-fallback.mjs writes from its figures.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BEGIN,
  CSS_FILE,
  END,
  expectedCss,
  fallbackFaces,
  readFigures,
  withFaces,
} from "../../scripts/font-fallback.mjs";

describe("font fallback faces", () => {
  it("fonts.css holds what scripts/font-fallback.mjs writes (else run `node scripts/font-fallback.mjs`)", () => {
    expect(readFileSync(CSS_FILE, "utf8")).toBe(expectedCss());
  });

  it("writes one face per fallback and weight range with the figures as descriptors", () => {
    const figures = readFigures();
    const faces = fallbackFaces(figures);
    expect(faces.match(/@font-face \{/g)).toHaveLength(12);
    expect(faces).toContain(`font-weight: 575 699;\n  size-adjust: ${figures.Roboto[2].sizeAdjust.toFixed(2)}%;`);
    const changed = { ...figures, DejaVu: figures.DejaVu.map((row) => ({ ...row, sizeAdjust: row.sizeAdjust + 1 })) };
    const css = readFileSync(CSS_FILE, "utf8");
    expect(withFaces(css, fallbackFaces(changed))).not.toBe(css);
  });

  it("replaces only the text between its markers", () => {
    expect(withFaces(`a\n${BEGIN}\nold\n${END}\nb`, "new")).toBe(`a\n${BEGIN}\nnew\n${END}\nb`);
    expect(() => withFaces("no markers", "new")).toThrow(/markers/);
  });
});
