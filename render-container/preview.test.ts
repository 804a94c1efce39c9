// Job kind `preview` end to end with the real ffmpeg: the server downloads an
// original and a voice tag from a local HTTP server (standing in for signed R2
// URLs), PUTs the MP3 preview back, and answers with its waveform peaks.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ffprobeJson, postJob, rendererRig } from "./test-support.ts";

const run = promisify(execFile);

const rig = rendererRig("preview", (make) =>
  Promise.all([
    // 70 s of silence: anything audible in the preview is the tag.
    make(["-f", "lavfi", "-i", "anullsrc=r=48000:cl=mono", "-t", "70", "-c:a", "pcm_s16le", "silence.wav"]),
    // A loud 1 s tag.
    make(["-f", "lavfi", "-i", "aevalsrc='0.8*sin(2*PI*1000*t)':s=44100:d=1", "-c:a", "libmp3lame", "tag.mp3"]),
    // A beat: 4 s of a tone that gets louder in its second half.
    make([
      "-f",
      "lavfi",
      "-i",
      "aevalsrc='if(lt(t,2),0.1,0.9)*sin(2*PI*220*t)':s=44100:d=4",
      "-c:a",
      "aac",
      "beat.m4a",
    ]),
  ]),
);

const url = (name: string) => rig.url(name, "X-Amz-Signature=secret");

const preview = (input: Record<string, unknown>) => rig.job("preview", { jobId: "job-p", input });

/** Peak level (dBFS) of `seconds` of audio starting at `at`, measured by ffmpeg's astats. */
async function levelAt(path: string, at: number, seconds: number): Promise<number> {
  const { stderr } = await run(
    "ffmpeg",
    [
      ["-hide_banner", "-nostats", "-ss", String(at), "-t", String(seconds), "-i", path],
      ["-af", "astats=measure_overall=Peak_level:measure_perchannel=none", "-f", "null", "-"],
    ].flat(),
  );
  const match = /Peak level dB: (-?[\d.]+|-inf)/.exec(stderr);
  return match?.[1] === "-inf" || !match ? Number.NEGATIVE_INFINITY : Number(match[1]);
}

describe("POST /jobs/preview", { timeout: 60_000 }, () => {
  it("makes a 128 kbit/s MP3 with the voice tag mixed in every 30 s", async () => {
    const { status, body } = await preview({
      source: url("silence.wav"),
      tag: url("tag.mp3"),
      output: { ...url("out/tagged.mp3"), headers: { "content-type": "audio/mpeg" } },
      peaks: 70,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result.tagged).toBe(true);
    expect(body.result.durationSeconds).toBeCloseTo(70, 0);

    const stored = rig.stored("tagged.mp3");
    const described = await ffprobeJson(stored);
    expect(described.format.format_name).toBe("mp3");
    expect(described.streams[0]).toMatchObject({ codec_name: "mp3", sample_rate: "44100", channels: 2 });
    expect(Number(described.streams[0].bit_rate)).toBe(128_000);
    expect(rig.files.uploads.find((u) => u.path === "/out/tagged.mp3")?.headers["content-type"]).toBe("audio/mpeg");

    // The tag sounds at 0 s, 30 s and 60 s; between them the original's silence.
    for (const at of [0, 30, 60]) expect(await levelAt(stored, at + 0.1, 0.8)).toBeGreaterThan(-12);
    for (const at of [5, 35, 65]) expect(await levelAt(stored, at, 4)).toBeLessThan(-60);

    // One level per second: loud where the tag plays, silent elsewhere.
    const peaks: number[] = body.result.peaks;
    expect(peaks).toHaveLength(70);
    expect(peaks.every((p) => p >= 0 && p <= 1)).toBe(true);
    for (const second of [0, 30, 60]) expect(peaks[second]).toBeGreaterThan(0.3);
    for (const second of [10, 20, 45, 55]) expect(peaks[second]).toBeLessThan(0.01);
  });

  it("makes an untagged preview of an m4a whose peaks follow its loudness", async () => {
    const { status, body } = await preview({ source: url("beat.m4a"), output: url("out/plain.mp3"), peaks: 8 });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result.tagged).toBe(false);
    const described = await ffprobeJson(rig.stored("plain.mp3"));
    expect(Number(described.streams[0].bit_rate)).toBe(128_000);
    const peaks: number[] = body.result.peaks;
    expect(peaks).toHaveLength(8);
    // The first two seconds are quiet (0.1), the last two loud (0.9).
    expect(Math.max(...peaks.slice(0, 3))).toBeLessThan(0.2);
    expect(peaks[5]).toBeGreaterThan(0.7);
    expect(peaks[6]).toBeGreaterThan(0.7);
  });

  it("refuses a file that is not audio with 422 preview_failed, without leaking the signed URL", async () => {
    const { status, body } = await preview({ source: url("missing.wav"), output: url("out/none.mp3") });
    expect(status).toBe(422);
    expect(body.error.code).toBe("preview_failed");
    expect(JSON.stringify(body)).not.toContain("secret");
  });

  it("probe reports the audio facts a store page shows: sample rate, channels, bitrate", async () => {
    const response = await postJob(rig.renderer.base, "probe", { jobId: "job-q", input: url("silence.wav") });
    const { result } = (await response.json()) as any;
    expect(result).toMatchObject({ sampleRate: 48_000, channels: 1, audioCodec: "pcm_s16le" });
    // 48 000 samples × 16 bits, plus the WAV header spread over the file.
    expect(Math.round(result.bitrate / 1000)).toBe(768);
    expect(result.durationSeconds).toBeCloseTo(70, 1);
  });

  it("probe also computes the waveform peaks of any audio (issue 28 §3), following its loudness", async () => {
    const response = await postJob(rig.renderer.base, "probe", { jobId: "job-r", input: url("beat.m4a") });
    const { result } = (await response.json()) as any;
    expect(result.peaks).toHaveLength(200);
    const quiet = Math.max(...result.peaks.slice(10, 90));
    const loud = Math.max(...result.peaks.slice(110, 190));
    expect(quiet).toBeGreaterThan(0.05);
    expect(quiet).toBeLessThan(0.2);
    expect(loud).toBeGreaterThan(0.7);
  });

  it("answers 400 for malformed input", async () => {
    const { status, body } = await preview({ source: { url: "file:///etc/passwd" }, output: url("x.mp3"), peaks: 0 });
    expect(status).toBe(400);
    expect(Object.keys(body.error.fields).sort()).toEqual(["input.peaks", "input.source"]);
  });
});
