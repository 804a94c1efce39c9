// The renderer's pure parts: reading ffprobe's JSON, its error text, the job
// envelope, the queue, and the render plan (copy or re-encode, filter graphs,
// loudness, progress, failure text).
import { describe, expect, it } from "vitest";
import { parseEnvelope, seconds } from "./src/jobs.ts";
import { Limiter, QueueFull } from "./src/limiter.ts";
import { type FfprobeOutput, failureReason, parseRate, probe, summariseProbe } from "./src/probe.ts";
import { progressParser, throttledProgress } from "./src/progress.ts";
import { parseRenderInput } from "./src/render.ts";
import { renderFailureReason } from "./src/render-errors.ts";
import { audioGraph, concatList, videoGraph } from "./src/render-graphs.ts";
import {
  copyBlocker,
  describeItem,
  itemFileName,
  loudnessTarget,
  mostCommon,
  outputLayout,
  videoTarget,
} from "./src/render-plan.ts";

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
        {
          codec_type: "video",
          codec_name: "h264",
          width: 1920,
          height: 1080,
          avg_frame_rate: "0/0",
          r_frame_rate: "30000/1001",
        },
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
        {
          codec_type: "video",
          codec_name: "mjpeg",
          width: 600,
          height: 600,
          r_frame_rate: "90000/1",
          disposition: { attached_pic: 1 },
        },
      ],
      format: { format_name: "mp3", duration: "3.030204" },
    });
    expect(result).toMatchObject({
      hasVideo: false,
      frameRate: null,
      resolution: null,
      videoCodec: null,
      durationSeconds: 3.03,
    });
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
      streams: [
        {
          codec_type: "video",
          codec_name: "mjpeg",
          width: 800,
          height: 600,
          r_frame_rate: "25/1",
          avg_frame_rate: "25/1",
        },
      ],
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
    const reason = failureReason(
      "Redirecting to https://elsewhere.example/x.mp4?token=secret\nServer returned 403 Forbidden",
      url,
    );
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
    expect(probe.parseInput({ url: "https://x/y.mp4" })).toEqual({
      ok: true,
      value: { url: "https://x/y.mp4", tempo: false },
    });
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
    const arrived = (name: string) => (release: () => void) => {
      order.push(name);
      return release;
    };
    const second = limiter.acquire().then(arrived("second"));
    const third = limiter.acquire().then(arrived("third"));
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

// ---------------------------------------------------------------------------
// Job kind `render`: the plan, its filter graphs, loudness, progress, errors.

const h264 = (over: Record<string, unknown> = {}) => ({
  codec_type: "video",
  codec_name: "h264",
  profile: "High",
  width: 320,
  height: 240,
  pix_fmt: "yuv420p",
  r_frame_rate: "25/1",
  avg_frame_rate: "25/1",
  sample_aspect_ratio: "1:1",
  duration: "2.000000",
  extradata_hash: "SHA256:aaaa",
  ...over,
});
const aac = (over: Record<string, unknown> = {}) => ({
  codec_type: "audio",
  codec_name: "aac",
  profile: "LC",
  sample_rate: "48000",
  channels: 2,
  channel_layout: "stereo",
  extradata_hash: "SHA256:bbbb",
  ...over,
});
const mp4 = (...streams: Record<string, unknown>[]): FfprobeOutput => ({
  streams,
  format: { format_name: "mov,mp4,m4a,3gp,3g2,mj2", duration: "2.000000" },
});
const itemOf = (n: number, output: FfprobeOutput, mediaType: "audio" | "video" = "video") =>
  describeItem(n, `item-${n}.mp4`, output, mediaType);

