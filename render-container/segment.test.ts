// Job kind `segment` end to end with the real ffmpeg (issue 30): sources of
// other rates, layouts and loudness are encoded to the delivery profile —
// whole MPEG-1 Layer III frames at 128 kbit/s, 44.1 kHz stereo, no ID3 or
// Xing header — loudness-normalised on their own, with a duration counted from
// the frames; segments joined byte for byte decode without an error.
import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { countFrames, frameHeader } from "./src/mp3-frames.ts";
import { ebur128, ffprobeJson, pinkNoise, rendererRig } from "./test-support.ts";

const rig = rendererRig("segment", (make) =>
  Promise.all([
    // A quiet mono WAV at 48 kHz and a loud stereo M4A: unlike each other and the profile.
    make([...pinkNoise("quiet.wav", 1, "-30dB", "mono").slice(0, -1), "-ar", "48000", "-t", "6", "quiet.wav"]),
    make([
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:duration=4:sample_rate=44100",
      "-ac",
      "2",
      "-c:a",
      "aac",
      "loud.m4a",
    ]),
    make(["-f", "lavfi", "-i", "testsrc=size=64x64:rate=5:duration=1", "-c:v", "libx264", "silent.mp4"]),
  ]),
);

const url = (name: string) => rig.url(name, "X-Amz-Signature=secret");
const segment = (input: Record<string, unknown>) => rig.job("segment", { jobId: "job-segment", input });

describe("POST /jobs/segment", { timeout: 120_000 }, () => {
  it("encodes to CBR MP3 frames with no tag or Xing header, normalised, and joins cleanly", async () => {
    const outputs: string[] = [];
    for (const name of ["quiet.wav", "loud.m4a"]) {
      const { status, body } = await segment({ source: url(name), output: url(`out/${name}.mp3`) });
      expect(status, JSON.stringify(body)).toBe(200);
      const stored = rig.stored(`${name}.mp3`);
      outputs.push(stored);
      const bytes = await readFile(stored);
      expect(body.result.bytes).toBe(bytes.length);
      const first = frameHeader(bytes, 0);
      expect(first).toMatchObject({ bitrate: 128, sampleRate: 44_100 });
      // No Xing/Info/LAME header frame: the first frame's payload is audio.
      expect(bytes.subarray(0, 200).includes(Buffer.from("Xing"))).toBe(false);
      expect(bytes.subarray(0, 200).includes(Buffer.from("Info"))).toBe(false);
      const counted = await countFrames(stored);
      expect(counted).toMatchObject({ ok: true, bitrate: 128, frames: body.result.frames });
      expect(body.result.durationSeconds).toBeCloseTo((body.result.frames * 1152) / 44100, 9);
      const probed = await ffprobeJson(stored);
      expect(probed.streams[0]).toMatchObject({ codec_name: "mp3", sample_rate: "44100", channels: 2 });
      const loudness = await ebur128(stored);
      expect(loudness.integrated).toBeGreaterThan(-17.5);
      expect(loudness.integrated).toBeLessThan(-14.5);
    }
    const joined = join(rig.dir, "joined.mp3");
    await writeFile(joined, Buffer.concat(await Promise.all(outputs.map((o) => readFile(o)))));
    const { stderr } = await promisify(execFile)("ffmpeg", ["-v", "error", "-i", joined, "-f", "null", "-"]);
    expect(stderr).toBe("");
  });

  it("refuses a file without audio with 422 segment_failed", async () => {
    const { status, body } = await segment({ source: url("silent.mp4"), output: url("out/silent.mp3") });
    expect(status).toBe(422);
    expect(body.error).toMatchObject({ code: "segment_failed", message: "no audio stream found in the input" });
  });
});
