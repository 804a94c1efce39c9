import { describe, expect, it } from "vitest";
import { rateTracker } from "./rate";

describe("rateTracker", () => {
  it("says nothing until half a second of samples", () => {
    const rate = rateTracker();
    rate.add(0, 0);
    rate.add(200, 1000);
    expect(rate.speed()).toBeNull();
    expect(rate.secondsLeft(10_000)).toBeNull();
  });

  it("measures from the first sample, so bytes held before a resume are not counted as speed", () => {
    const rate = rateTracker();
    rate.add(0, 50_000_000); // parts already stored
    rate.add(1000, 51_000_000);
    rate.add(2000, 52_000_000);
    expect(rate.speed()).toBe(1_000_000);
    expect(rate.secondsLeft(62_000_000)).toBe(10);
  });

  it("looks only at the last window, so a stall shows quickly", () => {
    const rate = rateTracker(5000);
    rate.add(0, 0);
    rate.add(1000, 10_000_000);
    for (let at = 2000; at <= 8000; at += 1000) rate.add(at, 10_000_000);
    expect(rate.speed()).toBe(0);
    expect(rate.secondsLeft(20_000_000)).toBeNull();
  });

  it("starts afresh after reset", () => {
    const rate = rateTracker();
    rate.add(0, 0);
    rate.add(1000, 1000);
    rate.reset();
    rate.add(60_000, 1000);
    expect(rate.speed()).toBeNull();
  });
});
