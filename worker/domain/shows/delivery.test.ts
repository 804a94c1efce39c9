// An episode's waveform from its stitched segments: each segment's own peaks, as long as its share.
import { describe, expect, it } from "vitest";
import { joinedPeaks } from "./delivery";

const PEAKS: Record<string, number[]> = {
  intro: [0.2, 0.4],
  interview: [0.9, 0.1, 0.9, 0.1],
  spot: [0.6],
};
const peaksOf = (itemId: string) => PEAKS[itemId];

describe("joinedPeaks", () => {
  it("lays each segment's levels along its share of the episode", () => {
    const segments = [
      { itemId: "intro", durationSeconds: 2 },
      { itemId: "interview", durationSeconds: 4 },
      { itemId: "spot", durationSeconds: 2 },
    ];
    expect(joinedPeaks(segments, peaksOf, 8)).toEqual([0.2, 0.4, 0.9, 0.1, 0.9, 0.1, 0.6, 0.6]);
    expect(joinedPeaks(segments, peaksOf)).toHaveLength(200);
  });

  it("is null while a segment has no peaks, or there is nothing to play", () => {
    expect(joinedPeaks([{ itemId: "unknown", durationSeconds: 3 }], peaksOf)).toBeNull();
    expect(joinedPeaks([], peaksOf)).toBeNull();
  });
});
