// Job kind `render` end to end: the real server process downloads media made
// with ffmpeg lavfi from a local HTTP server (standing in for signed R2 GET
// URLs), joins it with the real ffmpeg and PUTs the result back to the same
// server (standing in for signed PUT URLs), where ffprobe checks it.
import { execFile } from "node:child_process";
import { readdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  analyseAudio,
  type CallbackReceiver,
  callbackReceiver,
  corruptBytes,
  ffprobeJson,
  type RunningRenderer,
  rendererRig,
  startRenderer,
  testVideo,
} from "./test-support.ts";

const run = promisify(execFile);

/** H.264/AAC, 320x240 at 25 fps, with a 440 Hz tone at 48 kHz (through `audioFilters`, if any). */
const video = (seconds: number, name: string, audioFilters = "") =>
  testVideo(name, { seconds, sine: `sine=frequency=440:sample_rate=48000:duration=${seconds}${audioFilters}` });

const rig = rendererRig(
  "render",
  (make, dir) =>
    Promise.all([
      make(video(1, "one.mp4")),
      make(video(2, "two.mp4")),
      make(video(1.5, "one-half.mp4")),
      // Another size and rate, and no audio at all.
      make(testVideo("wide.mp4", { seconds: 1, pattern: "testsrc2", size: "640x360", rate: 30, sine: null })),
      make(["-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-c:a", "libmp3lame", "tone-a.mp3"]),
      make(["-f", "lavfi", "-i", "sine=frequency=660:duration=1.5", "-c:a", "libmp3lame", "tone-b.mp3"]),
      // Quiet (about -42 LUFS) stereo under a picture, and quiet mono alone.
      make(video(3, "quiet-stereo.mp4", ",volume=-20dB,aformat=channel_layouts=stereo")),
      make(["-f", "lavfi", "-i", "sine=frequency=330:duration=3,volume=-20dB", "-c:a", "libmp3lame", "quiet-mono.mp3"]),
      writeFile(join(dir, "corrupt.mp4"), corruptBytes()),
    ]),
  { scratch: true },
);

const item = (name: string) => rig.url(name, "X-Amz-Signature=secret-get");
const output = (name: string, query = "X-Amz-Signature=secret-put") => rig.url(`out/${name}`, query);

const render = (input: Record<string, unknown>, extra: Record<string, unknown> = {}, base?: string) =>
  rig.job("render", { jobId: "job-r", input, ...extra }, base);

/** Decodes every frame; throws (with ffmpeg's complaints) unless the file plays cleanly. */
async function plays(path: string): Promise<void> {
  const { stderr } = await run("ffmpeg", ["-v", "error", "-i", path, "-f", "null", "-"]);
  expect(stderr).toBe("");
}

/** Integrated loudness (LUFS) and true peak (dBTP) of a file's audio, measured by loudnorm. */
async function loudness(path: string): Promise<{ integrated: number; truePeak: number }> {
  const stderr = await analyseAudio(path, "loudnorm=print_format=json");
  const json = JSON.parse(stderr.slice(stderr.lastIndexOf("{"), stderr.lastIndexOf("}") + 1));
  return { integrated: Number(json.input_i), truePeak: Number(json.input_tp) };
}

const stored = rig.stored;

async function scratchIsEmpty() {
  expect(await readdir(rig.scratch)).toEqual([]);
}

