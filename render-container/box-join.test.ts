// Job kind `render`'s box-level join (ADR 025: src/mp4-join.ts,
// src/mp4-join-stream.ts, src/render-box-join.ts) against ffmpeg itself: the
// real server joins alike H.264 (with B-frames) / AAC clips, moov at the end
// as cameras write them, streaming their media from the file server straight
// into its PUT, and the result is compared with `ffmpeg -f concat -c copy
// -movflags +faststart` of the same clips: the same packets per stream, each
// item starting where ffmpeg starts it (within one packet), the same
// durations, the moov in front, a clean decode. What it does not understand
// goes to ffmpeg; an item that fails mid-stream fails the job and leaves no
// uploaded file.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  concatCopy,
  decodesCleanly,
  ffprobeJson,
  packets,
  pictures,
  type RunningRenderer,
  rendererRig,
  startRenderer,
  topBoxes,
} from "./test-support.ts";

/** H.264 with B-frames (veryfast, 2 B-frames, a keyframe a second) and AAC, each as long as asked; moov at the end. */
const clip = (name: string, video: number, audio: number, tone: number, extra: string[] = []) => [
  ...["-f", "lavfi", "-i", `testsrc=duration=${video}:size=320x240:rate=25`],
  ...["-f", "lavfi", "-i", `sine=frequency=${tone}:sample_rate=48000:duration=${audio}`],
  ...["-c:v", "libx264", "-preset", "veryfast", "-bf", "2", "-g", "25", "-pix_fmt", "yuv420p"],
  ...["-c:a", "aac", "-b:a", "96k", ...extra, name],
];

/** Inserts a box of `type` (8 bytes of payload) at the end of every stbl of a file whose moov comes last. */
async function withBoxInStbl(dir: string, from: string, to: string, type: string) {
  const file = await readFile(join(dir, from));
  const moovAt = file.lastIndexOf("moov") - 4;
  const extra = Buffer.alloc(16);
  extra.writeUInt32BE(16, 0);
  extra.write(type, 4, "latin1");
  const grow = (box: Buffer): Buffer => {
    const parts: Buffer[] = [];
    for (let at = 8; at + 8 <= box.length; ) {
      const size = box.readUInt32BE(at);
      const child = box.subarray(at, at + size);
      const kind = child.toString("latin1", 4, 8);
      parts.push(["trak", "mdia", "minf", "stbl"].includes(kind) ? grow(child) : child);
      at += size;
    }
    if (box.toString("latin1", 4, 8) === "stbl") parts.push(extra);
    const body = Buffer.concat(parts);
    const head = Buffer.from(box.subarray(0, 8));
    head.writeUInt32BE(8 + body.length, 0);
    return Buffer.concat([head, body]);
  };
  await writeFile(join(dir, to), Buffer.concat([file.subarray(0, moovAt), grow(file.subarray(moovAt))]));
}

const rig = rendererRig(
  "box-join",
  async (make, dir) => {
    await Promise.all([
      make(clip("a.mp4", 1, 1, 440, ["-shortest"])),
      make(clip("b.mp4", 2, 2, 550, ["-shortest"])),
      make(clip("c.mp4", 1.5, 1.5, 660, ["-shortest"])),
      // Audio shorter than the picture in one item, longer in another.
      make(clip("short-audio.mp4", 2, 1.4, 770)),
      make(clip("long-audio.mp4", 1, 1.6, 880)),
      make(clip("wide.mp4", 1, 1, 440, ["-s", "640x360", "-shortest"])),
      make(clip("frag-1.mp4", 1, 1, 440, ["-shortest", "-movflags", "frag_keyframe+empty_moov"])),
      make(clip("frag-2.mp4", 2, 2, 550, ["-shortest", "-movflags", "frag_keyframe+empty_moov"])),
    ]);
    await withBoxInStbl(dir, "b.mp4", "b-padb.mp4", "padb");
    // Clips that are themselves ffmpeg concat copies: their picture starts after an empty edit.
    for (const [out, parts] of [
      ["concat-ab.mp4", ["a.mp4", "b.mp4"]],
      ["concat-ca.mp4", ["c.mp4", "a.mp4"]],
    ] as const) {
      await writeFile(join(dir, `${out}.txt`), parts.map((p) => `file '${p}'\n`).join(""));
      await make(["-f", "concat", "-i", `${out}.txt`, "-c", "copy", out]);
    }
  },
  { scratch: true },
);

