// The e2e content's generated audio (tests/e2e/sound.ts) gives the renderer real shapes to draw:
// decoded as the probe decodes it, two files' peaks differ and none is a flat band of equal bars.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sound } from "../tests/e2e/sound.ts";
import { DEFAULT_PEAKS, PEAK_RATE, peaksOf } from "./src/peaks.ts";
import { ffmpegIn } from "./test-support.ts";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "content-peaks-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The file's peaks as the probe computes them: mono at PEAK_RATE, DEFAULT_PEAKS levels. */
async function peaksOfWav(name: string, bytes: Buffer) {
  await writeFile(join(dir, `${name}.wav`), bytes);
  await ffmpegIn(dir, ["-i", `${name}.wav`, "-ac", "1", "-ar", String(PEAK_RATE), "-f", "s16le", `${name}.pcm`]);
  return peaksOf(join(dir, `${name}.pcm`), DEFAULT_PEAKS);
}

const spread = (peaks: number[]) => {
  const sorted = [...peaks].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * 0.9)]! - sorted[Math.floor(sorted.length * 0.1)]!;
};

describe("generated content audio", () => {
  it("draws a different, uneven waveform for every file and kind", async () => {
    const files = {
      beatA: sound("beat", "late_night_drive.wav"),
      beatB: sound("beat", "sunrise_over_the_barley_fields.wav"),
      speech: sound("speech", "interview.wav"),
      spot: sound("spot", "sponsor_spot.wav"),
    };
    const peaks = Object.fromEntries(
      await Promise.all(Object.entries(files).map(async ([name, bytes]) => [name, await peaksOfWav(name, bytes)])),
    ) as Record<keyof typeof files, number[]>;
    for (const [name, levels] of Object.entries(peaks)) {
      expect(levels, name).toHaveLength(DEFAULT_PEAKS);
      expect(Math.max(...levels), name).toBeGreaterThan(0.5);
      // Not a band of equal bars: quiet and loud spans both (decays, pauses).
      expect(spread(levels), name).toBeGreaterThan(0.3);
    }
    // The same name makes the same bytes; another name another shape.
    expect(sound("beat", "late_night_drive.wav").equals(files.beatA)).toBe(true);
    const distance = (a: number[], b: number[]) =>
      a.reduce((sum, level, i) => sum + Math.abs(level - (b[i] ?? 0)), 0) / a.length;
    expect(distance(peaks.beatA, peaks.beatB)).toBeGreaterThan(0.05);
    expect(distance(peaks.speech, peaks.spot)).toBeGreaterThan(0.05);
  });
});
