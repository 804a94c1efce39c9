// Job kind `poster` end to end with the real ffmpeg: the server reads a test
// video from a local HTTP server (standing in for a signed R2 URL), PUTs one
// frame of it as a JPEG back, and answers the video's duration and size.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { posterTime } from "./src/poster.ts";
import { ffprobeJson, rendererRig } from "./test-support.ts";

const rig = rendererRig("poster", (make) =>
  Promise.all([
    // 3 s of 320x240 test picture with a tone, as an uploaded episode would be.
    make(
      [
        ["-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=3"],
        ["-f", "lavfi", "-i", "sine=frequency=440:duration=3"],
        ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", "episode.mp4"],
      ].flat(),
    ),
    // 0.8 s, portrait: the frame comes from half way through.
    make(["-f", "lavfi", "-i", "testsrc=size=180x320:rate=25:duration=0.8", "-c:v", "libx264", "short.mp4"]),
    make(["-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-c:a", "libmp3lame", "sound.mp3"]),
  ]),
);

const url = (name: string) => rig.url(name, "X-Amz-Signature=secret");

const poster = (input: Record<string, unknown>) => rig.job("poster", { jobId: "job-poster", input });

describe("POST /jobs/poster", { timeout: 60_000 }, () => {
  it("probes the video and uploads one frame as a JPEG of the video's size", async () => {
    const { status, body } = await poster({
      source: url("episode.mp4"),
      output: { ...url("out/episode.jpg"), headers: { "content-type": "image/jpeg" } },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({ width: 320, height: 240 });
    expect(body.result.durationSeconds).toBeCloseTo(3, 1);

    const stored = rig.stored("episode.jpg");
    const bytes = await readFile(stored);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(body.result.size).toBe(bytes.length);
    const described = await ffprobeJson(stored);
    expect(described.streams[0]).toMatchObject({ codec_name: "mjpeg", width: 320, height: 240 });
    expect(rig.files.uploads.find((u) => u.path === "/out/episode.jpg")?.headers["content-type"]).toBe("image/jpeg");
  });

  it("takes the frame half way through a video shorter than 2 s", async () => {
    expect(posterTime(0.8)).toBe(0.4);
    expect(posterTime(30)).toBe(1);
    const { status, body } = await poster({ source: url("short.mp4"), output: url("out/short.jpg") });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({ width: 180, height: 320 });
    expect(body.result.durationSeconds).toBeCloseTo(0.8, 1);
    const described = await ffprobeJson(rig.stored("short.jpg"));
    expect(described.streams[0]).toMatchObject({ codec_name: "mjpeg", width: 180, height: 320 });
  });

  it("refuses audio and missing files with 422 poster_failed, without leaking the signed URL", async () => {
    for (const name of ["sound.mp3", "missing.mp4"]) {
      const { status, body } = await poster({ source: url(name), output: url(`out/${name}.jpg`) });
      expect(status).toBe(422);
      expect(body.error.code).toBe("poster_failed");
      expect(JSON.stringify(body)).not.toContain("secret");
    }
    expect(rig.files.uploads.some((u) => u.path.startsWith("/out/sound") || u.path.startsWith("/out/missing"))).toBe(
      false,
    );
  });

  it("answers 400 for malformed input", async () => {
    const { status, body } = await poster({ source: { url: "file:///etc/passwd" } });
    expect(status).toBe(400);
    expect(Object.keys(body.error.fields).sort()).toEqual(["input.output", "input.source"]);
  });
});