const item = (name: string) => rig.url(name, "X-Amz-Signature=secret-get");
const output = (name: string) => rig.url(`out/${name}`, "X-Amz-Signature=secret-put");
const render = (names: string[], out: string, base?: string) =>
  rig.job(
    "render",
    { jobId: `box-${out}`, input: { items: names.map(item), output: output(out), mediaType: "video" } },
    base,
  );

const concat = (names: string[], out: string, extra: string[] = []) => concatCopy(rig.dir, names, out, extra);

/** The render of `names` against ffmpeg's concat of the same files, as the header says. */
async function sameAsFfmpeg(names: string[], out: string) {
  const logBefore = rig.renderer.output().length;
  const { status, body } = await render(names, out);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.result).toMatchObject({ method: "copy", videoCodec: "h264", audioCodec: "aac", resolution: "320x240" });
  expect(rig.renderer.output().slice(logBefore)).toMatch(/joined at the box level while uploading/);
  const mine = rig.stored(out);
  expect((await topBoxes(mine)).slice(0, 3)).toEqual(["ftyp", "moov", "mdat"]);
  expect(rig.files.uploads.find((u) => u.path === `/out/${out}`)?.size).toBe(body.result.size);
  await decodesCleanly(mine);

  // ffmpeg's concat demuxer puts the SPS/PPS in front of every keyframe (its auto_convert);
  // without that, the packets' bytes are the same as ours.
  const [ours, theirs, plain, inputs] = await Promise.all([
    packets(mine),
    packets(await concat(names, `ffmpeg-${out}`)),
    packets(await concat(names, `plain-${out}`, ["-auto_convert", "0"])),
    Promise.all(names.map((n) => packets(join(rig.dir, n)))),
  ]);
  expect(ours.map((s) => s.kind)).toEqual(["video", "audio"]);
  for (const [s, stream] of ours.entries()) {
    const reference = theirs[s]!;
    expect(stream.packets.length).toBe(reference.packets.length);
    expect(stream.packets.map((p) => p.hash)).toEqual(plain[s]!.packets.map((p) => p.hash));
    expect(stream.packets.map((p) => p.hash)).toEqual(inputs.flatMap((i) => i[s]!.packets.map((p) => p.hash)));
    // Each item's first packet where ffmpeg puts it, within one packet.
    const longest = Math.max(...reference.packets.map((p) => p.duration));
    let first = 0;
    for (const input of inputs) {
      expect(Math.abs(stream.packets[first]!.pts - reference.packets[first]!.pts)).toBeLessThanOrEqual(longest + 1e-6);
      first += input[s]!.packets.length;
    }
    expect(Math.abs(stream.duration - reference.duration)).toBeLessThanOrEqual(longest + 1e-6);
  }
  expect(await pictures(mine)).toEqual(await pictures(join(rig.dir, `ffmpeg-${out}`)));
  // The whole lasts the items' durations together, within one frame.
  const lengths = await Promise.all(
    names.map(async (n) => Number((await ffprobeJson(join(rig.dir, n))).format.duration)),
  );
  const total = lengths.reduce((sum, d) => sum + d, 0);
  expect(Math.abs(Number((await ffprobeJson(mine)).format.duration) - total)).toBeLessThanOrEqual(0.04);
  expect(Math.abs(body.result.durationSeconds - total)).toBeLessThanOrEqual(0.04);
}

