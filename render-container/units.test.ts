// The renderer's pure parts: reading ffprobe's JSON, its error text, the job
// envelope and the queue.
import { describe, expect, it } from "vitest";
import { parseEnvelope, seconds } from "./src/jobs.ts";
import { Limiter, QueueFull } from "./src/limiter.ts";
import { failureReason, parseRate, probe, summariseProbe } from "./src/probe.ts";

describe("summariseProbe", () => {
  it("reads NTSC rates as 29.97 and 23.976", () => {
    expect(parseRate("30000/1001")).toBe(29.97);
    expect(parseRate("24000/1001")).toBe(23.976);
    expect(parseRate("25/1")).toBe(25);
    expect(parseRate("0/0")).toBeNull();
    expect(parseRate("N/A")).toBeNull();
    expect(parseRate(undefined)).toBeNull();
  });

  it("prefers avg_frame_rate and falls back to r_frame_rate", () => {
    const result = summariseProbe({
      streams: [
        { codec_type: "video", codec_name: "h264", width: 1920, height: 1080, avg_frame_rate: "0/0", r_frame_rate: "30000/1001" },
        { codec_type: "audio", codec_name: "aac" },
      ],
      format: { format_name: "mov,mp4,m4a,3gp,3g2,mj2", duration: "12.345678" },
    });
    expect(result).toEqual({
      durationSeconds: 12.346,
      frameRate: 29.97,
      resolution: "1920x1080",
      hasVideo: true,
      hasAudio: true,
      videoCodec: "h264",
      audioCodec: "aac",
      formatName: "mov,mp4,m4a,3gp,3g2,mj2",
    });
  });

  it("treats cover art (attached_pic) as no video", () => {
    const result = summariseProbe({
      streams: [
        { codec_type: "audio", codec_name: "mp3", duration: "3.03" },
        { codec_type: "video", codec_name: "mjpeg", width: 600, height: 600, r_frame_rate: "90000/1", disposition: { attached_pic: 1 } },
      ],
      format: { format_name: "mp3", duration: "3.030204" },
    });
    expect(result).toMatchObject({ hasVideo: false, frameRate: null, resolution: null, videoCodec: null, durationSeconds: 3.03 });
  });

  it("falls back to the longest stream when the container has no duration", () => {
    const result = summariseProbe({
      streams: [
        { codec_type: "video", codec_name: "vp9", width: 640, height: 360, avg_frame_rate: "30/1", duration: "4.5" },
        { codec_type: "audio", codec_name: "opus", duration: "4.52" },
      ],
      format: { format_name: "matroska,webm", duration: "N/A" },
    });
    expect(result.durationSeconds).toBe(4.52);
  });

  it("gives still images a resolution but no rate or duration", () => {
    const result = summariseProbe({
      streams: [{ codec_type: "video", codec_name: "mjpeg", width: 800, height: 600, r_frame_rate: "25/1", avg_frame_rate: "25/1" }],
      format: { format_name: "jpeg_pipe" },
    });
    expect(result).toMatchObject({ hasVideo: true, resolution: "800x600", frameRate: null, durationSeconds: null });
  });
});

describe("failureReason", () => {
  const url = "https://account.r2.cloudflarestorage.com/bucket/key.mp4?X-Amz-Signature=deadbeef";

  it("keeps the reason and drops the signed URL", () => {
    const stderr = `[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55cec0aac1c0] moov atom not found\n${url}: Invalid data found when processing input\n`;
    expect(failureReason(stderr, url)).toBe("Invalid data found when processing input (moov atom not found)");
  });

  it("strips query strings from any other URL it mentions", () => {
    const reason = failureReason("Redirecting to https://elsewhere.example/x.mp4?token=secret\nServer returned 403 Forbidden", url);
    expect(reason).not.toContain("secret");
    expect(reason).toContain("Server returned 403 Forbidden");
  });

  it("has a fallback for silent failures and caps long text", () => {
    expect(failureReason("", url)).toBe("ffprobe could not read the input");
    expect(failureReason("x".repeat(1000), url).length).toBeLessThanOrEqual(300);
  });
});

describe("job envelope", () => {
  it("accepts a probe request and refuses other URL schemes", () => {
    expect(parseEnvelope({ jobId: "j", input: { url: "https://x/y" } })).toMatchObject({ ok: true });
    expect(probe.parseInput({ url: "https://x/y.mp4" })).toEqual({ ok: true, value: { url: "https://x/y.mp4" } });
    expect(probe.parseInput({ url: "concat:a|b" })).toMatchObject({ ok: false });
    expect(probe.parseInput({ url: "file:///etc/passwd" })).toMatchObject({ ok: false });
    expect(parseEnvelope({ jobId: 7, input: {}, callbackUrl: "ftp://x" })).toEqual({
      ok: false,
      fields: { jobId: expect.any(String), callbackUrl: expect.any(String) },
    });
  });

  it("formats seconds", () => {
    expect(seconds(60_000)).toBe("60 s");
    expect(seconds(500)).toBe("0.5 s");
  });
});

describe("Limiter", () => {
  it("hands slots out in arrival order and bounds the queue", async () => {
    const limiter = new Limiter(1, 2);
    const first = await limiter.acquire();
    const order: string[] = [];
    const second = limiter.acquire().then((release) => (order.push("second"), release));
    const third = limiter.acquire().then((release) => (order.push("third"), release));
    await expect(limiter.acquire()).rejects.toBeInstanceOf(QueueFull);
    expect([limiter.active, limiter.queued]).toEqual([1, 2]);
    first();
    first(); // releasing twice is harmless
    (await second)();
    (await third)();
    expect(order).toEqual(["second", "third"]);
    expect([limiter.active, limiter.queued]).toEqual([0, 0]);
  });

  it("lets an aborted waiter leave the queue", async () => {
    const limiter = new Limiter(1, 5);
    const held = await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort(new Error("client gone"));
    await expect(waiting).rejects.toThrow("client gone");
    expect(limiter.queued).toBe(0);
    held();
    expect(limiter.active).toBe(0);
  });

  it("refuses every waiter at shutdown", async () => {
    const limiter = new Limiter(1, 5);
    await limiter.acquire();
    const waiting = [limiter.acquire(), limiter.acquire()];
    limiter.refuseWaiting(new Error("shutting down"));
    for (const w of waiting) await expect(w).rejects.toThrow("shutting down");
    expect(limiter.queued).toBe(0);
  });
});
