// Loudness per segment and chapters, the pure parts: reading ebur128's
// summaries, each item's gain, when a stored measurement stands in, and
// where chapters land.
import { describe, expect, it } from "vitest";
import { ffmetadata, placeChapters } from "./src/chapters.ts";
import { limiterFilter, parseEbur128, reusable, segmentGain } from "./src/loudness.ts";

describe("loudness per segment", () => {
  it("reads one ebur128 summary per item, in the graph's order", () => {
    const summary = (n: number, i: string, peak: string) =>
      `[Parsed_ebur128_${n} @ 0x55d] [info] Summary:\n[info] \n[info]   Integrated loudness:\n[info]     I:         ${i} LUFS\n[info]     Threshold: -62.1 LUFS\n[info]   True peak:\n[info]     Peak:      ${peak} dBFS\n`;
    const stderr = `[info] size=N/A\n${summary(9, "-9.3", "2.7")}${summary(4, "-52.0", "-41.5")}${summary(14, "-70.0", "-inf")}`;
    expect(parseEbur128(stderr)).toEqual([
      { integrated: -52, truePeak: -41.5 },
      { integrated: -9.3, truePeak: 2.7 },
      { integrated: -70, truePeak: null },
    ]);
    expect(parseEbur128("nothing measured")).toEqual([]);
  });

  it("brings each item to the target, leaves silence alone and lifts short items at most 12 dB", () => {
    const stereo = (integrated: number | null) => ({ integrated, truePeak: -20, channels: 2 });
    expect(segmentGain(stereo(-52), 8, -16)).toEqual({ gainDb: 36, outcome: "normalised" });
    expect(segmentGain(stereo(-9.25), 8, -16)).toEqual({ gainDb: -6.75, outcome: "normalised" });
    expect(segmentGain(stereo(-70), 8, -16)).toEqual({ gainDb: 0, outcome: "silence" });
    expect(segmentGain(stereo(null), 8, -16)).toEqual({ gainDb: 0, outcome: "silence" });
    expect(segmentGain(stereo(-45), 2, -16)).toEqual({ gainDb: 12, outcome: "short" });
    expect(segmentGain(stereo(-20), 2, -16)).toEqual({ gainDb: 4, outcome: "normalised" });
    expect(segmentGain(stereo(-8), 1, -19)).toEqual({ gainDb: -11, outcome: "normalised" });
    expect(segmentGain(null, 5, -16)).toEqual({ gainDb: 0, outcome: "no audio" });
  });

  it("reuses a stored measurement only in the same mono or stereo channel count", () => {
    const stored = { integrated: -20, truePeak: -3, channels: 2 };
    expect(reusable(stored, 2)).toBe(true);
    expect(reusable(stored, 1)).toBe(false);
    expect(reusable({ ...stored, channels: 6 }, 6)).toBe(false);
    expect(reusable(undefined, 2)).toBe(false);
  });

  it("limits true peaks 4x oversampled without auto-level and without shifting the audio", () => {
    expect(limiterFilter()).toBe(
      "aresample=192000,alimiter=limit=0.8414:attack=5:release=100:level=0:latency=1,aresample=48000",
    );
  });
});

describe("chapters", () => {
  it("places each item's marks on the joined timeline by the items' real durations", () => {
    const placed = placeChapters([
      { duration: 10.04, chapters: [{ offsetSeconds: 0, title: "Intro" }] },
      {
        duration: 15,
        chapters: [
          { offsetSeconds: 4, title: "Inside" },
          { offsetSeconds: 0, title: "Spot" },
          { offsetSeconds: 15, title: "Past the end" },
        ],
      },
      { duration: 5, chapters: [] },
      { duration: 3, chapters: [{ offsetSeconds: 0, title: "Outro" }] },
    ]);
    expect(placed).toEqual([
      { startTime: 0, title: "Intro" },
      { startTime: 10.04, title: "Spot" },
      { startTime: 14.04, title: "Inside" },
      { startTime: 30.04, title: "Outro" },
    ]);
  });

  it("writes ffmetadata chapters ending where the next begins, with titles escaped", () => {
    expect(
      ffmetadata(
        [
          { startTime: 0, title: "A=B; #1" },
          { startTime: 2.5, title: "Back\\slash" },
        ],
        4,
      ),
    ).toBe(
      ";FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=2500\ntitle=A\\=B\\; \\#1\n" +
        "[CHAPTER]\nTIMEBASE=1/1000\nSTART=2500\nEND=4000\ntitle=Back\\\\slash\n",
    );
  });
});