describe("render: items and the copy decision", () => {
  it("copies alike items and names the first difference otherwise", () => {
    const alike = [1, 2, 3].map((n) => itemOf(n, mp4(h264(), aac())));
    expect(copyBlocker(alike)).toBeNull();
    const silent = [1, 2].map((n) => itemOf(n, mp4(h264())));
    expect(copyBlocker(silent)).toBeNull();
    expect(copyBlocker([alike[0]!, itemOf(2, mp4(h264({ width: 640, height: 360 }), aac()))])).toBe(
      "item 2 differs from item 1 in resolution (640x360 vs 320x240)",
    );
    expect(copyBlocker([alike[0]!, itemOf(2, mp4(h264({ r_frame_rate: "30/1" }), aac()))])).toMatch(/frame rate/);
    expect(copyBlocker([alike[0]!, itemOf(2, mp4(h264(), aac({ sample_rate: "44100" })))])).toMatch(/sample rate/);
    expect(copyBlocker([alike[0]!, itemOf(2, mp4(h264()))])).toMatch(
      /item 2 differs from item 1 in audio \(absent vs present\)/,
    );
    expect(copyBlocker([alike[0]!, itemOf(2, mp4(h264({ extradata_hash: "SHA256:cccc" }), aac()))])).toMatch(
      /video encoder settings/,
    );
    expect(copyBlocker([alike[0]!, itemOf(2, mp4(aac(), h264()))])).toMatch(/stream layout/);
    // Alike, but MP4 cannot carry the codec as it is.
    expect(copyBlocker([1, 2].map((n) => itemOf(n, mp4(h264({ codec_name: "vp8" })))))).toMatch(/needs re-encoding/);
  });

  it("refuses items that are not what the playlist holds", () => {
    expect(() => itemOf(2, mp4(aac()))).toThrow("Item 2 has no video stream");
    expect(() => itemOf(3, mp4(h264()), "audio")).toThrow("Item 3 has no audio stream");
    expect(() =>
      itemOf(1, { streams: [h264({ codec_name: "png", duration: undefined })], format: { format_name: "png_pipe" } }),
    ).toThrow("Item 1 is a still image, not a video");
    expect(() => itemOf(4, { streams: [h264()], format: { format_name: "hls", duration: "9" } })).toThrow(
      "Item 4 is not a media file but an HLS playlist",
    );
    expect(() =>
      itemOf(5, { streams: [h264({ duration: undefined })], format: { format_name: "matroska,webm" } }),
    ).toThrow("Item 5 has no duration");
  });

  it("re-encodes at the most common display size and rate, mono only when all audio is mono", () => {
    const items = [
      itemOf(1, mp4(h264({ width: 640, height: 360, r_frame_rate: "30/1", avg_frame_rate: "30/1" }))),
      itemOf(2, mp4(h264(), aac({ channels: 1, channel_layout: "mono" }))),
      itemOf(3, mp4(h264({ avg_frame_rate: "0/0" }), aac({ channels: 1, channel_layout: "mono" }))),
    ];
    expect(videoTarget(items)).toEqual({ width: 320, height: 240, rate: "25/1", layout: "mono", withAudio: true });
    // A portrait phone clip (rotated 90°) counts as 1080x1920; odd sizes are rounded up to even.
    const portrait = itemOf(
      1,
      mp4(h264({ width: 1920, height: 1080, side_data_list: [{ side_data_type: "Display Matrix", rotation: -90 }] })),
    );
    expect(portrait.displaySize).toEqual({ width: 1080, height: 1920 });
    expect(videoTarget([itemOf(1, mp4(h264({ width: 321, height: 241 })))])).toMatchObject({
      width: 322,
      height: 242,
      withAudio: false,
    });
    expect(outputLayout([itemOf(1, mp4(h264(), aac())), itemOf(2, mp4(h264(), aac({ channels: 1 })))])).toBe("stereo");
    expect(mostCommon(["a", "b", "b", "a"])).toBe("a");
  });

  it("builds the concat filter graph with silence for items without audio", () => {
    const items = [itemOf(1, mp4(h264(), aac())), itemOf(2, mp4(h264({ duration: "1.5" })))];
    const graph = videoGraph(items, { width: 320, height: 240, rate: "25/1", layout: "stereo", withAudio: true });
    expect(graph).toContain("[0:v:0]setpts=PTS-STARTPTS,scale=320:240:force_original_aspect_ratio=decrease");
    expect(graph).toContain("pad=320:240:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,fps=25/1,format=yuv420p[v1]");
    expect(graph).toContain("[0:a:0]asetpts=PTS-STARTPTS,aresample=48000");
    expect(graph).toContain("anullsrc=r=48000:cl=stereo,atrim=duration=1.5");
    expect(graph).toContain("[v0][a0][v1][a1]concat=n=2:v=1:a=1[v][a]");
    const measure = videoGraph(
      items,
      { width: 320, height: 240, rate: "25/1", layout: "stereo", withAudio: true },
      {
        audioOnly: true,
        audioFilter: "loudnorm",
      },
    );
    expect(measure).not.toContain(":v:0");
    expect(measure).toContain("[a0][a1]concat=n=2:v=0:a=1[joined];\n[joined]loudnorm[a]");
    expect(audioGraph([itemOf(1, mp4(aac()), "audio")], "mono")).toBe(
      "[0:a:0]asetpts=PTS-STARTPTS,aresample=48000,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=mono[a0];\n[a0]concat=n=1:v=0:a=1[a]\n",
    );
    expect(concatList(items)).toBe("ffconcat version 1.0\nfile 'item-1.mp4'\nfile 'item-2.mp4'\n");
  });

  it("keeps only known media extensions on downloaded files", () => {
    expect(itemFileName(2, "https://r2.example/bucket/a/b.MP4?X-Amz-Signature=x")).toBe("item-2.mp4");
    expect(itemFileName(1, "https://r2.example/bucket/list.m3u8")).toBe("item-1.media");
    expect(itemFileName(3, "https://r2.example/bucket/noext")).toBe("item-3.media");
  });
});