describe("render: alike MP4s joined at the box level", { timeout: 60_000 }, () => {
  it("joins clips of different lengths as ffmpeg's concat does", async () => {
    await sameAsFfmpeg(["a.mp4", "b.mp4", "c.mp4"], "abc.mp4");
  });

  it("joins clips whose picture starts after an empty edit (ffmpeg concat copies)", async () => {
    await sameAsFfmpeg(["concat-ab.mp4", "concat-ca.mp4", "concat-ab.mp4"], "edited.mp4");
  });

  it("keeps items aligned when one item's audio is shorter and another's longer than its picture", async () => {
    await sameAsFfmpeg(["a.mp4", "short-audio.mp4", "long-audio.mp4", "b.mp4", "a.mp4"], "uneven.mp4");
  });
});

describe("render: what the box-level join leaves to ffmpeg", { timeout: 60_000 }, () => {
  async function byFfmpeg(names: string[], out: string, expectedSeconds: number, method = "copy") {
    const logBefore = rig.renderer.output().length;
    const { status, body } = await render(names, out);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result.method).toBe(method);
    expect(rig.renderer.output().slice(logBefore)).not.toMatch(/joined at the box level/);
    expect(Math.abs(body.result.durationSeconds - expectedSeconds)).toBeLessThanOrEqual(0.1);
    await decodesCleanly(rig.stored(out));
    return rig.renderer.output().slice(logBefore);
  }

  it("items of another picture size (other signatures)", async () => {
    await byFfmpeg(["a.mp4", "wide.mp4"], "wide.mp4", 2, "reencode");
  });

  it("a table it does not know in an item's stbl", async () => {
    const log = await byFfmpeg(["a.mp4", "b-padb.mp4"], "padb.mp4", 3);
    expect(log).toMatch(/box-level join not possible \(a padb box in stbl\)/);
  });

  it("fragmented MP4s", async () => {
    // As long as ffmpeg's own concat of them (its durations of fragmented items are its own).
    const names = ["frag-1.mp4", "frag-2.mp4"];
    const reference = Number((await ffprobeJson(await concat(names, "ffmpeg-frag.mp4"))).format.duration);
    await byFfmpeg(names, "frag.mp4", reference);
  });
});

describe("render: an item that fails while its media streams into the upload", { timeout: 60_000 }, () => {
  const cases: [string, string, RegExp][] = [
    ["answers 404", "once/b.mp4", /^Item 2 could not be read: the storage answered 404 Not Found$/],
    ["is cut short", "cut/b.mp4", /^Item 2 could not be read: the transfer broke off/],
    ["changed since its moov was read", "changing/b.mp4", /^Item 2 changed while the render was reading it$/],
  ];
  for (const [what, name, message] of cases) {
    it(`${what}: 422, and the PUT is aborted, never completed`, async () => {
      const out = `failed-${name.split("/")[0]}.mp4`;
      const { status, body } = await render(["a.mp4", name, "c.mp4"], out);
      expect(status).toBe(422);
      expect(body.error.code).toBe("render_failed");
      expect(body.error.message).toMatch(message);
      expect(rig.files.uploads.some((u) => u.path === `/out/${out}`)).toBe(false);
      expect(rig.files.aborted).toContain(`/out/${out}`);
    });
  }
});

describe("render: a storage that stalls while its media streams into the upload", { timeout: 30_000 }, () => {
  let limited: RunningRenderer;
  beforeAll(async () => {
    // The budget covers the whole job (reading the moovs, the first item, half the second); 1.5 s
    // was sometimes spent on a loaded machine before the stall began, while the upload was behind.
    limited = await startRenderer({ RENDER_TIMEOUT_MS: "5000", TMPDIR: rig.scratch });
  });
  afterAll(() => limited?.stop());

  it("times out as the download of the inputs, and the PUT is aborted", async () => {
    const { status, body } = await render(["a.mp4", "hang/b.mp4"], "stalled.mp4", limited.base);
    expect(status).toBe(422);
    expect(body.error).toEqual({ code: "render_failed", message: "the download of the inputs timed out after 5 s" });
    expect(rig.files.uploads.some((u) => u.path === "/out/stalled.mp4")).toBe(false);
    expect(rig.files.aborted).toContain("/out/stalled.mp4");
  });
});
