// Chapter titles are the creator's words (issue 45 item 6): an unnamed chapter reads as the item's
// file name made readable, and the spot a program fills reads 'Sponsor' unless the creator named it.
import { describe, expect, it } from "vitest";
import { chapterList, defaultChapterTitle, SPONSOR_CHAPTER } from "./chapters";

const item = (id: string, fileName: string, durationSeconds: number | null, programFileId: string | null = null) => ({
  id,
  fileName,
  durationSeconds,
  programFileId,
});

describe("chapter titles", () => {
  it("drop the extension, the upload prefix and file-naming noise, in sentence case", () => {
    expect(defaultChapterTitle("spring_spot-v2.mp4")).toBe("Spring spot");
    expect(defaultChapterTitle("1767000000000-Ab12Cd-ad_spot--winter__2026.mp3")).toBe("Ad spot winter 2026");
    expect(defaultChapterTitle("sunrise_over_the_barley_fields_ep12_intro.wav")).toBe(
      "Sunrise over the barley fields — intro",
    );
    expect(defaultChapterTitle("Interview with Ada.wav")).toBe("Interview with Ada");
    expect(defaultChapterTitle("___.mp3")).toBe("___.mp3");
  });

  it("a slot a program filled reads 'Sponsor', marks inside it too, unless the creator named the chapter", () => {
    const items = [
      item("a", "intro_take_3.mp3", 10),
      item("b", "harvest_coop_ad_spot_q4_final.mp3", 30, "program-file-1"),
      item("c", "outro.mp3", 5),
    ];
    const unnamed = chapterList(items, [{ id: "m1", itemId: "b", offsetSeconds: 12, title: null }]);
    expect(unnamed.map((c) => [c.startSeconds, c.title])).toEqual([
      [0, "Intro"],
      [10, SPONSOR_CHAPTER],
      [22, SPONSOR_CHAPTER],
      [40, "Outro"],
    ]);
    expect(SPONSOR_CHAPTER).toBe("Sponsor");
    const named = chapterList(items, [{ id: "m2", itemId: "b", offsetSeconds: 0, title: "A word from the co-op" }]);
    expect(named.map((c) => c.title)).toEqual(["Intro", "A word from the co-op", "Outro"]);
    expect(named[1]!.renamed).toBe(true);
    // What the show manager's publish step flags for review: titles still made from file names.
    expect(unnamed.map((c) => c.fromFileName)).toEqual([true, false, false, true]);
    expect(named.map((c) => c.fromFileName)).toEqual([true, false, true]);
  });
});
