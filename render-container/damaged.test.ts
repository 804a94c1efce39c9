// Issue 37 item 1: a file cut short whose index (moov) is at the front still
// claims its whole duration. The probe must refuse it, with a reason the
// member sees, and a render containing it must fail naming it, never end
// 'done' with a picture that stops where the file's bytes stop.
import { open, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { outputShortfall, packetReach } from "./src/readable.ts";
import { rendererRig, testVideo } from "./test-support.ts";

const rig = rendererRig(
  "damaged",
  async (make, dir) => {
    await Promise.all([
      make([...testVideo("good.mp4", { seconds: 5 }).slice(0, -1), "-movflags", "+faststart", "good.mp4"]),
      make([...testVideo("whole.mp4", { seconds: 10 }).slice(0, -1), "-movflags", "+faststart", "whole.mp4"]),
      make(["-f", "lavfi", "-i", "sine=frequency=440:duration=4", "-c:a", "libmp3lame", "tone.mp3"]),
    ]);
    // The first 64 KiB of the 10 s file: its moov (at the front) still lists all 10 s of samples.
    const whole = await open(join(dir, "whole.mp4"));
    const head = Buffer.alloc(64 * 1024);
    const { bytesRead } = await whole.read(head, 0, head.length, 0);
    await whole.close();
    await writeFile(join(dir, "damaged.mp4"), head.subarray(0, bytesRead));
  },
  { scratch: true },
);

const item = (name: string) => rig.url(name, "X-Amz-Signature=secret-get");

describe("a damaged file (index at the front, media cut short)", { timeout: 60_000 }, () => {
  it("is refused at probe time with a reason the member can read", async () => {
    const { status, body } = await rig.job("probe", { jobId: "job-p", input: item("damaged.mp4") });
    expect(status, JSON.stringify(body)).toBe(422);
    expect(body.error.code).toBe("probe_failed");
    expect(body.error.message).toMatch(/could not be read$/);
    expect(body.error.message).toMatch(/^Its media stops at \d(\.\d)? s of its 10 s; the rest could not be read$/);
    expect(body.error.message).not.toMatch(/secret|http/);
  });

  it("is not confused with whole files", async () => {
    for (const name of ["whole.mp4", "good.mp4", "tone.mp3"]) {
      const { status, body } = await rig.job("probe", { jobId: "job-p", input: item(name) });
      expect(status, `${name}: ${JSON.stringify(body)}`).toBe(200);
    }
  });

  for (const loudness of [false, true]) {
    it(`fails a render containing it, naming the item (${loudness ? "ffprobed items" : "alike MP4s"})`, async () => {
      const { status, body } = await rig.job("render", {
        jobId: "job-r",
        input: {
          items: [item("good.mp4"), item("damaged.mp4")],
          output: rig.url(`out/never-${loudness}.mp4`, "X-Amz-Signature=secret-put"),
          mediaType: "video",
          loudness,
        },
      });
      expect(status, JSON.stringify(body)).toBe(422);
      expect(body.error.code).toBe("render_failed");
      expect(body.error.message).toMatch(/^Item 2 could not be read: .*could not be read$/);
      expect(body.error.message).not.toMatch(/secret|http|\/tmp/);
    });
  }
});

describe("a render's output is checked before it is reported done", () => {
  const streams = (video: string, audio: string) => ({
    streams: [
      { index: 0, codec_type: "video", duration: video },
      { index: 1, codec_type: "audio", duration: audio },
      // A data track that stretches the container: not media.
      { index: 2, codec_type: "data", duration: "15.000000" },
    ],
    format: { duration: "15.000000" },
  });
  const items = [
    { n: 1, duration: 5 },
    { n: 2, duration: 10 },
  ];

  it("names the item where the picture and sound stop", () => {
    expect(outputShortfall(streams("5.200000", "5.210000"), { items })).toBe(
      "Item 2 could not be read: the rendered picture stops at 5.2 s of 15 s",
    );
  });

  it("passes media that lasts the plan's length, within a small tolerance", () => {
    expect(outputShortfall(streams("15.000000", "14.980000"), { items })).toBeNull();
  });

  it("refuses a chapter past the end of the media", () => {
    expect(outputShortfall(streams("15", "15"), { items, chapterStarts: [0, 5, 15.5] })).toMatch(/^Item 2 /);
    expect(outputShortfall(streams("15", "15"), { items, chapterStarts: [0, 5, 14] })).toBeNull();
  });

  it("reads how far each stream's packets reach", () => {
    const reach = packetReach("0,1.880000,0.040000\n1,1.898667,0.021333\n0,1.920000,0.040000\n\n");
    expect([...reach.keys()]).toEqual([0, 1]);
    expect(reach.get(0)).toBeCloseTo(1.96, 6);
    expect(reach.get(1)).toBeCloseTo(1.92, 6);
  });
});
