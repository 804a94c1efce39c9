// Job kind `probe` end to end: the real server process runs the real ffprobe
// on media it reads over HTTP, exactly as it reads signed R2 URLs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CallbackReceiver,
  callbackReceiver,
  fakeFfprobe,
  isAlive,
  type Media,
  makeMedia,
  postJob,
  type RunningRenderer,
  type StaticServer,
  serveFolder,
  startRenderer,
  until,
} from "./test-support.ts";

let media: Media;
let files: StaticServer;
let renderer: RunningRenderer;

beforeAll(async () => {
  media = await makeMedia();
  [files, renderer] = await Promise.all([serveFolder(media.dir), startRenderer()]);
}, 30_000);

afterAll(async () => {
  await Promise.all([renderer?.stop(), files?.close()]);
  await media?.cleanup();
});

async function probe(url: string, extra: Record<string, unknown> = {}, base = renderer.base) {
  const response = await postJob(base, "probe", { jobId: "job-1", input: { url }, ...extra });
  return { status: response.status, body: (await response.json()) as any };
}

describe("POST /jobs/probe", () => {
  it("describes an H.264/AAC mp4", async () => {
    const { status, body } = await probe(`${files.base}/clip.mp4?X-Amz-Signature=abc`);
    expect(status).toBe(200);
    expect(body.jobId).toBe("job-1");
    expect(body.result.durationSeconds).toBeCloseTo(2, 1);
    expect(body.result).toMatchObject({
      frameRate: 25,
      resolution: "320x240",
      hasVideo: true,
      hasAudio: true,
      videoCodec: "h264",
      audioCodec: "aac",
    });
    expect(body.result.formatName).toContain("mp4");
  });

  it("describes an audio-only mp3 without frame rate or resolution", async () => {
    const { status, body } = await probe(`${files.base}/tone.mp3`);
    expect(status).toBe(200);
    expect(Math.abs(body.result.durationSeconds - 3)).toBeLessThan(0.1);
    expect(body.result).toMatchObject({
      frameRate: null,
      resolution: null,
      hasVideo: false,
      hasAudio: true,
      videoCodec: null,
      audioCodec: "mp3",
      formatName: "mp3",
    });
  });

  it("ignores an mp3's cover art (attached picture)", async () => {
    const { status, body } = await probe(`${files.base}/cover.mp3`);
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ frameRate: null, resolution: null, hasVideo: false, hasAudio: true });
  });

  it("describes a still image with a resolution but no frame rate or duration", async () => {
    const { status, body } = await probe(`${files.base}/still.png`);
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      durationSeconds: null,
      frameRate: null,
      resolution: "64x48",
      hasVideo: true,
      hasAudio: false,
      videoCodec: "png",
    });
  });

  it("answers 422 probe_failed for a corrupt file, without leaking the signed URL", async () => {
    const { status, body } = await probe(`${files.base}/corrupt.mp4?X-Amz-Signature=secret`);
    expect(status).toBe(422);
    expect(body.jobId).toBe("job-1");
    expect(body.error.code).toBe("probe_failed");
    expect(body.error.message).toMatch(/invalid data|moov atom/i);
    expect(body.error.message).not.toContain("secret");
  });

  it("answers 422 probe_failed when the URL answers 404", async () => {
    const { status, body } = await probe(`${files.base}/missing.mp4`);
    expect(status).toBe(422);
    expect(body.error).toEqual({ code: "probe_failed", message: expect.stringMatching(/404/) });
  });

  it("answers 422 probe_failed when nothing listens at the URL", async () => {
    const { status, body } = await probe("http://127.0.0.1:9/clip.mp4");
    expect(status).toBe(422);
    expect(body.error.code).toBe("probe_failed");
    expect(body.error.message.length).toBeGreaterThan(0);
  });

  it("rejects malformed requests with 400 invalid and a field map", async () => {
    const cases: [unknown, string[]][] = [
      ["not json", []],
      [[], ["body"]],
      [{ input: { url: `${files.base}/clip.mp4` } }, ["jobId"]],
      [{ jobId: "j", input: {} }, ["input.url"]],
      [{ jobId: "j", input: { url: "file:///etc/passwd" } }, ["input.url"]],
      [{ jobId: "", input: { url: "-i" } }, ["jobId", "input.url"]],
      [{ jobId: "j", input: "x" }, ["input"]],
      [{ jobId: "j", input: { url: `${files.base}/clip.mp4` }, callbackUrl: "javascript:alert(1)" }, ["callbackUrl"]],
    ];
    for (const [body, fields] of cases) {
      const response = await postJob(renderer.base, "probe", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { error: { code: string; message: string; fields?: object } };
      expect(answer.error.code).toBe("invalid");
      expect(answer.error.message.length).toBeGreaterThan(0);
      if (fields.length > 0) expect(Object.keys(answer.error.fields ?? {}).sort()).toEqual(fields.sort());
    }
  });

  describe("progress callback", () => {
    let receiver: CallbackReceiver;
    beforeAll(async () => {
      receiver = await callbackReceiver();
    });
    afterAll(() => receiver.close());

    it("posts running progress when the job starts, before the answer", async () => {
      const { status } = await probe(`${files.base}/clip.mp4`, { jobId: "job-cb", callbackUrl: receiver.url });
      expect(status).toBe(200);
      expect(receiver.received).toContainEqual({ jobId: "job-cb", progress: 0, status: "running" });
    });

    it("still answers when the callback cannot be reached", async () => {
      const { status, body } = await probe(`${files.base}/clip.mp4`, { callbackUrl: "http://127.0.0.1:9/cb" });
      expect(status).toBe(200);
      expect(body.result.frameRate).toBe(25);
    });
  });
});

describe("probe processes that do not end", () => {
  let slow: RunningRenderer;
  let pidFile: string;

  beforeAll(async () => {
    pidFile = `${media.dir}/pids.txt`;
    slow = await startRenderer({
      FFPROBE_PATH: await fakeFfprobe(media.dir),
      PROBE_TIMEOUT_MS: "700",
      FAKE_FFPROBE_PIDS: pidFile,
    });
  });
  afterAll(() => slow?.stop());

  async function lastPid(): Promise<number> {
    const { readFile } = await import("node:fs/promises");
    const pids = (await readFile(pidFile, "utf8")).trim().split("\n");
    return Number(pids.at(-1));
  }

  it("kills ffprobe at PROBE_TIMEOUT_MS and answers 422 with a timeout message", async () => {
    const started = Date.now();
    const { status, body } = await probe(`${files.base}/clip.mp4`, {}, slow.base);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(status).toBe(422);
    expect(body.error).toEqual({ code: "probe_failed", message: "ffprobe timed out after 0.7 s" });
    const pid = await lastPid();
    await until(() => !isAlive(pid), 2_000);
  });

  it("kills ffprobe when the client disconnects", async () => {
    const before = await lastPid();
    const controller = new AbortController();
    const pending = postJob(
      slow.base,
      "probe",
      { jobId: "job-gone", input: { url: `${files.base}/clip.mp4` } },
      {
        signal: controller.signal,
      },
    ).catch(() => "aborted");
    await until(async () => (await lastPid().catch(() => before)) !== before, 3_000);
    const pid = await lastPid();
    expect(isAlive(pid)).toBe(true);
    controller.abort();
    expect(await pending).toBe("aborted");
    // "abandoned" (not "422 … timed out"): the disconnect, not the 700 ms limit, ended it.
    await until(() => slow.output().includes("job probe job-gone: abandoned"), 2_000);
    await until(() => !isAlive(pid), 2_000);
  });
});
