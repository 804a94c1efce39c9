// The render's quick look at MP4 items (src/mp4-probe.ts): the moov read with
// range requests, equal facts for clips made with the same settings whatever
// their length, tone or where their moov is, different facts when a stream
// copy would not do, and null for what it does not read (ffprobe then does).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMp4Facts } from "./src/mp4-probe.ts";
import { ffmpegIn, type StaticServer, serveFolder } from "./test-support.ts";

const clip = (seconds: number, size: string, tone: number, out: string, extra: string[] = []) => [
  ...["-f", "lavfi", "-i", `testsrc=duration=${seconds}:size=${size}:rate=25`],
  ...["-f", "lavfi", "-i", `sine=frequency=${tone}:duration=${seconds}`],
  ...["-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-c:a", "aac", "-b:a", "96k", "-shortest", ...extra, out],
];

describe("MP4 facts by range requests", { timeout: 30_000 }, () => {
  let dir: string;
  let files: StaticServer;
  const read = (name: string) =>
    readMp4Facts(`${files.base}/${name}?X-Amz-Signature=secret`, new AbortController().signal);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "mp4-probe-test-"));
    await Promise.all([
      ffmpegIn(dir, clip(1, "160x120", 440, "one.mp4")),
      ffmpegIn(dir, clip(2, "160x120", 660, "two.mp4", ["-movflags", "+faststart"])),
      ffmpegIn(dir, clip(1, "320x240", 440, "wide.mp4")),
      ffmpegIn(dir, ["-f", "lavfi", "-i", "sine=duration=1", "-c:a", "libmp3lame", "tone.mp3"]),
    ]);
    files = await serveFolder(dir);
  });
  afterAll(async () => {
    await files?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("reads alike clips as alike, moov at the end or in front, with each picture's duration", async () => {
    const [one, two] = await Promise.all([read("one.mp4"), read("two.mp4")]);
    expect(one).toMatchObject({ videoCodec: "h264", audioCodec: "aac", width: 160, height: 120 });
    expect(one!.duration).toBeCloseTo(1, 1);
    expect(two!.duration).toBeCloseTo(2, 1);
    expect(two!.signature).toBe(one!.signature);
    expect(one!.size).toBeGreaterThan(1000);
  });

  it("tells apart what a stream copy cannot join", async () => {
    const [one, wide] = await Promise.all([read("one.mp4"), read("wide.mp4")]);
    expect(wide!.signature).not.toBe(one!.signature);
  });

  it("leaves what it does not read to ffprobe", async () => {
    expect(await read("tone.mp3")).toBeNull();
    expect(await read("missing.mp4")).toBeNull();
  });
});
