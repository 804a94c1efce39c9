// Loudness per segment and chapters with the real renderer and the real
// ffmpeg: a quiet (−52 LUFS) and a loud (−9 LUFS, peaks above 0 dBFS) clip
// each reach the target on their own, the file stays under −1 dBTP, stored
// measurements are not taken again, and chapters land on the timeline.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ebur128, pinkNoise, rendererRig } from "./test-support.ts";

const run = promisify(execFile);

const rig = rendererRig("loudness", (make) =>
  Promise.all([
    make(pinkNoise("quiet.wav", 1, "-37.4dB", "stereo")),
    make(pinkNoise("loud.wav", 2, "5.6dB", "stereo")),
    make(pinkNoise("quiet-mono.wav", 3, "-37.4dB", "mono")),
    make(pinkNoise("loud-mono.wav", 4, "5.6dB", "mono")),
    make(["-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo", "-t", "4", "-c:a", "pcm_f32le", "silence.wav"]),
  ]),
);

const item = (name: string, extra: Record<string, unknown> = {}) => ({ ...rig.url(name), ...extra });
const output = (name: string) => rig.url(`out/${name}`);
const stored = rig.stored;

const render = (input: Record<string, unknown>) => rig.job("render", { jobId: "job-loud", input });

describe("loudness per segment", { timeout: 60_000 }, () => {
  it("starts from a quiet clip near -52 LUFS and a loud one near -9 LUFS peaking above 0 dBFS", async () => {
    const [quiet, loud] = await Promise.all([ebur128(join(rig.dir, "quiet.wav")), ebur128(join(rig.dir, "loud.wav"))]);
    expect(Math.abs(quiet.integrated - -52)).toBeLessThanOrEqual(1);
    expect(Math.abs(loud.integrated - -9)).toBeLessThanOrEqual(1);
    expect(loud.truePeak).toBeGreaterThan(0);
  });

  it("brings every segment of a stereo playlist to -16 LUFS with the whole file at or below -1 dBTP", async () => {
    const { status, body } = await render({
      items: [item("quiet.wav"), item("loud.wav"), item("silence.wav")],
      output: output("stereo.mp4"),
      audioOutput: output("stereo.m4a"),
      mediaType: "audio",
      loudness: true,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    for (const file of ["stereo.m4a", "stereo.mp4"]) {
      const [first, second, whole] = await Promise.all([
        ebur128(stored(file), 0, 8),
        ebur128(stored(file), 8, 16),
        ebur128(stored(file)),
      ]);
      expect(Math.abs(first.integrated - -16), `${file} 0-8 s: ${first.integrated}`).toBeLessThanOrEqual(1);
      expect(Math.abs(second.integrated - -16), `${file} 8-16 s: ${second.integrated}`).toBeLessThanOrEqual(1);
      expect(whole.truePeak, file).toBeLessThanOrEqual(-1);
    }
    const report = body.result.loudness;
    expect(report.target).toBe(-16);
    expect(report.items.map((i: any) => [i.n, i.outcome, i.measuredNow])).toEqual([
      [1, "normalised", true],
      [2, "normalised", true],
      [3, "silence", true],
    ]);
    expect(report.items[0].gainDb).toBeGreaterThan(30);
    expect(report.items[1].gainDb).toBeLessThan(-5);
    expect(report.items[2].gainDb).toBe(0);
    expect(report.items[0].loudness.channels).toBe(2);
  });

  it("measures only the items that come without a stored measurement", async () => {
    const first = await render({
      items: [item("quiet.wav"), item("loud.wav")],
      output: output("first.mp4"),
      mediaType: "audio",
      loudness: true,
    });
    const [quiet] = first.body.result.loudness.items;
    // The quiet clip's measurement comes with it; the loud one (a new spot) is measured.
    const { status, body } = await render({
      items: [item("quiet.wav", { loudness: quiet.loudness }), item("loud.wav")],
      output: output("again.mp4"),
      mediaType: "audio",
      loudness: true,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result.loudness.items.map((i: any) => i.measuredNow)).toEqual([false, true]);
    expect(body.result.loudness.items[0].gainDb).toBe(quiet.gainDb);
    expect(Math.abs((await ebur128(stored("again.mp4"), 0, 8)).integrated - -16)).toBeLessThanOrEqual(1);
  });

  it("brings a mono playlist to -19 LUFS per segment", async () => {
    const { status, body } = await render({
      items: [item("quiet-mono.wav"), item("loud-mono.wav")],
      output: output("mono.mp4"),
      audioOutput: output("mono.m4a"),
      mediaType: "audio",
      loudness: true,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const [first, second, whole] = await Promise.all([
      ebur128(stored("mono.m4a"), 0, 8),
      ebur128(stored("mono.m4a"), 8, 16),
      ebur128(stored("mono.m4a")),
    ]);
    expect(Math.abs(first.integrated - -19), String(first.integrated)).toBeLessThanOrEqual(1);
    expect(Math.abs(second.integrated - -19), String(second.integrated)).toBeLessThanOrEqual(1);
    expect(whole.truePeak).toBeLessThanOrEqual(-1);
    expect(body.result.loudness.target).toBe(-19);
  });
});

describe("chapters", { timeout: 60_000 }, () => {
  it("embeds each item's chapters where its content now starts, in the MP4 and the M4A", async () => {
    const { status, body } = await render({
      items: [
        item("quiet.wav", { chapters: [{ offsetSeconds: 0, title: "Opening" }] }),
        item("silence.wav", { chapters: [{ offsetSeconds: 0, title: "Spot" }] }),
        item("loud.wav", {
          chapters: [
            { offsetSeconds: 0, title: "Main part" },
            { offsetSeconds: 5, title: "Question = answer" },
          ],
        }),
      ],
      output: output("chapters.mp4"),
      audioOutput: output("chapters.m4a"),
      mediaType: "audio",
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const expected = [
      [0, "Opening"],
      [8, "Spot"],
      [12, "Main part"],
      [17, "Question = answer"],
    ];
    expect(body.result.chapters.map((c: any) => [c.startTime, c.title])).toEqual(expected);
    for (const file of ["chapters.mp4", "chapters.m4a"]) {
      const { stdout } = await run("ffprobe", ["-v", "error", "-show_chapters", "-of", "json", stored(file)]);
      const chapters = JSON.parse(stdout).chapters;
      expect(
        chapters.map((c: any) => c.tags.title),
        file,
      ).toEqual(expected.map(([, title]) => title));
      chapters.forEach((c: any, i: number) => {
        expect(
          Math.abs(Number(c.start_time) - (expected[i]![0] as number)),
          `${file} ${c.tags.title}`,
        ).toBeLessThanOrEqual(0.05);
      });
    }
  });
});