describe("render: loudness", () => {
  it("targets -16 LUFS for stereo and -19 for mono, at -1 dBTP", () => {
    expect(loudnessTarget(2)).toEqual({ integrated: -16, truePeak: -1, range: 11 });
    expect(loudnessTarget(1).integrated).toBe(-19);
  });
});

describe("render: progress", () => {
  it("turns -progress out_time_us into fractions of the total, across split chunks", () => {
    const seen: number[] = [];
    const feed = progressParser(4, (f) => seen.push(f));
    feed("frame=10\nout_time_us=1000");
    feed("000\nout_time_ms=2000000\nout_time_us=N/A\n");
    feed("out_time_us=9000000\nprogress=end\n");
    expect(seen).toEqual([0.25, 0.5, 1, 1]);
  });

  it("passes on increasing percentages at most once per interval, the final one always", () => {
    let clock = 0;
    const sent: number[] = [];
    const report = throttledProgress(
      (p) => sent.push(p),
      1_000,
      () => clock,
    );
    report(5);
    clock = 1_000;
    report(12.7);
    report(20);
    clock = 2_500;
    report(10); // never backwards
    report(40);
    clock = 2_600;
    report(100, true);
    expect(sent).toEqual([12, 40, 100]);
  });
});

describe("render: failure reasons", () => {
  const folder = "/tmp/render-j1-abc";

  it("names the item an ffmpeg failure is about, without paths", () => {
    const direct = `[mov,mp4,m4a,3gp,3g2,mj2 @ 0x5616a596af00] moov atom not found\n${folder}/item-2.mp4: Invalid data found when processing input\n`;
    expect(renderFailureReason(direct, folder)).toBe(
      "Item 2 could not be read: Invalid data found when processing input (moov atom not found)",
    );
    const concat = `[mov,mp4,m4a,3gp,3g2,mj2 @ 0x1] moov atom not found\n[concat @ 0x2] Impossible to open '${folder}/item-3.mov'\n${folder}/list.ffconcat: Invalid data found when processing input\n`;
    expect(renderFailureReason(concat, folder)).toBe(
      "Item 3 could not be read: Invalid data found when processing input",
    );
  });

  it("keeps the last meaningful line and drops ffmpeg's follow-up noise", () => {
    const filter = `[Parsed_scale_0 @ 0x1] Cannot parse expression for height: 'bogus'\n[AVFilterGraph @ 0x2] Error initializing filter 'scale' with args '-5:bogus'\nError initializing complex filters.\nInvalid argument\n`;
    expect(renderFailureReason(filter, folder)).toBe(
      "Invalid argument (Error initializing filter 'scale' with args '-5:bogus')",
    );
    expect(renderFailureReason("Conversion failed!\n", folder)).toBe("ffmpeg failed without saying why");
    expect(renderFailureReason("x".repeat(500), folder).length).toBeLessThanOrEqual(300);
  });
});

describe("render: input", () => {
  const target = { url: "https://r2.example/out.mp4?X-Amz-Signature=x" };

  it("accepts a playlist and fills in the defaults", () => {
    expect(
      parseRenderInput({ items: [{ url: "https://r2.example/a.mp4", extra: 1 }], output: target, mediaType: "video" }),
    ).toEqual({
      ok: true,
      value: { items: [{ url: "https://r2.example/a.mp4" }], output: target, mediaType: "video", loudness: false },
    });
    expect(
      parseRenderInput({
        items: [{ url: "https://r2.example/a.mp3" }],
        output: { ...target, headers: { "Content-Type": "video/mp4" } },
        audioOutput: target,
        mediaType: "audio",
        loudness: true,
      }),
    ).toMatchObject({
      ok: true,
      value: { audioOutput: target, loudness: true, output: { headers: { "Content-Type": "video/mp4" } } },
    });
  });

  it("names every problem", () => {
    expect(parseRenderInput({ items: [], output: target, mediaType: "video" })).toEqual({
      ok: false,
      fields: { "input.items": expect.any(String) },
    });
    expect(
      parseRenderInput({
        items: [{ url: "concat:a|b" }],
        output: { url: target.url, headers: { "bad name": "x" } },
        mediaType: "video",
      }),
    ).toEqual({
      ok: false,
      fields: { "input.items[0].url": expect.any(String), "input.output.headers": expect.any(String) },
    });
    expect(
      parseRenderInput({ items: [{ url: "https://a/b" }], output: target, mediaType: "video", audioOutput: target }),
    ).toMatchObject({
      ok: false,
      fields: { "input.audioOutput": "is only for audio playlists" },
    });
  });
});
