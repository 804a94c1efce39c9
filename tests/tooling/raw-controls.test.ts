// The kit-controls check of `npm test` (scripts/raw-controls.mjs) can fail.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { countRawControls, scan, violations } from "../../scripts/raw-controls.mjs";

describe("raw controls", () => {
  it("counts raw buttons, selects, progress bars and alert roles, not the kit's", () => {
    expect(countRawControls('<button type="button" onClick={go}>Go</button>')).toBe(1);
    expect(countRawControls('<button\n  type="submit"\n>Save</button>')).toBe(1);
    expect(countRawControls('<select name="genre">')).toBe(1);
    expect(countRawControls("<progress value={1} max={2} />")).toBe(1);
    expect(countRawControls('<p role="alert">Failed</p>')).toBe(1);
    expect(countRawControls('<Button type="button">Go</Button><Select /><ProgressBar /><Outcome />')).toBe(0);
    expect(countRawControls("<buttonish /> const button = 1;")).toBe(0);
  });

  it("fails a new file with a raw control and a known file that gained one, not one that lost one", () => {
    const known = { "app/a.tsx": 2 };
    expect(violations({ "app/b.tsx": 1 }, known)).toHaveLength(1);
    expect(violations({ "app/a.tsx": 3 }, known)).toHaveLength(1);
    expect(violations({ "app/a.tsx": 1 }, known)).toEqual([]);
  });

  it("finds nothing past the known list in app/ today", () => {
    const known = JSON.parse(
      readFileSync(resolve(import.meta.dirname, "../../scripts/raw-controls-known.json"), "utf8"),
    );
    expect(violations(scan(), known)).toEqual([]);
  });
});