// Generous limits: the suite shares a 2-core machine with everything else.
describe("POST /jobs/render", { timeout: 30_000 }, () => {
  it("joins alike H.264/AAC clips by stream copy", async () => {
    const { status, body } = await render({
      items: [item("one.mp4"), item("two.mp4"), item("one-half.mp4")],
      output: { ...output("copy.mp4"), headers: { "x-amz-meta-job": "job-r" } },
      mediaType: "video",
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.jobId).toBe("job-r");
    expect(body.result).toMatchObject({
      method: "copy",
      resolution: "320x240",
      frameRate: 25,
      videoCodec: "h264",
      audioCodec: "aac",
    });
    expect(Math.abs(body.result.durationSeconds - 4.5)).toBeLessThanOrEqual(0.1);
    expect(body.result.audioOutput).toBeUndefined();

    const upload = rig.files.uploads.find((u) => u.path === "/out/copy.mp4")!;
    expect(upload.size).toBe(body.result.size);
    expect(upload.headers["content-length"]).toBe(String(body.result.size));
    expect(upload.headers["transfer-encoding"]).toBeUndefined();
    expect(upload.headers["content-type"]).toBe("video/mp4");
    expect(upload.headers["x-amz-meta-job"]).toBe("job-r");
    const probe = await ffprobeJson(stored("copy.mp4"));
    expect(probe.streams.map((s: any) => s.codec_name)).toEqual(["h264", "aac"]);
    expect(Math.abs(Number(probe.format.duration) - 4.5)).toBeLessThanOrEqual(0.1);
    await plays(stored("copy.mp4"));
    await scratchIsEmpty();
  });

  it("re-encodes mixed clips at the most common size and rate, with silence where audio is missing", async () => {
    const { status, body } = await render({
      items: [item("one.mp4"), item("wide.mp4"), item("one-half.mp4")],
      output: output("mixed.mp4"),
      mediaType: "video",
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({
      method: "reencode",
      resolution: "320x240",
      frameRate: 25,
      videoCodec: "h264",
      audioCodec: "aac",
    });
    expect(Math.abs(body.result.durationSeconds - 3.52)).toBeLessThanOrEqual(0.15);
    const probe = await ffprobeJson(stored("mixed.mp4"));
    const [v, a] = probe.streams;
    expect([v.codec_name, v.pix_fmt, v.width, v.height, v.r_frame_rate]).toEqual(["h264", "yuv420p", 320, 240, "25/1"]);
    expect([a.codec_name, a.sample_rate, a.channels]).toEqual(["aac", "48000", 1]);
    await plays(stored("mixed.mp4"));
  });

  it("turns an audio playlist into an MP4 over a still frame and an M4A", async () => {
    const { status, body } = await render({
      items: [item("tone-a.mp3"), item("tone-b.mp3")],
      output: output("audio.mp4"),
      audioOutput: output("audio.m4a"),
      mediaType: "audio",
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({
      method: "reencode",
      videoCodec: "h264",
      audioCodec: "aac",
      resolution: "1280x720",
    });
    expect(Math.abs(body.result.durationSeconds - 3.5)).toBeLessThanOrEqual(0.15);
    expect(Math.abs(body.result.audioOutput.durationSeconds - 3.5)).toBeLessThanOrEqual(0.15);

    const mp4 = await ffprobeJson(stored("audio.mp4"));
    expect(mp4.streams.map((s: any) => s.codec_type)).toEqual(["video", "audio"]);
    const m4a = await ffprobeJson(stored("audio.m4a"));
    expect(m4a.streams.map((s: any) => s.codec_name)).toEqual(["aac"]);
    expect(Number(m4a.format.size)).toBe(body.result.audioOutput.size);
    expect(rig.files.uploads.find((u) => u.path === "/out/audio.m4a")?.headers["content-type"]).toBe("audio/mp4");
    await plays(stored("audio.mp4"));
    await plays(stored("audio.m4a"));
  });

  it("normalises loudness to -16 LUFS for stereo and -19 LUFS for mono", async () => {
    expect((await loudness(join(rig.dir, "quiet-stereo.mp4"))).integrated).toBeLessThan(-35);
    const [stereo, mono] = await Promise.all([
      render({
        items: [item("quiet-stereo.mp4")],
        output: output("loud-stereo.mp4"),
        mediaType: "video",
        loudness: true,
      }),
      render({ items: [item("quiet-mono.mp3")], output: output("loud-mono.mp4"), mediaType: "audio", loudness: true }),
    ]);
    expect(stereo.status, JSON.stringify(stereo.body)).toBe(200);
    expect(mono.status, JSON.stringify(mono.body)).toBe(200);
    // The picture is still copied; only the audio is encoded again.
    expect(stereo.body.result.method).toBe("copy");
    const [s, m] = await Promise.all([loudness(stored("loud-stereo.mp4")), loudness(stored("loud-mono.mp4"))]);
    expect(Math.abs(s.integrated - -16)).toBeLessThanOrEqual(1);
    expect(Math.abs(m.integrated - -19)).toBeLessThanOrEqual(1);
    expect(s.truePeak).toBeLessThanOrEqual(-0.5);
    const probes = await Promise.all([ffprobeJson(stored("loud-stereo.mp4")), ffprobeJson(stored("loud-mono.mp4"))]);
    expect(probes.map((p) => p.streams.find((x: any) => x.codec_type === "audio").channels)).toEqual([2, 1]);
  });

  it("fails with 422 naming the item that cannot be read, and writes no output", async () => {
    const { status, body } = await render({
      items: [item("one.mp4"), item("corrupt.mp4"), item("two.mp4")],
      output: output("never.mp4"),
      mediaType: "video",
    });
    expect(status).toBe(422);
    expect(body).toMatchObject({ jobId: "job-r", error: { code: "render_failed" } });
    expect(body.error.message).toMatch(/^Item 2 could not be read: .*invalid data/i);
    expect(body.error.message).not.toMatch(/secret|http|\/tmp/);
    expect(rig.files.uploads.some((u) => u.path === "/out/never.mp4")).toBe(false);
    await expect(stat(stored("never.mp4"))).rejects.toThrow();
    await scratchIsEmpty();
  });

  it("fails with 422 when an item cannot be downloaded", async () => {
    const { status, body } = await render({
      items: [item("one.mp4"), item("two.mp4"), item("missing.mp4")],
      output: output("never.mp4"),
      mediaType: "video",
    });
    expect(status).toBe(422);
    expect(body.error).toEqual({
      code: "render_failed",
      message: "Item 3 could not be read: the storage answered 404 Not Found",
    });
    await scratchIsEmpty();
  });

  it("refuses an item of the wrong kind", async () => {
    const { status, body } = await render({
      items: [item("one.mp4"), item("tone-a.mp3")],
      output: output("never.mp4"),
      mediaType: "video",
    });
    expect(status).toBe(422);
    expect(body.error.message).toBe("Item 2 has no video stream");
  });

  it("answers 503 output_failed (retry) when the output URL refuses the upload", async () => {
    const { status, body } = await render({
      items: [item("one.mp4"), item("two.mp4")],
      output: output("refused.mp4", "status=403&X-Amz-Signature=secret-put"),
      mediaType: "video",
    });
    expect(status).toBe(503);
    expect(body).toMatchObject({ jobId: "job-r", error: { code: "output_failed" } });
    expect(body.error.message).toMatch(/403/);
    expect(body.error.message).not.toMatch(/secret|http/);
    await scratchIsEmpty();
  });

  it("rejects malformed requests with 400 and a field map", async () => {
    const cases: [unknown, string[]][] = [
      [{ items: [], output: output("x.mp4"), mediaType: "video" }, ["input.items"]],
      [
        { items: [{ url: "file:///etc/passwd" }], output: { url: "ftp://x" }, mediaType: "gif" },
        ["input.items[0].url", "input.mediaType", "input.output.url"],
      ],
      [{ items: [item("one.mp4")], mediaType: "video" }, ["input.output"]],
      [
        {
          items: [item("one.mp4")],
          output: { ...output("x.mp4"), headers: { "content-length": "1" } },
          mediaType: "video",
        },
        ["input.output.headers"],
      ],
      [
        {
          items: [item("one.mp4")],
          output: { ...output("x.mp4"), headers: { "x-a": "b\r\nc: d" } },
          mediaType: "video",
        },
        ["input.output.headers"],
      ],
      [
        {
          items: [item("one.mp4")],
          output: output("x.mp4"),
          audioOutput: output("x.m4a"),
          mediaType: "video",
          loudness: "yes",
        },
        ["input.audioOutput", "input.loudness"],
      ],
      [
        { items: Array.from({ length: 201 }, () => item("one.mp4")), output: output("x.mp4"), mediaType: "video" },
        ["input.items"],
      ],
    ];
    for (const [input, fields] of cases) {
      const { status, body } = await render(input as Record<string, unknown>);
      expect(status, JSON.stringify(input)).toBe(400);
      expect(body.error.code).toBe("invalid");
      expect(Object.keys(body.error.fields).sort()).toEqual(fields.sort());
    }
  });
});

describe("render progress", { timeout: 30_000 }, () => {
  let receiver: CallbackReceiver;
  let quick: RunningRenderer;

  beforeAll(async () => {
    [receiver, quick] = await Promise.all([
      callbackReceiver(),
      startRenderer({ PROGRESS_INTERVAL_MS: "50", TMPDIR: rig.scratch }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([receiver?.close(), quick?.stop()]);
  });

  it("posts increasing percentages that end at 100", async () => {
    const { status, body } = await render(
      {
        items: [item("two.mp4"), item("wide.mp4"), item("two.mp4"), item("one-half.mp4")],
        output: output("progress.mp4"),
        mediaType: "video",
      },
      { jobId: "job-progress", callbackUrl: receiver.url },
      quick.base,
    );
    expect(status, JSON.stringify(body)).toBe(200);
    const reports = receiver.received as { jobId: string; progress: number; status: string }[];
    expect(reports.every((r) => r.jobId === "job-progress" && r.status === "running")).toBe(true);
    const percentages = reports.map((r) => r.progress);
    expect(percentages[0]).toBe(0);
    expect(percentages.at(-1)).toBe(100);
    for (let i = 1; i < percentages.length; i++) expect(percentages[i]).toBeGreaterThan(percentages[i - 1]!);
    // Some came from ffmpeg's own progress, between the downloads (10 %) and the upload (95 %).
    expect(
      percentages.some((p) => p > 10 && p < 95),
      JSON.stringify(percentages),
    ).toBe(true);
  });
});

describe("render limits", { timeout: 30_000 }, () => {
  let limited: RunningRenderer;
  let cap: number;

  beforeAll(async () => {
    const sizes = await Promise.all(["one.mp4", "two.mp4"].map(async (name) => (await stat(join(rig.dir, name))).size));
    cap = sizes[0]! + sizes[1]! - 1;
    limited = await startRenderer({
      RENDER_TIMEOUT_MS: "1500",
      RENDER_MAX_INPUT_BYTES: String(cap),
      TMPDIR: rig.scratch,
    });
  });
  afterAll(() => limited?.stop());

  it("refuses inputs larger than RENDER_MAX_INPUT_BYTES", async () => {
    const { status, body } = await render(
      { items: [item("one.mp4"), item("two.mp4")], output: output("never.mp4"), mediaType: "video" },
      {},
      limited.base,
    );
    expect(status).toBe(422);
    expect(body.error).toEqual({
      code: "render_failed",
      message: expect.stringMatching(/larger than the renderer's limit/),
    });
    await scratchIsEmpty();
  });

  it("gives up at RENDER_TIMEOUT_MS with 422 and removes its files", async () => {
    const started = Date.now();
    const { status, body } = await render(
      { items: [item("one.mp4"), item("stall/one-half.mp4")], output: output("never.mp4"), mediaType: "video" },
      {},
      limited.base,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(status).toBe(422);
    expect(body.error).toEqual({ code: "render_failed", message: "the download of the inputs timed out after 1.5 s" });
    await scratchIsEmpty();
  });
});
