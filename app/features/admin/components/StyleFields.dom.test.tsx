// The popup editor's style block: one component for the header's and the paragraph's style, its six
// controls named inside the block's own group, and the looks that fill both.
import { describe, expect, it } from "vitest";
import { mount } from "../../../../tests/dom/support";
import { STYLE_PRESETS, StyleFields, type StyleValues, styleString } from "./StyleFields";

describe("a popup style block", () => {
  it("is one group named by its prefix, with the six controls, and changes one property at a time", async () => {
    const changes: StyleValues[] = [];
    const view = await mount(
      <StyleFields legend="Paragraph style" values={{ "font-size": "16px" }} onChange={(v) => changes.push(v)} />,
    );
    const group = view.host.querySelector("fieldset")!;
    expect(group.querySelector("legend")!.textContent).toBe("Paragraph style");
    const labels = [...group.querySelectorAll("label")].map((label) => label.textContent);
    expect(labels).toEqual(["Colour", "Background", "Size", "Weight", "Style", "Alignment"]);
    expect(group.querySelector('[aria-label="Colour of paragraph style, as typed"]')).not.toBeNull();
    const weight = [...group.querySelectorAll("select")][1]!;
    weight.value = "700";
    weight.dispatchEvent(new Event("change", { bubbles: true }));
    expect(changes.at(-1)).toEqual({ "font-size": "16px", "font-weight": "700" });
  });

  it("keeps each look's styles as written", () => {
    const looks = Object.fromEntries(
      STYLE_PRESETS.map((p) => [p.name, [styleString(p.header), styleString(p.paragraph)]]),
    );
    expect(looks).toEqual({
      Brand: ["font-size:24px;font-weight:700;text-align:left;", "font-size:16px;"],
      Dark: [
        "color:#ffffff;background-color:#1e1633;font-size:24px;font-weight:700;text-align:left;",
        "color:#ede9fe;background-color:#1e1633;font-size:16px;",
      ],
      Minimal: ["font-size:18px;font-weight:600;text-align:left;", "font-size:14px;"],
      Bold: [
        "color:#ffffff;background-color:#6d28d9;font-size:32px;font-weight:800;text-align:center;",
        "font-size:18px;font-weight:500;text-align:center;",
      ],
    });
  });
});
