import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GeneratedCover, initialsOf, toneOf } from "./GeneratedCover";

describe("GeneratedCover", () => {
  it("takes the first letter of the first two words", () => {
    expect(initialsOf("Late Night Drive (140 BPM)")).toBe("LN");
    expect(initialsOf("support")).toBe("S");
    expect(initialsOf("  ¡ólé! 808s")).toBe("Ó8");
    expect(initialsOf("—")).toBe("♪");
  });

  it("keeps a trailing number whole, so a series' covers differ", () => {
    expect(initialsOf("Episode 10")).toBe("E10");
    expect(initialsOf("Episode 11")).toBe("E11");
    expect(initialsOf("episode 1")).toBe("E1");
    expect(initialsOf("Season recap 2024")).toBe("2024");
    expect(initialsOf("Take 123456")).toBe("T1");
    expect(initialsOf("42")).toBe("4");
  });

  it("gives a title the same one of six gradients every time", () => {
    const tone = toneOf("Studio headphones");
    expect(tone).toBeGreaterThanOrEqual(1);
    expect(tone).toBeLessThanOrEqual(6);
    expect(toneOf(" studio HEADPHONES ")).toBe(tone);
    const tones = new Set(["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"].map(toneOf));
    expect(tones.size).toBeGreaterThan(3);
  });

  it("is hidden from assistive tech unless it stands for a described picture", () => {
    const box = document.createElement("div");
    box.innerHTML = renderToStaticMarkup(
      <>
        <GeneratedCover title="Studio headphones" />
        <GeneratedCover title="Live broadcast kit" label="The kit" showTitle wide />
      </>,
    );
    expect(box.querySelector("[aria-hidden]")?.textContent).toBe("SH");
    const picture = box.querySelector('[role="img"]');
    expect(picture?.getAttribute("aria-label")).toBe("The kit");
    expect(picture?.textContent).toBe("Live broadcast kit");
  });
});
